import type { BeforeApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { streamedResponse } from '@mkt/http';
import type { VisitorSnapshot } from '@mkt/contracts';
import { VISITOR_SNAPSHOT_DAYS, VISITOR_SNAPSHOT_EVENT } from '@mkt/contracts';
import type { VisitorCounters } from './visitor-counters';
import { koreanDayAndHour, lastKoreanDays, VISITOR_COUNTERS } from './visitor-counters';

/** A connection gets at most one snapshot per this many milliseconds, however many visits arrive. */
export const PUSH_INTERVAL_MS = 250;
/** A comment line this often keeps proxies from closing a quiet connection. */
export const HEARTBEAT_INTERVAL_MS = 25_000;

export interface Coalesced {
  /** Asks for a run: now if the last one started at least the interval ago, else at the interval's end. */
  request(): void;
  /** No more runs. */
  cancel(): void;
}

/**
 * Folds bursts of requests into runs of `task` at most once per `intervalMs`. A request during a
 * run (or while one is scheduled) is served by one later run, so the last change is never lost.
 */
export function coalesce(task: () => Promise<void>, intervalMs: number): Coalesced {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let requestedWhileRunning = false;
  let cancelled = false;
  let lastStart = -Infinity;

  const run = async () => {
    timer = undefined;
    running = true;
    lastStart = Date.now();
    try {
      await task();
    } finally {
      running = false;
      if (requestedWhileRunning) {
        requestedWhileRunning = false;
        request();
      }
    }
  };

  const request = () => {
    if (cancelled || timer) return;
    if (running) {
      requestedWhileRunning = true;
      return;
    }
    timer = setTimeout(() => void run(), Math.max(0, lastStart + intervalMs - Date.now()));
  };

  return {
    request,
    cancel: () => {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}

/** One `text/event-stream` frame carrying `data` as JSON. */
export function eventFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const HEARTBEAT_FRAME = ': heartbeat\n\n';

/** What the dashboard shows: the last days' counts and today's hours. */
async function visitorSnapshot(counters: VisitorCounters, now = new Date()): Promise<VisitorSnapshot> {
  const today = koreanDayAndHour(now).day;
  const [daily, hourly] = await Promise.all([
    counters.daily(lastKoreanDays(VISITOR_SNAPSHOT_DAYS, now)),
    counters.hourly(today),
  ]);
  return { today, daily, hourly };
}

/**
 * The open live streams of the visitor counters. Each gets a snapshot on connect and after visits
 * (coalesced), and a heartbeat; its listener goes when the client does. Streams are ended before
 * the server closes, which would otherwise wait for them.
 */
@Injectable()
export class VisitorStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger('VisitorStreams');
  private readonly open = new Set<ServerResponse>();

  constructor(@Inject(VISITOR_COUNTERS) private readonly counters: VisitorCounters) {}

  /**
   * Subscribes before answering, so a failure there is still an ordinary error answer and no visit
   * falls between the first snapshot and the subscription.
   */
  async serve(reply: FastifyReply): Promise<void> {
    const response = reply.raw;
    const pushes = coalesce(() => this.push(response), PUSH_INTERVAL_MS);
    const cleanups = [pushes.cancel, () => this.open.delete(response)];
    let closed = false;
    response.once('close', () => {
      closed = true;
      for (const cleanup of cleanups) cleanup();
    });

    const unsubscribe = await this.counters.subscribe(pushes.request);
    if (closed) return unsubscribe();
    cleanups.push(unsubscribe);
    this.open.add(response);
    streamedResponse(reply).writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the frames.
      'X-Accel-Buffering': 'no',
    });
    response.flushHeaders();
    const heartbeat = setInterval(() => response.write(HEARTBEAT_FRAME), HEARTBEAT_INTERVAL_MS);
    cleanups.push(() => clearInterval(heartbeat));
    pushes.request();
  }

  beforeApplicationShutdown(): void {
    for (const response of this.open) response.end();
  }

  private async push(response: ServerResponse): Promise<void> {
    try {
      const snapshot = await visitorSnapshot(this.counters);
      // Before the headers there is nothing to add to: the first snapshot follows them anyway.
      if (response.headersSent && !response.writableEnded) {
        response.write(eventFrame(VISITOR_SNAPSHOT_EVENT, snapshot));
      }
    } catch (error) {
      // The client reconnects and starts again from a fresh snapshot.
      this.logger.warn('visitor stream ended: reading the counters failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      response.end();
    }
  }
}
