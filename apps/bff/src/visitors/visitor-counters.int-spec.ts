import type { OpenedStore } from '../../test/support/key-value-stores';
import { KEY_VALUE_STORES } from '../../test/support/key-value-stores';
import { InProcessVisitNotices, VisitorCounters } from './visitor-counters';

// Opening PGlite (PostgreSQL in WebAssembly) takes seconds on a busy machine.
jest.setTimeout(60_000);

describe.each(KEY_VALUE_STORES)('visitor counters on %s', (_name, open) => {
  let opened: OpenedStore;
  let counters: VisitorCounters;

  beforeAll(async () => {
    opened = await open();
    counters = new VisitorCounters(opened.store, new InProcessVisitNotices(), 3);
  });
  afterAll(() => opened.close());

  it('count a visitor once an hour as a visit and once a Korean day as a visitor', async () => {
    await counters.record('a', new Date('2026-11-22T01:10:00Z'));
    await counters.record('a', new Date('2026-11-22T01:20:00Z'));
    await counters.record('a', new Date('2026-11-22T02:05:00Z'));
    await counters.record('b', new Date('2026-11-22T02:00:00Z'));
    expect(await counters.daily(['2026-11-21', '2026-11-22'])).toEqual([
      { date: '2026-11-21', visits: 0, visitors: 0 },
      { date: '2026-11-22', visits: 3, visitors: 2 },
    ]);
    const hours = await counters.hourly('2026-11-22');
    expect(hours).toHaveLength(24);
    expect(hours[10]).toEqual({ hour: 10, visits: 1 });
    expect(hours[11]).toEqual({ hour: 11, visits: 2 });
    expect(hours[12]).toEqual({ hour: 12, visits: 0 });
  });

  it('issue a client address its daily share of visitor ids, and know the ids it issued', async () => {
    const day = new Date('2026-11-23T03:00:00Z');
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await counters.issue('203.0.113.7', day));
    expect(ids.slice(0, 3).every((id) => typeof id === 'string')).toBe(true);
    expect(ids.slice(3)).toEqual([undefined, undefined]);
    expect(await counters.issue('203.0.113.8', day)).toEqual(expect.any(String));
    // The next Korean day brings a new share.
    expect(await counters.issue('203.0.113.7', new Date('2026-11-23T16:00:00Z'))).toEqual(expect.any(String));
    expect(await counters.issued(ids[0]!)).toBe(true);
    expect(await counters.issued('00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('tell subscribers of each visit', async () => {
    const heard = jest.fn();
    const unsubscribe = await counters.subscribe(heard);
    await counters.record('c', new Date());
    unsubscribe();
    await counters.record('d', new Date());
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
