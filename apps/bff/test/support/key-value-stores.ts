import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { openEmbeddedDatabase } from '@mkt/persistence';
import { testInfrastructure } from '@mkt/testing';
import { EmbeddedKeyValueStore } from '../../src/auth/embedded-key-value-store';
import type { KeyValueStore } from '../../src/auth/key-value-store';
import { RedisKeyValueStore } from '../../src/auth/key-value-store';

export interface OpenedStore {
  store: KeyValueStore;
  close(): Promise<void>;
}

/** The Redis store, under a namespace of the test's own. */
export async function openRedisStore(): Promise<OpenedStore> {
  const redis = new Redis((await testInfrastructure()).redisUrl);
  return {
    store: new RedisKeyValueStore(redis, `test:kv:${randomBytes(4).toString('hex')}:`),
    close: async () => redis.disconnect(),
  };
}

/** The embedded store, on an in-memory PGlite. */
export async function openEmbeddedStore(): Promise<OpenedStore> {
  const database = await openEmbeddedDatabase();
  const store = await EmbeddedKeyValueStore.open(database);
  return {
    store,
    close: async () => {
      store.close();
      await database.close();
    },
  };
}

/** Both stores the BFF runs on, real, for suites that must behave alike on each. */
export const KEY_VALUE_STORES: [string, () => Promise<OpenedStore>][] = [
  ['Redis', openRedisStore],
  ['the embedded database', openEmbeddedStore],
];
