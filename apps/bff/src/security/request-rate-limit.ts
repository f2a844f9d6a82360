import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@mkt/platform';
import type { KeyValueStore } from '../auth/key-value-store';

const WINDOW_SECONDS = 60;

/**
 * A general limit per client address on the API (besides the login limits): at most `perMinute`
 * calls in each clock minute, then 429 with `Retry-After` until the minute ends. The counts live in
 * the sessions' store, so every BFF instance behind a load balancer counts the same calls.
 */
export function requestRateLimit(store: KeyValueStore, perMinute: number) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (!req.path.startsWith('/api/')) return next();
    const now = Math.floor(Date.now() / 1000);
    const window = Math.floor(now / WINDOW_SECONDS);
    try {
      const calls = await store.increment(`rate:${req.ip}:${window}`, WINDOW_SECONDS);
      if (calls <= perMinute) return next();
    } catch {
      // The store being down must not take the whole API with it: the call goes through uncounted.
      return next();
    }
    res
      .status(429)
      .set('Retry-After', String((window + 1) * WINDOW_SECONDS - now))
      .json({
        error: 'TOO_MANY_REQUESTS',
        message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
      } satisfies ErrorBody);
  };
}
