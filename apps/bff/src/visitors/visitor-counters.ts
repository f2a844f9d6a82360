import type { Redis } from 'ioredis';

export interface DailyVisits {
  date: string;
  visits: number;
  visitors: number;
}

export interface HourlyVisits {
  hour: number;
  visits: number;
}

/** Counters live this long, so the dashboard can look back a month. */
const KEEP_SECONDS = 40 * 24 * 3600;

/** The marketplace's day and hour are Korean time (UTC+9, no daylight saving). */
export function koreanDayAndHour(at: Date): { day: string; hour: number } {
  const korean = new Date(at.getTime() + 9 * 3600_000);
  return { day: korean.toISOString().slice(0, 10), hour: korean.getUTCHours() };
}

/** Page visits per day and hour and distinct visitors per day, for the admin dashboard. */
export interface VisitorCounters {
  record(visitorId: string, at: Date): Promise<void>;
  daily(days: string[]): Promise<DailyVisits[]>;
  hourly(day: string): Promise<HourlyVisits[]>;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Redis: INCR per day and per hour, a HyperLogLog of visitor ids per day. */
export class RedisVisitorCounters implements VisitorCounters {
  constructor(
    private readonly redis: Redis,
    private readonly namespace = 'mkt:',
  ) {}

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

  async record(visitorId: string, at: Date): Promise<void> {
    const { day, hour } = koreanDayAndHour(at);
    const entry = this.days.get(day) ?? { hours: HOURS.map(() => 0), visitors: new Set<string>() };
    entry.hours[hour]++;
    entry.visitors.add(visitorId);
    this.days.set(day, entry);
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
