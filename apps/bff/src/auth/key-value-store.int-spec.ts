import { openEmbeddedDatabase } from '@mkt/persistence';
import type { OpenedStore } from '../../test/support/key-value-stores';
import { KEY_VALUE_STORES } from '../../test/support/key-value-stores';
import { EmbeddedKeyValueStore } from './embedded-key-value-store';

// Opening PGlite (PostgreSQL in WebAssembly) takes seconds on a busy machine.
jest.setTimeout(60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same behaviour from Redis (distributed mode) and the embedded database (standalone mode). */
describe.each(KEY_VALUE_STORES)('the key-value store on %s', (_name, open) => {
  let opened: OpenedStore;

  beforeAll(async () => {
    opened = await open();
  });
  afterAll(() => opened.close());

  it('keeps, replaces and deletes strings; an absent key is null', async () => {
    const { store } = opened;
    expect(await store.get('string:a')).toBeNull();
    await store.set('string:a', 'one', 60);
    await store.set('string:a', 'two', 60);
    await store.set('string:b', 'three', 60);
    expect(await store.get('string:a')).toBe('two');
    await store.delete(['string:a', 'string:b', 'string:never']);
    expect(await store.get('string:a')).toBeNull();
    expect(await store.get('string:b')).toBeNull();
  });

  it('lets exactly one of many concurrent setIfAbsent calls win', async () => {
    const { store } = opened;
    const won = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.setIfAbsent('once', `${i}`, 60)),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await store.get('once')).toBe(String(won.indexOf(true)));
  });

  it('counts concurrent increments without losing one', async () => {
    const { store } = opened;
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment('counter', 60)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await store.get('counter')).toBe('20');
  });

  it('keeps sets, counts by field and distinct members; delete ends them', async () => {
    const { store } = opened;
    for (const member of ['x', 'y', 'x']) await store.addToSet('set', member, 60);
    expect((await store.setMembers('set')).sort()).toEqual(['x', 'y']);
    for (const field of ['9', '9', '10']) await store.incrementField('fields', field, 60);
    expect(await store.fieldCounts('fields')).toEqual({ '9': 2, '10': 1 });
    for (const member of ['a', 'b', 'a', 'c']) await store.addDistinct('distinct', member, 60);
    expect(await store.countDistinct('distinct')).toBe(3);
    await store.delete(['set', 'fields', 'distinct']);
    expect(await store.setMembers('set')).toEqual([]);
    expect(await store.fieldCounts('fields')).toEqual({});
    expect(await store.countDistinct('distinct')).toBe(0);
  });

  it('forgets keys once their time is up, and starts them afresh on the next write', async () => {
    const { store } = opened;
    await store.set('brief:string', 'v', 1);
    await store.addToSet('brief:set', 'old', 1);
    await store.incrementField('brief:fields', 'f', 1);
    await store.addDistinct('brief:distinct', 'old', 1);
    await store.increment('brief:counter', 1);
    expect(await store.setIfAbsent('brief:string', 'w', 1)).toBe(false);
    await pause(1_500);
    expect(await store.get('brief:string')).toBeNull();
    expect(await store.setMembers('brief:set')).toEqual([]);
    expect(await store.fieldCounts('brief:fields')).toEqual({});
    expect(await store.countDistinct('brief:distinct')).toBe(0);
    expect(await store.setIfAbsent('brief:string', 'w', 60)).toBe(true);
    expect(await store.increment('brief:counter', 60)).toBe(1);
    await store.addToSet('brief:set', 'new', 60);
    expect(await store.setMembers('brief:set')).toEqual(['new']);
  });

  it('starts a counter’s window at its first count: later counts do not extend it', async () => {
    const { store } = opened;
    await store.increment('window', 2);
    await pause(1_000);
    expect(await store.increment('window', 2)).toBe(2);
    await pause(1_200);
    expect(await store.get('window')).toBeNull();
  });
});

describe('the embedded key-value store', () => {
  it('prunes expired keys with their members, and keeps what a reopened database held', async () => {
    const database = await openEmbeddedDatabase();
    const store = await EmbeddedKeyValueStore.open(database);
    await store.set('kept', 'v', 60);
    await store.addToSet('brief', 'member', 1);
    await pause(1_100);
    expect(await store.pruneExpired()).toBe(1);
    const rows = await database.query<{ key: string }>(
      'SELECT key FROM bff.kv_entry UNION ALL SELECT key FROM bff.kv_member',
    );
    expect(rows.rows).toEqual([{ key: 'kept' }]);
    store.close();
    // Opening it again, as the next start does, applies nothing twice and keeps the data.
    const reopened = await EmbeddedKeyValueStore.open(database);
    expect(await reopened.get('kept')).toBe('v');
    reopened.close();
    await database.close();
  });

  it('answers a key read again from memory until a write touches it, and forgets a read a write overtook', async () => {
    const database = await openEmbeddedDatabase();
    const store = await EmbeddedKeyValueStore.open(database);
    const queries = jest.spyOn(database, 'query');
    expect(await store.get('sessions:ended:7')).toBeNull();
    const afterFirstRead = queries.mock.calls.length;
    expect(await store.get('sessions:ended:7')).toBeNull();
    expect(queries.mock.calls.length).toBe(afterFirstRead);

    await store.set('sessions:ended:7', 'banned', 60);
    expect(await store.get('sessions:ended:7')).toBe('banned');
    await store.delete(['sessions:ended:7']);
    expect(await store.get('sessions:ended:7')).toBeNull();

    // A read that was under way when the write came is not kept.
    await Promise.all([store.get('raced'), store.set('raced', 'new', 60)]);
    expect(await store.get('raced')).toBe('new');

    await store.set('brief', 'v', 1);
    expect(await store.get('brief')).toBe('v');
    await pause(1_100);
    expect(await store.get('brief')).toBeNull();
    store.close();
    await database.close();
  });
});
