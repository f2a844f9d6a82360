import { z } from 'zod';

/** The three social sign-in providers, named as they stand in the spec's paths (/api/member/kakao/...). */
export const SOCIAL_PROVIDERS = ['kakao', 'naver', 'google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/**
 * What a provider vouches for about its user, as the BFF hands it to the member service. Only a
 * verified e-mail may link the sign-in to a member who joined with that e-mail.
 */
export const socialProfileSchema = z.object({
  provider: socialProviderSchema,
  providerUserId: z.string().trim().min(1).max(255),
  email: z.string().trim().toLowerCase().email().max(100).optional(),
  emailVerified: z.boolean(),
  name: z.string().trim().max(30).optional(),
  nickname: z.string().trim().max(30).optional(),
  isMan: z.boolean().optional(),
});
export type SocialProfile = z.infer<typeof socialProfileSchema>;

/** GET /api/member/social/providers: where the login page's buttons send the browser. */
export const socialProviderLinkSchema = z.object({
  provider: socialProviderSchema,
  /** The provider's authorization page with client_id, response_type and scope set; the page adds state and redirect_uri. */
  authorizeUrl: z.string(),
  /** The registered return address, when the provider needs a fixed one; else the page's own /member/{provider}/suc. */
  redirectUri: z.string().nullable(),
});
export type SocialProviderLink = z.infer<typeof socialProviderLinkSchema>;

/** POST /api/member/{provider}/token/{code}: the authorization code's redirect_uri (and Naver's state). */
export const socialTokenRequestSchema = z.object({
  redirect_uri: z.url('redirect_uri가 올바르지 않습니다.').max(500),
  state: z.string().max(200).optional(),
});
export type SocialTokenRequest = z.infer<typeof socialTokenRequestSchema>;
