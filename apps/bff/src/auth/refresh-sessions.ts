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

/** Why a session ended; the member is told (a ban is not a logout). */
export type SessionEndReason = 'logout' | 'reuse' | 'banned' | 'password-changed' | 'password-reset';

/** A refresh token and the session (family) it belongs to. */
export interface IssuedRefresh {
  token: string;
  family: string;
}

/**
 * Refresh tokens as server-side sessions. Each login starts a family; every refresh rotates the
 * token within it. Presenting an already rotated token means it was copied: the whole family is
 * revoked. Logout ends a family; a ban or a password change ends every family of the member.
 * Access tokens of an ended session are denied until they would have expired anyway (a deny-list
 * of families, and of members with a time). Only token digests are stored.
 */
export class RefreshSessions {
  constructor(
    private readonly store: KeyValueStore,
    readonly ttlSeconds = 7 * 24 * 3600,
  ) {}

  async start(claims: SessionClaims): Promise<IssuedRefresh> {
    const family = randomBytes(16).toString('base64url');
    await this.store.addToSet(`sessions:member:${claims.mno}`, family, this.ttlSeconds);
    return { token: await this.issue(family, claims), family };
  }

  /** A new token for a valid one (and the claims it carried); null for unknown, revoked or reused tokens. */
  async rotate(token: string): Promise<(IssuedRefresh & { claims: SessionClaims }) | null> {
    const id = tokenDigest(token);
    const stored = await this.store.get(`sessions:token:${id}`);
    if (!stored) return null;
    const { family, claims } = JSON.parse(stored) as { family: string; claims: SessionClaims };
    if (!(await this.store.setIfAbsent(`sessions:used:${id}`, '1', this.ttlSeconds))) {
      await this.revokeFamily(family, 'reuse');
      return null;
    }
    return { token: await this.issue(family, claims), family, claims };
  }

  /** Logout: ends the family the token belongs to. */
  async end(token: string): Promise<void> {
    const stored = await this.store.get(`sessions:token:${tokenDigest(token)}`);
    if (stored) await this.revokeFamily((JSON.parse(stored) as { family: string }).family, 'logout');
  }

  /** Ends every session of a member (ban, password change or reset): refresh and access tokens alike. */
  async endAll(mno: number, reason: SessionEndReason): Promise<void> {
    await this.store.set(
      `sessions:ended:${mno}`,
      JSON.stringify({ at: Date.now(), reason }),
      ACCESS_TOKEN_SECONDS,
    );
    for (const family of await this.store.setMembers(`sessions:member:${mno}`))
      await this.revokeFamily(family, reason);
    await this.store.delete([`sessions:member:${mno}`]);
  }

  /**
   * Why the access token of `family`, signed at `authAt` (ms), no longer signs anybody in; null
   * while its session lives.
   */
  async endedReason(
    mno: number,
    family: string | undefined,
    authAt: number,
  ): Promise<SessionEndReason | null> {
    const [member, ownFamily] = await Promise.all([
      this.store.get(`sessions:ended:${mno}`),
      family ? this.store.get(`sessions:family-ended:${family}`) : null,
    ]);
    if (ownFamily) return ownFamily as SessionEndReason;
    if (!member) return null;
    const ended = JSON.parse(member) as { at: number; reason: SessionEndReason };
    return authAt <= ended.at ? ended.reason : null;
  }

  private async issue(family: string, claims: SessionClaims): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const id = tokenDigest(token);
    await this.store.set(`sessions:token:${id}`, JSON.stringify({ family, claims }), this.ttlSeconds);
    await this.store.addToSet(`sessions:family:${family}`, id, this.ttlSeconds);
    return token;
  }

  private async revokeFamily(family: string, reason: SessionEndReason): Promise<void> {
    await this.store.set(`sessions:family-ended:${family}`, reason, ACCESS_TOKEN_SECONDS);
    const ids = await this.store.setMembers(`sessions:family:${family}`);
    await this.store.delete([...ids.map((id) => `sessions:token:${id}`), `sessions:family:${family}`]);
  }
}
