import jwt from 'jsonwebtoken';
import type { SessionClaims } from './refresh-sessions';

export const ACCESS_TOKEN_ISSUER = 'dealmarket';
/** Short-lived: a revoked session stops working when its access token runs out. */
export const ACCESS_TOKEN_SECONDS = 30 * 60;

export function signAccessToken(claims: SessionClaims, secret: string): string {
  // `authAt` (ms): when sessions of the member end, tokens signed before then stop working.
  return jwt.sign(
    { email: claims.email, role: claims.role, roleSet: claims.roleSet, authAt: Date.now() },
    secret,
    {
      algorithm: 'HS256',
      subject: String(claims.mno),
      issuer: ACCESS_TOKEN_ISSUER,
      expiresIn: ACCESS_TOKEN_SECONDS,
    },
  );
}
