import { randomBytes } from 'node:crypto';
import type { Role } from '@mkt/contracts';
import { ACCESS_TOKEN_SECONDS } from './access-tokens';
import type { KeyValueStore } from './key-value-store';
import { tokenDigest } from './token-digest';

/** Who a session belongs to, as the access tokens carry it. */
export interface SessionClaims {
  mno: number;
  email: string;
  role: Role;
  roleSet: string[];
}

/**
 * Refresh tokens as server-side sessions. Each login starts a family; every refresh rotates the
 * token within it. Presenting an already rotated token means it was copied: the whole family is
 * revoked. Logout ends a family; a ban or a password change ends every family of the member.
 * Only token digests are stored.
 */
export class RefreshSessions {
  constructor(
    private readonly store: KeyValueStore,
    readonly ttlSeconds = 7 * 24 * 3600,
  ) {}

  async start(claims: SessionClaims): Promise<string> {
    const family = randomBytes(16).toString('base64url');
    await this.store.addToSet(`sessions:member:${claims.mno}`, family, this.ttlSeconds);
    return this.issue(family, claims);
  }

  /** A new token for a valid one (and the claims it carried); null for unknown, revoked or reused tokens. */
  async rotate(token: string): Promise<{ token: string; claims: SessionClaims } | null> {
    const id = tokenDigest(token);
    const stored = await this.store.get(`sessions:token:${id}`);
    if (!stored) return null;
    const { family, claims } = JSON.parse(stored) as { family: string; claims: SessionClaims };
    if (!(await this.store.setIfAbsent(`sessions:used:${id}`, '1', this.ttlSeconds))) {
      await this.revokeFamily(family);
      return null;
    }
    return { token: await this.issue(family, claims), claims };
  }

  /** Logout: ends the family the token belongs to. */
  async end(token: string): Promise<void> {
    const stored = await this.store.get(`sessions:token:${tokenDigest(token)}`);
    if (stored) await this.revokeFamily((JSON.parse(stored) as { family: string }).family);
  }

  /**
   * Ends every session of a member (ban, password change): refresh tokens at once, and access tokens
   * signed until now as well (they would otherwise last their 30 minutes).
   */
  async endAll(mno: number): Promise<void> {
    await this.store.set(`sessions:ended:${mno}`, String(Date.now()), ACCESS_TOKEN_SECONDS);
    for (const family of await this.store.setMembers(`sessions:member:${mno}`))
      await this.revokeFamily(family);
    await this.store.delete([`sessions:member:${mno}`]);
  }

  /** Whether an access token signed at `authAt` (ms) belongs to sessions that were ended since. */
  async endedSince(mno: number, authAt: number): Promise<boolean> {
    const ended = await this.store.get(`sessions:ended:${mno}`);
    return ended !== null && authAt <= Number(ended);
  }

  private async issue(family: string, claims: SessionClaims): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const id = tokenDigest(token);
    await this.store.set(`sessions:token:${id}`, JSON.stringify({ family, claims }), this.ttlSeconds);
    await this.store.addToSet(`sessions:family:${family}`, id, this.ttlSeconds);
    return token;
  }

  private async revokeFamily(family: string): Promise<void> {
    const ids = await this.store.setMembers(`sessions:family:${family}`);
    await this.store.delete([...ids.map((id) => `sessions:token:${id}`), `sessions:family:${family}`]);
  }
}
