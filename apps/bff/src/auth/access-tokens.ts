import type { KeyObject } from 'node:crypto';
import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { SessionClaims } from './refresh-sessions';

export const ACCESS_TOKEN_ISSUER = 'dealmarket';
/**
 * Short-lived: an ended session's access tokens stay on the deny-list (RefreshSessions) only this
 * long, since none of them is valid any longer.
 */
export const ACCESS_TOKEN_SECONDS = 30 * 60;

const keys = new Map<string, KeyObject>();

/**
 * The HS256 secret as a key object, made once per secret. Given the string, jsonwebtoken tries it
 * as a PEM key first on every sign and verify, and that failing try cost the BFF about a seventh of
 * its CPU under checkout load (profiled).
 */
export function accessTokenKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

/** `family` is the refresh session the token belongs to (`sid`): ending it ends the token too. */
export function signAccessToken(claims: SessionClaims, secret: string, family?: string): string {
  // `authAt` (ms): when sessions of the member end, tokens signed before then stop working.
  return jwt.sign(
    { email: claims.email, role: claims.role, roleSet: claims.roleSet, authAt: Date.now(), sid: family },
    accessTokenKey(secret),
    {
      algorithm: 'HS256',
      subject: String(claims.mno),
      issuer: ACCESS_TOKEN_ISSUER,
      expiresIn: ACCESS_TOKEN_SECONDS,
    },
  );
}
