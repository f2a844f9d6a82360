import type { Redis } from 'ioredis';

/**
 * The few key-value operations sessions need: Redis in distributed mode, process memory in
 * standalone mode. Values expire after `ttlSeconds`.
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
}

export class MemoryKeyValueStore implements KeyValueStore {
  private readonly values = new Map<string, { value: string | Set<string>; expires: number }>();

  private live(key: string) {
    const entry = this.values.get(key);
    if (entry && entry.expires <= Date.now()) {
      this.values.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string): Promise<string | null> {
    const value = this.live(key)?.value;
    return typeof value === 'string' ? value : null;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.values.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if (this.live(key)) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.values.delete(key);
  }

  async addToSet(key: string, member: string, ttlSeconds: number): Promise<void> {
    const current = this.live(key)?.value;
    const set = current instanceof Set ? current : new Set<string>();
    set.add(member);
    this.values.set(key, { value: set, expires: Date.now() + ttlSeconds * 1000 });
  }

  async setMembers(key: string): Promise<string[]> {
    const value = this.live(key)?.value;
    return value instanceof Set ? [...value] : [];
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const entry = this.live(key);
    const count = (typeof entry?.value === 'string' ? Number(entry.value) : 0) + 1;
    this.values.set(key, { value: String(count), expires: entry?.expires ?? Date.now() + ttlSeconds * 1000 });
    return count;
  }
}
