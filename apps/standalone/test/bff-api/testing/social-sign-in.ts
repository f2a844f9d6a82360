import type { SocialProvider, SocialProviderLink } from '@mkt/contracts';
import { callApi } from './accounts-stack';

/** The return address the API tests register their sign-ins with. */
export const TEST_RETURN_ADDRESS = 'http://127.0.0.1:5173/member/return';

export interface ProviderIdentity {
  name: string;
  email: string;
  /** The provider vouches for the e-mail unless false. */
  emailVerified?: boolean;
}

/**
 * The browser's part of a social sign-in against the local provider: its page from the BFF's
 * link, the person signs in and allows; answers the authorization code.
 */
export async function authorizeAtProvider(
  bffUrl: string,
  provider: SocialProvider,
  identity: ProviderIdentity,
  state = 'state-1',
): Promise<string> {
  const links = (await callApi<SocialProviderLink[]>(bffUrl, 'GET', '/api/member/social/providers')).body;
  const link = links.find((candidate) => candidate.provider === provider);
  if (!link) throw new Error(`${provider} is not offered`);
  const page = new URL(link.authorizeUrl);
  page.searchParams.set('redirect_uri', TEST_RETURN_ADDRESS);
  page.searchParams.set('state', state);
  const shown = await fetch(page);
  if (shown.status !== 200) throw new Error(`${provider}'s page answered ${shown.status}`);
  const form = new URLSearchParams({
    client_id: page.searchParams.get('client_id') ?? '',
    redirect_uri: TEST_RETURN_ADDRESS,
    state,
    name: identity.name,
    email: identity.email,
    decision: 'allow',
  });
  if (identity.emailVerified !== false) form.set('email_verified', 'true');
  const answer = await fetch(`${page.origin}${page.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(answer.headers.get('location') ?? '');
  if (back.searchParams.get('state') !== state) throw new Error(`${provider} lost the state`);
  return back.searchParams.get('code') ?? '';
}

/** `POST /api/member/{provider}/token/{code}`: the code for a one-time ticket. */
export function exchangeCode(bffUrl: string, provider: string, code: string) {
  return callApi<{ accessToken: string; error?: string }>(
    bffUrl,
    'POST',
    `/api/member/${provider}/token/${code}`,
    {
      json: { redirect_uri: TEST_RETURN_ADDRESS, state: 'state-1' },
    },
  );
}

/** A ticket for `identity`, ready for `GET /api/member/{provider}/suc/{ticket}`. */
export async function socialTicket(bffUrl: string, provider: SocialProvider, identity: ProviderIdentity) {
  const exchanged = await exchangeCode(
    bffUrl,
    provider,
    await authorizeAtProvider(bffUrl, provider, identity),
  );
  if (exchanged.status !== 200) throw new Error(`${provider}'s code exchange answered ${exchanged.status}`);
  return exchanged.body.accessToken;
}
