import jwt from 'jsonwebtoken';
import type { SessionClaims } from './refresh-sessions';

export const ACCESS_TOKEN_ISSUER = 'dealmarket';
/**
 * Short-lived: an ended session's access tokens stay on the deny-list (RefreshSessions) only this
 * long, since none of them is valid any longer.
 */
export const ACCESS_TOKEN_SECONDS = 30 * 60;

/** `family` is the refresh session the token belongs to (`sid`): ending it ends the token too. */
export function signAccessToken(claims: SessionClaims, secret: string, family?: string): string {
  // `authAt` (ms): when sessions of the member end, tokens signed before then stop working.
  return jwt.sign(
    { email: claims.email, role: claims.role, roleSet: claims.roleSet, authAt: Date.now(), sid: family },
    secret,
    {
      algorithm: 'HS256',
      subject: String(claims.mno),
      issuer: ACCESS_TOKEN_ISSUER,
      expiresIn: ACCESS_TOKEN_SECONDS,
    },
  );
}
