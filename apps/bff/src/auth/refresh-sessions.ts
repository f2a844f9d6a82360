import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
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
 * How long a just-rotated refresh token still answers, with the successor its rotation issued.
 * Two tabs (or a retried request) whose access tokens expired together send the same refresh token
 * within milliseconds to a few seconds of each other on a slow phone network; 20 s covers that
 * with room to spare. A thief gains nothing from it: they get only the successor the member
 * already holds, and whichever of the two uses it second, later than this, ends the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

/** How long sessions and rotations last, and the clock rotations are timed by (tests move it). */
export interface SessionTiming {
  ttlSeconds: number;
  graceSeconds: number;
  now: () => number;
}

const DEFAULT_TIMING: SessionTiming = {
  ttlSeconds: 7 * 24 * 3600,
  graceSeconds: REFRESH_REUSE_GRACE_SECONDS,
  now: () => Date.now(),
};

/** What a used refresh token's record keeps: when it was rotated, and its successor sealed with it. */
interface Rotation {
  at: number;
  successor: string;
}

/**
 * The successor is kept encrypted with a key only the rotated token yields, so the store still
 * holds nothing a leak could sign in with (as with digests; the key is derived apart from them).
 */
const sealingKey = (token: string) => createHash('sha256').update(`refresh-successor:${token}`).digest();

function sealSuccessor(successor: string, rotated: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(rotated), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function openSuccessor(sealed: string, rotated: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(rotated), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * Refresh tokens as server-side sessions. Each login starts a family; every refresh rotates the
 * token within it. Presenting an already rotated token means it was copied, and the whole family is
 * revoked, unless it comes within the grace ({@link REFRESH_REUSE_GRACE_SECONDS}) of its rotation:
 * then it is the member's other tab refreshing at the same time, and gets the same successor.
 * Logout ends a family; a ban or a password change ends every family of the member. Access tokens
 * of an ended session are denied until they would have expired anyway (a deny-list of families,
 * and of members with a time). Only token digests, and successors sealed with the token they
 * replaced, are stored.
 */
export class RefreshSessions {
  private readonly timing: SessionTiming;

  constructor(
    private readonly store: KeyValueStore,
    timing: Partial<SessionTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing };
  }

  async start(claims: SessionClaims): Promise<IssuedRefresh> {
    const family = randomBytes(16).toString('base64url');
    await this.store.addToSet(`sessions:member:${claims.mno}`, family, this.timing.ttlSeconds);
    return { token: await this.issue(family, claims), family };
  }

  /**
   * A new token for a valid one (and the claims it carried); null for unknown, revoked or reused
   * tokens. Callers presenting the same token at once all get the one successor.
   */
  async rotate(token: string): Promise<(IssuedRefresh & { claims: SessionClaims }) | null> {
    const id = tokenDigest(token);
    const stored = await this.store.get(`sessions:token:${id}`);
    if (!stored) return null;
    const { family, claims } = JSON.parse(stored) as { family: string; claims: SessionClaims };
    const usedKey = `sessions:used:${id}`;
    let successor: string | null = null;
    if (!(await this.store.get(usedKey))) {
      // The successor is stored before the claim: whoever loses the claim finds the winner's ready.
      const candidate = await this.issue(family, claims);
      const rotation: Rotation = { at: this.timing.now(), successor: sealSuccessor(candidate, token) };
      if (await this.store.setIfAbsent(usedKey, JSON.stringify(rotation), this.timing.ttlSeconds))
        successor = candidate;
      else await this.store.delete([`sessions:token:${tokenDigest(candidate)}`]);
    }
    successor ??= await this.successorWithinGrace(token, usedKey);
    if (!successor) {
      await this.revokeFamily(family, 'reuse');
      return null;
    }
    return { token: successor, family, claims };
  }

  /** The successor of a token rotated moments ago, while it lives; null once the grace is over. */
  private async successorWithinGrace(token: string, usedKey: string): Promise<string | null> {
    const used = await this.store.get(usedKey);
    if (!used) return null;
    // A token used before rotations kept their successor ('1') has no grace left either.
    const rotation = JSON.parse(used) as Partial<Rotation>;
    if (typeof rotation.at !== 'number' || typeof rotation.successor !== 'string') return null;
    if (this.timing.now() - rotation.at > this.timing.graceSeconds * 1000) return null;
    const successor = openSuccessor(rotation.successor, token);
    return (await this.store.get(`sessions:token:${tokenDigest(successor)}`)) ? successor : null;
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
    await this.store.set(`sessions:token:${id}`, JSON.stringify({ family, claims }), this.timing.ttlSeconds);
    await this.store.addToSet(`sessions:family:${family}`, id, this.timing.ttlSeconds);
    return token;
  }

  private async revokeFamily(family: string, reason: SessionEndReason): Promise<void> {
    await this.store.set(`sessions:family-ended:${family}`, reason, ACCESS_TOKEN_SECONDS);
    const ids = await this.store.setMembers(`sessions:family:${family}`);
    await this.store.delete([...ids.map((id) => `sessions:token:${id}`), `sessions:family:${family}`]);
  }
}
