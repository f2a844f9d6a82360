import type { SignedIn, SocialProvider, SocialProviderLink, SocialTokenRequest } from '@mkt/contracts';
import { http } from './http';

/** The social sign-in calls (second spec, section 7). */

/** GET /api/member/social/providers: the providers this store offers. */
export function socialProviders(signal?: AbortSignal): Promise<SocialProviderLink[]> {
  return http.get<SocialProviderLink[]>('/api/member/social/providers', {
    signal,
    session: false,
    handleAuthErrors: false,
  });
}

/** POST /api/member/{provider}/token/{code}: the authorization code for a one-time sign-in ticket. */
export function socialTokenRequest(
  provider: SocialProvider,
  code: string,
  body: SocialTokenRequest,
): Promise<{ accessToken: string }> {
  return http.post<{ accessToken: string }>(
    `/api/member/${provider}/token/${encodeURIComponent(code)}`,
    body,
    {
      session: false,
      handleAuthErrors: false,
    },
  );
}

/** GET /api/member/{provider}/suc/{ticket}: the login result; the server sets the session's HttpOnly cookies. */
export function socialSignInRequest(provider: SocialProvider, ticket: string): Promise<SignedIn> {
  return http.get<SignedIn>(`/api/member/${provider}/suc/${encodeURIComponent(ticket)}`, {
    session: 'any',
    handleAuthErrors: false,
  });
}
