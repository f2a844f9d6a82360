import { InMemoryCallCounter } from './request-rate-limit';

describe('InMemoryCallCounter', () => {
  afterEach(() => jest.useRealTimers());

  it('counts each key on its own and forgets every count at the next clock minute', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T10:00:58Z') });
    const counter = new InMemoryCallCounter();
    expect(await counter.increment('rate:a:1')).toBe(1);
    expect(await counter.increment('rate:a:1')).toBe(2);
    expect(await counter.increment('rate:b:1')).toBe(1);
    jest.setSystemTime(new Date('2026-11-24T10:00:59.999Z'));
    expect(await counter.increment('rate:a:1')).toBe(3);
    jest.setSystemTime(new Date('2026-11-24T10:01:00Z'));
    expect(await counter.increment('rate:a:1')).toBe(1);
  });
});
