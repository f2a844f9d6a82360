import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  afterEach(() => jest.useRealTimers());

  it('loads once per key until the entry expires', async () => {
    jest.useFakeTimers({ now: 0 });
    const cache = new TtlCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    jest.setSystemTime(1_001);
    expect(await cache.get('a', load)).toBe(3);
  });

  it('shares one load between concurrent misses and forgets failures', async () => {
    const cache = new TtlCache<number>(1_000);
    let loads = 0;
    const [x, y] = await Promise.all([
      cache.get('k', async () => ++loads),
      cache.get('k', async () => ++loads),
    ]);
    expect([x, y, loads]).toEqual([1, 1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });

  it('drops the oldest entry when full', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});
