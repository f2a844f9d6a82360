import type { PGlite, Transaction } from '@electric-sql/pglite';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { applyMigrations } from '@mkt/persistence';
import type { KeyValueStore } from './key-value-store';

/** The schema of the embedded database that holds the store's tables. */
const SCHEMA = 'bff';
const keyValueMigrationsDir = join(__dirname, '..', '..', 'key-value-migrations');
const PRUNE_INTERVAL_MS = 60_000;
/** How many keys' values `get` keeps in memory. */
const REMEMBERED_KEYS = 10_000;

/** A key's value as last read, and until when it holds (ms; Infinity for an absent key). */
interface Remembered {
  value: string | null;
  expiresAtMs: number;
}

/** A key's expiry, `ttlSeconds` from the statement's time, as SQL over parameter `$n`. */
const expiresIn = (n: number) => `now() + make_interval(secs => $${n})`;

/**
 * The key-value store in standalone mode's embedded PGlite (schema `bff`), so sessions, login
 * limits and visitor counts survive a restart. Expiry behaves like Redis TTLs: reads skip expired
 * keys, a write to an expired key starts it afresh, and expired rows are pruned every minute.
 * Writes of several statements run in one transaction, which PGlite runs alone: each is atomic.
 *
 * Every call of a signed-in person reads two keys (has their session been ended?) that hardly ever
 * change, so `get` remembers what it read: this store is the database's only writer (PGlite is
 * one process's), and each write forgets the keys it touches.
 */
export class EmbeddedKeyValueStore implements KeyValueStore {
  private pruning?: NodeJS.Timeout;
  private readonly remembered = new LRUCache<string, Remembered>({ max: REMEMBERED_KEYS });
  /** Counts writes, so that a read a write overtook is not remembered. */
  private writes = 0;

  private constructor(private readonly db: PGlite) {}

  /** Creates or migrates the store's schema, prunes what expired while stopped, and keeps pruning. */
  static async open(db: PGlite): Promise<EmbeddedKeyValueStore> {
    await applyMigrations({ kind: 'embedded', db, schema: SCHEMA }, [
      { scope: 'key_value', dir: keyValueMigrationsDir },
    ]);
    const store = new EmbeddedKeyValueStore(db);
    await store.pruneExpired();
    store.pruning = setInterval(() => void store.pruneExpired().catch(() => undefined), PRUNE_INTERVAL_MS);
    store.pruning.unref();
    return store;
  }

  /** Stops pruning (the database stays open: it is the caller's). */
  close(): void {
    clearInterval(this.pruning);
  }

  /** Deletes expired keys with their members; answers how many keys went. */
  async pruneExpired(): Promise<number> {
    const { affectedRows } = await this.db.query(`DELETE FROM ${SCHEMA}.kv_entry WHERE expires_at <= now()`);
    return affectedRows ?? 0;
  }

  async get(key: string): Promise<string | null> {
    const remembered = this.remembered.get(key);
    if (remembered && remembered.expiresAtMs > Date.now()) return remembered.value;
    const writesBefore = this.writes;
    const { rows } = await this.db.query<{ value: string | null; expires_at_ms: number }>(
      `SELECT value, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_at_ms
       FROM ${SCHEMA}.kv_entry WHERE key = $1 AND expires_at > now()`,
      [key],
    );
    const [row] = rows;
    if (this.writes === writesBefore)
      this.remembered.set(key, { value: row?.value ?? null, expiresAtMs: row?.expires_at_ms ?? Infinity });
    return row?.value ?? null;
  }

  /** Forgets what `get` read of `keys`, before a write to them. */
  private forget(keys: readonly string[]): void {
    this.writes += 1;
    for (const key of keys) this.remembered.delete(key);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.forget([key]);
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM ${SCHEMA}.kv_entry WHERE key = $1`, [key]);
      await tx.query(
        `INSERT INTO ${SCHEMA}.kv_entry (key, value, expires_at) VALUES ($1, $2, ${expiresIn(3)})`,
        [key, value, ttlSeconds],
      );
    });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    this.forget([key]);
    return this.db.transaction(async (tx) => {
      await dropIfExpired(tx, key);
      const { rows } = await tx.query(
        `INSERT INTO ${SCHEMA}.kv_entry (key, value, expires_at) VALUES ($1, $2, ${expiresIn(3)})
         ON CONFLICT (key) DO NOTHING RETURNING key`,
        [key, value, ttlSeconds],
      );
      return rows.length > 0;
    });
  }

  async delete(keys: string[]): Promise<void> {
    this.forget(keys);
    if (keys.length > 0) await this.db.query(`DELETE FROM ${SCHEMA}.kv_entry WHERE key = ANY($1)`, [keys]);
  }

  async addToSet(key: string, member: string, ttlSeconds: number): Promise<void> {
    this.forget([key]);
    await this.db.transaction(async (tx) => {
      await touchMembersKey(tx, key, ttlSeconds);
      await tx.query(
        `INSERT INTO ${SCHEMA}.kv_member (key, member) VALUES ($1, $2) ON CONFLICT (key, member) DO NOTHING`,
        [key, member],
      );
    });
  }

  async setMembers(key: string): Promise<string[]> {
    const { rows } = await this.db.query<{ member: string }>(
      `SELECT m.member FROM ${SCHEMA}.kv_member m JOIN ${SCHEMA}.kv_entry e ON e.key = m.key
       WHERE m.key = $1 AND e.expires_at > now()`,
      [key],
    );
    return rows.map((row) => row.member);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    this.forget([key]);
    return this.db.transaction(async (tx) => {
      await dropIfExpired(tx, key);
      const { rows } = await tx.query<{ value: string }>(
        `INSERT INTO ${SCHEMA}.kv_entry (key, value, expires_at) VALUES ($1, '1', ${expiresIn(2)})
         ON CONFLICT (key) DO UPDATE SET value = (kv_entry.value::bigint + 1)::text RETURNING value`,
        [key, ttlSeconds],
      );
      return Number(rows[0].value);
    });
  }

  async incrementField(key: string, field: string, ttlSeconds: number): Promise<void> {
    this.forget([key]);
    await this.db.transaction(async (tx) => {
      await touchMembersKey(tx, key, ttlSeconds);
      await tx.query(
        `INSERT INTO ${SCHEMA}.kv_member (key, member, count) VALUES ($1, $2, 1)
         ON CONFLICT (key, member) DO UPDATE SET count = kv_member.count + 1`,
        [key, field],
      );
    });
  }

  async fieldCounts(key: string): Promise<Record<string, number>> {
    const { rows } = await this.db.query<{ member: string; count: number }>(
      `SELECT m.member, m.count::int AS count FROM ${SCHEMA}.kv_member m JOIN ${SCHEMA}.kv_entry e ON e.key = m.key
       WHERE m.key = $1 AND e.expires_at > now()`,
      [key],
    );
    return Object.fromEntries(rows.map((row) => [row.member, row.count]));
  }

  /** Exact here: the members are kept as a set. */
  addDistinct(key: string, member: string, ttlSeconds: number): Promise<void> {
    return this.addToSet(key, member, ttlSeconds);
  }

  async countDistinct(key: string): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${SCHEMA}.kv_member m JOIN ${SCHEMA}.kv_entry e ON e.key = m.key
       WHERE m.key = $1 AND e.expires_at > now()`,
      [key],
    );
    return rows[0].count;
  }
}

/** An expired key is gone for the write that follows, members included. */
async function dropIfExpired(tx: Transaction, key: string): Promise<void> {
  await tx.query(`DELETE FROM ${SCHEMA}.kv_entry WHERE key = $1 AND expires_at <= now()`, [key]);
}

/** Makes sure a key that holds members exists, expiring `ttlSeconds` from now (as Redis's EXPIRE after each add). */
async function touchMembersKey(tx: Transaction, key: string, ttlSeconds: number): Promise<void> {
  await dropIfExpired(tx, key);
  await tx.query(
    `INSERT INTO ${SCHEMA}.kv_entry (key, value, expires_at) VALUES ($1, NULL, ${expiresIn(2)})
     ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
    [key, ttlSeconds],
  );
}
