import type { DynamicModule, ExecutionContext } from '@nestjs/common';
import { HttpException, HttpStatus, Injectable, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { ErrorBody } from '@mkt/http';
import type { KeyValueStore } from '../auth/key-value-store';

const WINDOW_SECONDS = 60;

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

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

/**
 * @nestjs/throttler's storage for the general limit: the calls of each clock minute, counted in a
 * `CallCounter` (the sessions' store, Redis, which every BFF instance behind a load balancer
 * shares; or this process's memory). A refused call is counted once, like any other.
 */
export class ClockMinuteCounts implements ThrottlerStorage {
  constructor(private readonly counter: CallCounter) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    const window = Math.floor(now / ttl);
    const secondsLeft = Math.ceil(((window + 1) * ttl - now) / 1000);
    let totalHits = 0;
    try {
      totalHits = await this.counter.increment(`rate:${key}:${window}`, Math.ceil(ttl / 1000));
    } catch {
      // The store being down must not take the whole API with it: the call goes through uncounted.
    }
    const isBlocked = totalHits > limit;
    return {
      totalHits,
      timeToExpire: secondsLeft,
      isBlocked,
      timeToBlockExpire: isBlocked ? secondsLeft : 0,
    };
  }
}

/**
 * The general limit per client address on the API (besides the login limits), in every route's
 * pipeline: at most `perMinute` calls in each clock minute, then 429 with `Retry-After` until the
 * minute ends. The address is `request.ip`, as TRUST_PROXY lets the proxies in front name it.
 */
@Injectable()
class ApiRateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return !context.switchToHttp().getRequest<FastifyRequest>().url.startsWith('/api/');
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new HttpException(
      {
        error: 'TOO_MANY_REQUESTS',
        message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
      } satisfies ErrorBody,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** The limit's module: the throttler, counting in `counter`, and its guard on every route. */
export function requestRateLimit(perMinute: number, counter: CallCounter): DynamicModule {
  return {
    module: RequestRateLimitModule,
    imports: [
      ThrottlerModule.forRoot({
        throttlers: [{ ttl: WINDOW_SECONDS * 1000, limit: perMinute }],
        storage: new ClockMinuteCounts(counter),
        // One count per client address for the whole API, not one per route.
        generateKey: (_context, tracker) => tracker,
      }),
    ],
    providers: [{ provide: APP_GUARD, useClass: ApiRateLimitGuard }],
  };
}

@Module({})
class RequestRateLimitModule {}
