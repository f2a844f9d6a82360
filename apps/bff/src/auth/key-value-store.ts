import type { Redis } from 'ioredis';

/**
 * The few key-value operations the BFF's state needs (sessions, login limits, social tickets,
 * request counts, visitor counts): Redis in distributed mode, the embedded database in standalone
 * mode (`EmbeddedKeyValueStore`). Keys expire after `ttlSeconds`; an expired key is absent.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Sets only when the key is absent; true when it did. Atomic: two callers never both win. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  delete(keys: string[]): Promise<void>;
  addToSet(key: string, member: string, ttlSeconds: number): Promise<void>;
  setMembers(key: string): Promise<string[]>;
  /** Adds 1 and answers the new count; the count starts its `ttlSeconds` window at 1. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /** Adds 1 to one field of the key's counts (a Redis hash). */
  incrementField(key: string, field: string, ttlSeconds: number): Promise<void>;
  /** The key's counts by field; an empty object for an absent key. */
  fieldCounts(key: string): Promise<Record<string, number>>;
  /** Adds a member to count distinct members of (Redis estimates them with a HyperLogLog). */
  addDistinct(key: string, member: string, ttlSeconds: number): Promise<void>;
  countDistinct(key: string): Promise<number>;
}

export class RedisKeyValueStore implements KeyValueStore {
  /** `namespace` prefixes every key (tests use one of their own). */
  constructor(
    private readonly redis: Redis,
    private readonly namespace = 'mkt:',
  ) {}

  get(key: string): Promise<string | null> {
    return this.redis.get(this.namespace + key);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.namespace + key, value, 'EX', ttlSeconds);
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(this.namespace + key, value, 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.namespace + key));
  }

  async addToSet(key: string, member: string, ttlSeconds: number): Promise<void> {
    await this.redis
      .multi()
      .sadd(this.namespace + key, member)
      .expire(this.namespace + key, ttlSeconds)
      .exec();
  }

  setMembers(key: string): Promise<string[]> {
    return this.redis.smembers(this.namespace + key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const [[, count]] = (await this.redis
      .multi()
      .incr(this.namespace + key)
      .expire(this.namespace + key, ttlSeconds, 'NX')
      .exec()) as [[null, number], [null, number]];
    return count;
  }

  async incrementField(key: string, field: string, ttlSeconds: number): Promise<void> {
    await this.redis
      .multi()
      .hincrby(this.namespace + key, field, 1)
      .expire(this.namespace + key, ttlSeconds)
      .exec();
  }

  async fieldCounts(key: string): Promise<Record<string, number>> {
    const fields = await this.redis.hgetall(this.namespace + key);
    return Object.fromEntries(Object.entries(fields).map(([field, count]) => [field, Number(count)]));
  }

  async addDistinct(key: string, member: string, ttlSeconds: number): Promise<void> {
    await this.redis
      .multi()
      .pfadd(this.namespace + key, member)
      .expire(this.namespace + key, ttlSeconds)
      .exec();
  }

  countDistinct(key: string): Promise<number> {
    return this.redis.pfcount(this.namespace + key);
  }
}
