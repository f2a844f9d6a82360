import type { SocialProfile, SocialProvider } from '@mkt/contracts';
import { z } from 'zod';

/** What differs between the providers: the scope asked for and the shape of the profile answer. */
interface ProviderProtocol {
  /** Korean name for messages. */
  label: string;
  scope: string | null;
  /** The provider's profile answer as the member service takes it; null when it is not one. */
  profileOf(body: unknown): Omit<SocialProfile, 'provider'> | null;
}

/** Provider names can be longer than the member's 30-character fields. */
const fit = (text: string | undefined | null) => text?.trim().slice(0, 30) || undefined;
const email = z.string().trim().toLowerCase().email().max(100);

const kakaoProfile = z.object({
  id: z.union([z.number(), z.string()]),
  kakao_account: z
    .object({
      email: email.optional().catch(undefined),
      is_email_valid: z.boolean().optional(),
      is_email_verified: z.boolean().optional(),
      name: z.string().optional(),
      gender: z.enum(['male', 'female']).optional().catch(undefined),
      profile: z.object({ nickname: z.string().optional() }).optional(),
    })
    .optional(),
});

const naverProfile = z.object({
  resultcode: z.literal('00'),
  response: z.object({
    id: z.string().min(1),
    email: email.optional().catch(undefined),
    name: z.string().optional(),
    nickname: z.string().optional(),
    gender: z.enum(['M', 'F', 'U']).optional().catch(undefined),
  }),
});

const googleProfile = z.object({
  sub: z.string().min(1),
  email: email.optional().catch(undefined),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
});

export const PROVIDER_PROTOCOLS: Record<SocialProvider, ProviderProtocol> = {
  kakao: {
    label: '카카오',
    scope: 'profile_nickname account_email',
    profileOf(body) {
      const parsed = kakaoProfile.safeParse(body);
      if (!parsed.success) return null;
      const account = parsed.data.kakao_account;
      return {
        providerUserId: String(parsed.data.id),
        email: account?.email,
        emailVerified: !!(account?.email && account.is_email_valid && account.is_email_verified),
        name: fit(account?.name ?? account?.profile?.nickname),
        nickname: fit(account?.profile?.nickname),
        isMan: account?.gender === undefined ? undefined : account.gender === 'male',
      };
    },
  },
  naver: {
    label: '네이버',
    scope: null,
    profileOf(body) {
      const parsed = naverProfile.safeParse(body);
      if (!parsed.success) return null;
      const user = parsed.data.response;
      return {
        providerUserId: user.id,
        email: user.email,
        // Naver gives no verification flag for the address it returns, so it never links an account.
        emailVerified: false,
        name: fit(user.name ?? user.nickname),
        nickname: fit(user.nickname),
        isMan: user.gender === 'M' ? true : user.gender === 'F' ? false : undefined,
      };
    },
  },
  google: {
    label: '구글',
    scope: 'openid email profile',
    profileOf(body) {
      const parsed = googleProfile.safeParse(body);
      if (!parsed.success) return null;
      const user = parsed.data;
      return {
        providerUserId: user.sub,
        email: user.email,
        emailVerified: !!user.email && String(user.email_verified) === 'true',
        name: fit(user.name ?? user.given_name),
        nickname: fit(user.given_name ?? user.name),
      };
    },
  },
};
