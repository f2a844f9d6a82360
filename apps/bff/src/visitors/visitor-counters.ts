import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DailyVisits, HourlyVisits } from '@mkt/contracts';
import type { KeyValueStore } from '../auth/key-value-store';

/** Counters live this long, so the dashboard can look back a month. */
const KEEP_SECONDS = 40 * 24 * 3600;
/** A visitor id the server issued stays valid this long (its cookie's life). */
export const VISITOR_ID_SECONDS = 365 * 24 * 3600;
/** New visitor ids a client address may get per Korean day when no setting says otherwise. */
export const DEFAULT_NEW_VISITORS_PER_ADDRESS = 50;

/** The marketplace's day and hour are Korean time (UTC+9, no daylight saving). */
export function koreanDayAndHour(at: Date): { day: string; hour: number } {
  const korean = new Date(at.getTime() + 9 * 3600_000);
  return { day: korean.toISOString().slice(0, 10), hour: korean.getUTCHours() };
}

/** The Korean days of the last `count` days up to `now`, oldest first. */
export function lastKoreanDays(count: number, now: Date): string[] {
  return Array.from(
    { length: count },
    (_, i) => koreanDayAndHour(new Date(now.getTime() - (count - 1 - i) * 86_400_000)).day,
  );
}

export type VisitListener = () => void;

/**
 * How the live streams hear of visits: in this process, or (Redis) in every process sharing the
 * namespace. `subscribe` resolves once notices are flowing and gives the function that stops them.
 */
export interface VisitNotices {
  publish(): Promise<void>;
  subscribe(listener: VisitListener): Promise<() => void>;
  close(): void;
}

/** Standalone mode: one process, so its listeners are all there is. */
export class InProcessVisitNotices implements VisitNotices {
  private readonly listeners = new Set<VisitListener>();

  async publish(): Promise<void> {
    for (const listener of [...this.listeners]) listener();
  }

  async subscribe(listener: VisitListener): Promise<() => void> {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  close(): void {
    this.listeners.clear();
  }
}

/**
 * Distributed mode: each visit is published on a Redis channel so the live streams of every BFF
 * instance hear of it. The subscription needs a connection of its own (a subscribed connection
 * runs no other commands), opened on the first `subscribe` and ended by `close`.
 */
export class RedisVisitNotices implements VisitNotices {
  private readonly local = new InProcessVisitNotices();
  private subscriber?: Redis;
  private subscribed?: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly namespace = 'mkt:',
  ) {}

  private get channel(): string {
    return `${this.namespace}visits:recorded`;
  }

  async publish(): Promise<void> {
    await this.redis.publish(this.channel, '');
  }

  async subscribe(listener: VisitListener): Promise<() => void> {
    const unsubscribe = await this.local.subscribe(listener);
    try {
      await (this.subscribed ??= this.openSubscription());
    } catch (error) {
      unsubscribe();
      this.subscribed = undefined;
      throw error;
    }
    return unsubscribe;
  }

  close(): void {
    this.subscriber?.disconnect();
    this.subscriber = undefined;
    this.subscribed = undefined;
  }

  private async openSubscription(): Promise<void> {
    this.subscriber?.disconnect();
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string) => {
      if (channel === this.channel) void this.local.publish();
    });
    await subscriber.subscribe(this.channel);
  }
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Page visits per day and hour and distinct visitors per day, for the admin dashboard, kept in the
 * BFF's key-value store (a day's visits are the sum of its hours); live streams hear of each visit
 * through `notices`.
 *
 * Only visitors the server issued an id to count, so a script cannot make them up: an id counts
 * once a day among the visitors and once an hour among the visits, and a client address gets at
 * most `newVisitorsPerAddress` new ids a Korean day (0: no limit), so calling again without the
 * cookie does not add visitors at will either.
 */
export class VisitorCounters {
  constructor(
    private readonly store: KeyValueStore,
    private readonly notices: VisitNotices,
    private readonly newVisitorsPerAddress = DEFAULT_NEW_VISITORS_PER_ADDRESS,
  ) {}

  /** Whether `visitorId` is one this store issued (and still holds). */
  async issued(visitorId: string): Promise<boolean> {
    return (await this.store.get(visitorIdKey(visitorId))) !== null;
  }

  /** A new visitor id for a client at `address`; undefined once that address had its share today. */
  async issue(address: string, at: Date): Promise<string | undefined> {
    const { day } = koreanDayAndHour(at);
    if (this.newVisitorsPerAddress > 0) {
      const issuedToday = await this.store.increment(`visitor-ids:${day}:${address}`, 2 * 24 * 3600);
      if (issuedToday > this.newVisitorsPerAddress) return undefined;
    }
    const visitorId = randomUUID();
    await this.store.set(visitorIdKey(visitorId), '1', VISITOR_ID_SECONDS);
    return visitorId;
  }

  /** Counts an issued visitor's page view: once an hour as a visit, once a day as a visitor. */
  async record(visitorId: string, at: Date): Promise<void> {
    const { day, hour } = koreanDayAndHour(at);
    if (!(await this.store.setIfAbsent(`visited:${day}:${hour}:${visitorId}`, '1', 3600))) return;
    await Promise.all([
      this.store.incrementField(hoursKey(day), String(hour), KEEP_SECONDS),
      this.store.addDistinct(visitorsKey(day), visitorId, KEEP_SECONDS),
    ]);
    await this.notices.publish();
  }

  async daily(days: string[]): Promise<DailyVisits[]> {
    return Promise.all(
      days.map(async (date) => {
        const [hours, visitors] = await Promise.all([
          this.store.fieldCounts(hoursKey(date)),
          this.store.countDistinct(visitorsKey(date)),
        ]);
        return { date, visits: Object.values(hours).reduce((a, b) => a + b, 0), visitors };
      }),
    );
  }

  async hourly(day: string): Promise<HourlyVisits[]> {
    const counts = await this.store.fieldCounts(hoursKey(day));
    return HOURS.map((hour) => ({ hour, visits: counts[String(hour)] ?? 0 }));
  }

  /** Calls `listener` after every recorded visit; gives the function that stops it. */
  subscribe(listener: VisitListener): Promise<() => void> {
    return this.notices.subscribe(listener);
  }

  close(): void {
    this.notices.close();
  }
}

const hoursKey = (day: string) => `visits:${day}:hours`;
const visitorIdKey = (visitorId: string) => `visitor-id:${visitorId}`;
const visitorsKey = (day: string) => `visitors:${day}`;

export const VISITOR_COUNTERS = Symbol('VISITOR_COUNTERS');
