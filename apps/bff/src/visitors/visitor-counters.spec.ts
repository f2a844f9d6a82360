import { InProcessVisitNotices, koreanDayAndHour, lastKoreanDays } from './visitor-counters';

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

  it('tell in-process subscribers of each visit until they unsubscribe', async () => {
    const notices = new InProcessVisitNotices();
    const heard = jest.fn();
    const unsubscribe = await notices.subscribe(heard);
    await notices.publish();
    await notices.publish();
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
    await notices.publish();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
