import { koreanDayAndHour, MemoryVisitorCounters } from './visitor-counters';

describe('visitor counters', () => {
  it('use the Korean day and hour (UTC+9)', () => {
    expect(koreanDayAndHour(new Date('2026-11-22T14:59:00Z'))).toEqual({ day: '2026-11-22', hour: 23 });
    expect(koreanDayAndHour(new Date('2026-11-22T15:00:00Z'))).toEqual({ day: '2026-11-23', hour: 0 });
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
