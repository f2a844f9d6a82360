import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorBody } from '@mkt/platform';
import type { KeyValueStore } from './key-value-store';

/** Failed logins allowed per window, per account and per client address. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 30, windowSeconds: 15 * 60 } as const;

/** Slows password guessing: after too many failures an account or address waits for the window to pass. */
export class LoginThrottle {
  constructor(private readonly store: KeyValueStore) {}

  async check(email: string, address: string): Promise<void> {
    const [account, client] = await Promise.all([
      this.store.get(`login-failures:account:${email}`),
      this.store.get(`login-failures:address:${address}`),
    ]);
    if (Number(account ?? 0) >= LOGIN_LIMITS.perAccount || Number(client ?? 0) >= LOGIN_LIMITS.perAddress) {
      throw new HttpException(
        {
          error: 'TOO_MANY_ATTEMPTS',
          message: `로그인 시도가 너무 많습니다. ${LOGIN_LIMITS.windowSeconds / 60}분 후 다시 시도해 주세요.`,
        } satisfies ErrorBody,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  /**
   * Runs one password check under the limits: refused while the account or address is locked; a
   * wrong password (as `isWrongPassword` tells) counts against both; a right one clears the account.
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
      await this.recordSuccess(email);
      return result;
    } catch (error) {
      if (isWrongPassword(error)) await this.recordFailure(email, address);
      throw error;
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await Promise.all([
      this.store.increment(`login-failures:account:${email}`, LOGIN_LIMITS.windowSeconds),
      this.store.increment(`login-failures:address:${address}`, LOGIN_LIMITS.windowSeconds),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.store.delete([`login-failures:account:${email}`]);
  }
}
