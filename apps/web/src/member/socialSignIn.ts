import type { SocialProvider, SocialProviderLink } from '@mkt/contracts';
import { SOCIAL_PROVIDERS } from '@mkt/contracts';
import { paths } from '../shared/routing/paths';
import type { SessionRole } from '../shared/session';

export const SOCIAL_BUTTON_LABELS: Record<SocialProvider, string> = {
  kakao: '카카오로 로그인',
  naver: '네이버로 로그인',
  google: '구글로 로그인',
};
export const SOCIAL_SIGNING_IN_TEXT = '로그인 중입니다...';
export const SOCIAL_CANCELLED_MESSAGE = '간편 로그인이 취소되었습니다.';
export const SOCIAL_INVALID_RETURN_MESSAGE =
  '로그인 요청이 올바르지 않습니다. 로그인 페이지에서 다시 시도해 주세요.';
export const SOCIAL_FAILED_MESSAGE = '간편 로그인에 실패했습니다. 다시 시도해 주세요.';

type PendingStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const pendingKey = (provider: SocialProvider) => `mkt.social.${provider}`;

export function socialProviderOf(name: string | undefined): SocialProvider | null {
  return SOCIAL_PROVIDERS.find((provider) => provider === name) ?? null;
}

/**
 * Where a login button sends the browser: the provider's page with a fresh `state` and the return
 * address. Both are kept for this tab, so the return page accepts only the sign-in it started.
 */
export function beginSocialSignIn(
  link: SocialProviderLink,
  origin: string,
  store: PendingStore = sessionStorage,
  newState: () => string = () => crypto.randomUUID(),
): string {
  const state = newState();
  const redirectUri = link.redirectUri ?? `${origin}/member/${link.provider}/suc`;
  store.setItem(pendingKey(link.provider), JSON.stringify({ state, redirectUri }));
  const url = new URL(link.authorizeUrl);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** The return address of the sign-in this tab started, when `state` is its own; usable once. */
export function takePendingSignIn(
  provider: SocialProvider,
  state: string | null,
  store: PendingStore = sessionStorage,
): { redirectUri: string } | null {
  const stored = store.getItem(pendingKey(provider));
  store.removeItem(pendingKey(provider));
  if (!stored || !state) return null;
  try {
    const pending = JSON.parse(stored) as { state?: unknown; redirectUri?: unknown };
    return pending.state === state && typeof pending.redirectUri === 'string'
      ? { redirectUri: pending.redirectUri }
      : null;
  } catch {
    return null;
  }
}

/** After a social sign-in: consoles for their roles; a social member to the profile page, else home. */
export function pathAfterSocialSignIn(role: SessionRole, formSns: boolean): string {
  if (role === 'admin') return paths.admin;
  if (role === 'seller') return paths.seller;
  return formSns ? paths.memberModify : paths.home;
}
