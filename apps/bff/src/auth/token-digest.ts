import { createHash } from 'node:crypto';

/** Stores keep a token's digest, never the token: a leaked store grants nothing. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url');
