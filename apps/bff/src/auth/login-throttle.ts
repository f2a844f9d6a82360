import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorBody } from '@mkt/http';
import type { KeyValueStore } from './key-value-store';
import { tokenDigest } from './token-digest';

/**
 * Wrong passwords allowed before each further attempt waits, per scope, and how the waits grow:
 * the first wait is `firstWaitSeconds`, each further wrong password doubles it, up to `maxWaitSeconds`.
 * Counts are forgotten `windowSeconds` after a scope's first wrong password.
 */
export const LOGIN_LIMITS = {
  /** One account from one address: a guesser at one address, whoever the account is. */
  perPair: 5,
  /** One address over all accounts: one address trying many accounts. */
  perAddress: 30,
  /** One account from all addresses: many addresses guessing one account (applies to unknown addresses only). */
  perAccount: 20,
  firstWaitSeconds: 30,
  maxWaitSeconds: 15 * 60,
  windowSeconds: 60 * 60,
  /** An address a member signed in from stays known (never slowed by the account's scope) this long. */
  knownAddressSeconds: 30 * 24 * 3600,
} as const;

type Scope = 'pair' | 'address' | 'account';

const FREE: Record<Scope, number> = {
  pair: LOGIN_LIMITS.perPair,
  address: LOGIN_LIMITS.perAddress,
  account: LOGIN_LIMITS.perAccount,
};

function waitSeconds(failures: number, free: number): number {
  const doublings = Math.min(failures - free, 20);
  return Math.min(LOGIN_LIMITS.firstWaitSeconds * 2 ** doublings, LOGIN_LIMITS.maxWaitSeconds);
}

function tooMany(seconds: number): HttpException {
  const wait = seconds >= 60 ? `${Math.ceil(seconds / 60)}분` : `${seconds}초`;
  return new HttpException(
    {
      error: 'TOO_MANY_ATTEMPTS',
      message: `로그인 시도가 너무 많습니다. ${wait} 후 다시 시도해 주세요.`,
    } satisfies ErrorBody,
    HttpStatus.TOO_MANY_REQUESTS,
  );
}

/**
 * Slows password guessing without letting anybody lock a shopper out. Wrong passwords count per
 * (account, address) pair and per address, with growing waits: a guesser elsewhere only slows
 * themselves. Many addresses guessing one account also count per account; past its limit the
 * account waits too, but only for addresses it has never signed in from, so the member's own
 * devices always get in with the right password (and a password reset works from anywhere).
 */
export class LoginThrottle {
  constructor(private readonly store: KeyValueStore) {}

  private keys(email: string, address: string): Record<Scope, string> {
    return { pair: `${email}|${address}`, address, account: email };
  }

  async check(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    const known = (await this.store.setMembers(`login-known:${email}`)).includes(tokenDigest(address));
    const scopes: Scope[] = known ? ['pair', 'address'] : ['pair', 'address', 'account'];
    const untils = await Promise.all(
      scopes.map((scope) => this.store.get(`login-wait:${scope}:${keys[scope]}`)),
    );
    const latest = Math.max(0, ...untils.map((until) => Number(until ?? 0)));
    const left = Math.ceil((latest - Date.now()) / 1000);
    if (left > 0) throw tooMany(left);
  }

  /**
   * Runs one password check under the limits: refused while a scope waits; a wrong password (as
   * `isWrongPassword` tells) counts in every scope; a right one clears the pair and makes the
   * address known to the account.
   */
  async attempt<T>(
    email: string,
    address: string,
    passwordCheck: () => Promise<T>,
    isWrongPassword: (error: unknown) => boolean,
  ): Promise<T> {
    await this.check(email, address);
    try {
      const result = await passwordCheck();
      await this.recordSuccess(email, address);
      return result;
    } catch (error) {
      if (isWrongPassword(error)) await this.recordFailure(email, address);
      throw error;
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    await Promise.all(
      (Object.keys(keys) as Scope[]).map(async (scope) => {
        const failures = await this.store.increment(
          `login-failures:${scope}:${keys[scope]}`,
          LOGIN_LIMITS.windowSeconds,
        );
        if (failures < FREE[scope]) return;
        const seconds = waitSeconds(failures, FREE[scope]);
        await this.store.set(
          `login-wait:${scope}:${keys[scope]}`,
          String(Date.now() + seconds * 1000),
          seconds,
        );
      }),
    );
  }

  /** The address is now known to the account (a password reset finished there counts too). */
  async recordSuccess(email: string, address: string): Promise<void> {
    const { pair } = this.keys(email, address);
    await this.store.delete([`login-failures:pair:${pair}`, `login-wait:pair:${pair}`]);
    await this.store.addToSet(`login-known:${email}`, tokenDigest(address), LOGIN_LIMITS.knownAddressSeconds);
  }
}
