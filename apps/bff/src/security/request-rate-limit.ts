import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@mkt/platform';
import type { KeyValueStore } from '../auth/key-value-store';

const WINDOW_SECONDS = 60;

/** Where the calls are counted: the sessions' store (shared by every BFF instance), or this process. */
export type CallCounter = Pick<KeyValueStore, 'increment'>;

/**
 * Counts in this process's memory, for a BFF that runs alone (standalone mode): nothing to share,
 * forgetting a minute's counts at a restart is harmless, and the embedded database is spared a
 * write per call.
 */
export class InMemoryCallCounter implements CallCounter {
  private readonly counts = new Map<string, number>();
  private clearsAt = 0;

  async increment(key: string): Promise<number> {
    // The keys name their clock minute: at the next one, every count is over.
    const now = Date.now();
    if (now >= this.clearsAt) {
      this.counts.clear();
      this.clearsAt = (Math.floor(now / 1000 / WINDOW_SECONDS) + 1) * WINDOW_SECONDS * 1000;
    }
    const calls = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, calls);
    return calls;
  }
}

/** The BFF's general rate limit (a `RequestRateLimit`), or null when there is none. */
export const REQUEST_RATE_LIMIT = Symbol('REQUEST_RATE_LIMIT');

/**
 * A general limit per client address on the API (besides the login limits): at most `perMinute`
 * calls in each clock minute, then 429 with `Retry-After` until the minute ends. Counted in the
 * sessions' store, every BFF instance behind a load balancer counts the same calls.
 */
export class RequestRateLimit {
  constructor(
    private readonly store: CallCounter,
    private readonly perMinute: number,
  ) {}

  /** Counts a call from `clientAddress`: the seconds it must wait when over the limit, else undefined. */
  async refusal(clientAddress: string | undefined): Promise<number | undefined> {
    const now = Math.floor(Date.now() / 1000);
    const window = Math.floor(now / WINDOW_SECONDS);
    try {
      const calls = await this.store.increment(`rate:${clientAddress}:${window}`, WINDOW_SECONDS);
      return calls <= this.perMinute ? undefined : (window + 1) * WINDOW_SECONDS - now;
    } catch {
      // The store being down must not take the whole API with it: the call goes through uncounted.
      return undefined;
    }
  }

  readonly middleware = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (!req.path.startsWith('/api/')) return next();
    const wait = await this.refusal(req.ip);
    if (wait === undefined) return next();
    res
      .status(429)
      .set('Retry-After', String(wait))
      .json({
        error: 'TOO_MANY_REQUESTS',
        message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
      } satisfies ErrorBody);
  };
}
