/**
 * A small in-memory cache whose entries expire after `ttlMs`; the oldest entry goes first when it
 * is full. Concurrent misses of one key share a single load.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { expires: now + this.ttlMs, value });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    // A failed load is not kept.
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
