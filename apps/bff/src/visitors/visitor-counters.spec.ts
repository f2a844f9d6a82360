import { koreanDayAndHour, lastKoreanDays, MemoryVisitorCounters } from './visitor-counters';

describe('visitor counters', () => {
  it('use the Korean day and hour (UTC+9)', () => {
    expect(koreanDayAndHour(new Date('2026-11-22T14:59:00Z'))).toEqual({ day: '2026-11-22', hour: 23 });
    expect(koreanDayAndHour(new Date('2026-11-22T15:00:00Z'))).toEqual({ day: '2026-11-23', hour: 0 });
  });

  it('list the last days in Korean time, oldest first', () => {
    expect(lastKoreanDays(3, new Date('2026-03-01T15:30:00Z'))).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('tell subscribers of each visit in memory until they unsubscribe', async () => {
    const counters = new MemoryVisitorCounters();
    const heard = jest.fn();
    const unsubscribe = await counters.subscribe(heard);
    await counters.record('a', new Date());
    await counters.record('b', new Date());
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
    await counters.record('c', new Date());
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('count visits by hour and distinct visitors by day in memory', async () => {
    const counters = new MemoryVisitorCounters();
    await counters.record('a', new Date('2026-11-22T01:10:00Z'));
    await counters.record('a', new Date('2026-11-22T01:20:00Z'));
    await counters.record('b', new Date('2026-11-22T02:00:00Z'));
    expect(await counters.daily(['2026-11-21', '2026-11-22'])).toEqual([
      { date: '2026-11-21', visits: 0, visitors: 0 },
      { date: '2026-11-22', visits: 3, visitors: 2 },
    ]);
    const hours = await counters.hourly('2026-11-22');
    expect(hours[10]).toEqual({ hour: 10, visits: 2 });
    expect(hours[11]).toEqual({ hour: 11, visits: 1 });
  });
});
