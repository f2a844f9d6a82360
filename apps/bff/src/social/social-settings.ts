import type { SocialProvider } from '@mkt/contracts';
import { SOCIAL_PROVIDERS } from '@mkt/contracts';
import { z } from 'zod';

/** One provider's OAuth client and endpoints. */
export interface SocialProviderSettings {
  clientId: string;
  clientSecret: string;
  /** The registered return address; absent, the web page sends its own /member/{provider}/suc. */
  redirectUri?: string;
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
}

/** The providers this BFF offers; one left out has no button and its calls answer 404. */
export type SocialSettings = Partial<Record<SocialProvider, SocialProviderSettings>>;

export const SOCIAL_SETTINGS = Symbol('SOCIAL_SETTINGS');

/** The providers' public endpoints, used unless the environment names others. */
const PUBLIC_ENDPOINTS: Record<
  SocialProvider,
  Pick<SocialProviderSettings, 'authorizeUrl' | 'tokenUrl' | 'profileUrl'>
> = {
  kakao: {
    authorizeUrl: 'https://kauth.kakao.com/oauth/authorize',
    tokenUrl: 'https://kauth.kakao.com/oauth/token',
    profileUrl: 'https://kapi.kakao.com/v2/user/me',
  },
  naver: {
    authorizeUrl: 'https://nid.naver.com/oauth2.0/authorize',
    tokenUrl: 'https://nid.naver.com/oauth2.0/token',
    profileUrl: 'https://openapi.naver.com/v1/nid/me',
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
};

const ENV_FIELDS = {
  CLIENT_ID: 'clientId',
  CLIENT_SECRET: 'clientSecret',
  REDIRECT_URI: 'redirectUri',
  AUTHORIZE_URL: 'authorizeUrl',
  TOKEN_URL: 'tokenUrl',
  PROFILE_URL: 'profileUrl',
} as const satisfies Record<string, keyof SocialProviderSettings>;

const envName = (provider: SocialProvider, field: keyof typeof ENV_FIELDS) =>
  `${provider.toUpperCase()}_${field}`;

/**
 * The environment's settings, to extend a config schema with: `KAKAO_CLIENT_ID` and
 * `KAKAO_CLIENT_SECRET` turn Kakao on (likewise NAVER_ and GOOGLE_), with an optional `_REDIRECT_URI`
 * and endpoint overrides (`_AUTHORIZE_URL`, `_TOKEN_URL`, `_PROFILE_URL`). One of the pair without the
 * other is a configuration error.
 */
export const socialEnv = {
  shape: Object.fromEntries(
    SOCIAL_PROVIDERS.flatMap((provider) =>
      (Object.keys(ENV_FIELDS) as (keyof typeof ENV_FIELDS)[]).map((field) => [
        envName(provider, field),
        // Compose passes an unset variable on as an empty string: that is absent too.
        z.preprocess(
          (value) => (value === '' ? undefined : value),
          (field.endsWith('_URL') || field.endsWith('_URI') ? z.url() : z.string().min(1)).optional(),
        ),
      ]),
    ),
  ),
  /** Adds an issue naming the missing half of a client id and secret pair. */
  checkPairs(env: Record<string, unknown>, context: z.RefinementCtx): void {
    for (const provider of SOCIAL_PROVIDERS) {
      const id = envName(provider, 'CLIENT_ID');
      const secret = envName(provider, 'CLIENT_SECRET');
      if (!env[id] === !env[secret]) continue;
      context.addIssue({
        code: 'custom',
        path: [env[id] ? secret : id],
        message: `${id} and ${secret} go together`,
      });
    }
  },
};

export function socialSettingsFromEnv(env: Record<string, unknown>): SocialSettings {
  const settings: SocialSettings = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const read = (field: keyof typeof ENV_FIELDS) => env[envName(provider, field)] as string | undefined;
    const clientId = read('CLIENT_ID');
    const clientSecret = read('CLIENT_SECRET');
    if (!clientId || !clientSecret) continue;
    const defaults = PUBLIC_ENDPOINTS[provider];
    settings[provider] = {
      clientId,
      clientSecret,
      redirectUri: read('REDIRECT_URI'),
      authorizeUrl: read('AUTHORIZE_URL') ?? defaults.authorizeUrl,
      tokenUrl: read('TOKEN_URL') ?? defaults.tokenUrl,
      profileUrl: read('PROFILE_URL') ?? defaults.profileUrl,
    };
  }
  return settings;
}
