import type { Redis } from 'ioredis';
import type { DailyVisits, HourlyVisits } from '@mkt/contracts';

/** Counters live this long, so the dashboard can look back a month. */
const KEEP_SECONDS = 40 * 24 * 3600;

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

/** Page visits per day and hour and distinct visitors per day, for the admin dashboard. */
export interface VisitorCounters {
  record(visitorId: string, at: Date): Promise<void>;
  daily(days: string[]): Promise<DailyVisits[]>;
  hourly(day: string): Promise<HourlyVisits[]>;
  /**
   * Calls `listener` after every recorded visit: in this process, and with Redis in every process
   * sharing the namespace. Resolves once notices are flowing; gives the function that stops them.
   */
  subscribe(listener: VisitListener): Promise<() => void>;
}

/** The listeners of one process. */
class VisitListeners {
  private readonly listeners = new Set<VisitListener>();

  add(listener: VisitListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Redis: INCR per day and per hour, a HyperLogLog of visitor ids per day. Each visit is also
 * published on a pub/sub channel so the live streams of every BFF instance hear of it; the
 * subscription needs a connection of its own (a subscribed connection runs no other commands),
 * opened on the first `subscribe` and ended by `close`.
 */
export class RedisVisitorCounters implements VisitorCounters {
  private readonly listeners = new VisitListeners();
  private subscriber?: Redis;
  private subscribed?: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly namespace = 'mkt:',
  ) {}

  private get channel(): string {
    return `${this.namespace}visits:recorded`;
  }

  async record(visitorId: string, at: Date): Promise<void> {
    const { day, hour } = koreanDayAndHour(at);
    const k = this.keys(day);
    await this.redis
      .multi()
      .incr(k.visits)
      .expire(k.visits, KEEP_SECONDS)
      .hincrby(k.hours, String(hour), 1)
      .expire(k.hours, KEEP_SECONDS)
      .pfadd(k.visitors, visitorId)
      .expire(k.visitors, KEEP_SECONDS)
      .publish(this.channel, day)
      .exec();
  }

  async daily(days: string[]): Promise<DailyVisits[]> {
    return Promise.all(
      days.map(async (date) => {
        const k = this.keys(date);
        const [visits, visitors] = await Promise.all([
          this.redis.get(k.visits),
          this.redis.pfcount(k.visitors),
        ]);
        return { date, visits: Number(visits ?? 0), visitors };
      }),
    );
  }

  async hourly(day: string): Promise<HourlyVisits[]> {
    const counts = await this.redis.hgetall(this.keys(day).hours);
    return HOURS.map((hour) => ({ hour, visits: Number(counts[String(hour)] ?? 0) }));
  }

  async subscribe(listener: VisitListener): Promise<() => void> {
    const unsubscribe = this.listeners.add(listener);
    try {
      await (this.subscribed ??= this.openSubscription());
    } catch (error) {
      unsubscribe();
      this.subscribed = undefined;
      throw error;
    }
    return unsubscribe;
  }

  /** Ends the subscriber connection, if one was opened. */
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
      if (channel === this.channel) this.listeners.notify();
    });
    await subscriber.subscribe(this.channel);
  }

  private keys(day: string) {
    return {
      visits: `${this.namespace}visits:${day}`,
      hours: `${this.namespace}visits:${day}:hours`,
      visitors: `${this.namespace}visitors:${day}`,
    };
  }
}

/** Standalone mode: the same counts in process memory (exact distinct counts). */
export class MemoryVisitorCounters implements VisitorCounters {
  private readonly days = new Map<string, { hours: number[]; visitors: Set<string> }>();
  private readonly listeners = new VisitListeners();

  async record(visitorId: string, at: Date): Promise<void> {
    const { day, hour } = koreanDayAndHour(at);
    const entry = this.days.get(day) ?? { hours: HOURS.map(() => 0), visitors: new Set<string>() };
    entry.hours[hour]++;
    entry.visitors.add(visitorId);
    this.days.set(day, entry);
    this.listeners.notify();
  }

  async subscribe(listener: VisitListener): Promise<() => void> {
    return this.listeners.add(listener);
  }

  async daily(days: string[]): Promise<DailyVisits[]> {
    return days.map((date) => {
      const entry = this.days.get(date);
      return {
        date,
        visits: entry?.hours.reduce((a, b) => a + b, 0) ?? 0,
        visitors: entry?.visitors.size ?? 0,
      };
    });
  }

  async hourly(day: string): Promise<HourlyVisits[]> {
    const entry = this.days.get(day);
    return HOURS.map((hour) => ({ hour, visits: entry?.hours[hour] ?? 0 }));
  }
}

export const VISITOR_COUNTERS = Symbol('VISITOR_COUNTERS');
