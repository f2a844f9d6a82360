import { formatDate, formatDateTime } from './format';
import { isChoseongKeyword } from './korean';

describe('Korean text helpers', () => {
  it('tells a keyword of initial consonants only', () => {
    expect(isChoseongKeyword('ㄱㅊ')).toBe(true);
    expect(isChoseongKeyword('ㅇㄱㄴ ㅁㅍ')).toBe(true);
    expect(isChoseongKeyword('김치')).toBe(false);
    expect(isChoseongKeyword('ㄱ치')).toBe(false);
    expect(isChoseongKeyword('ㅏ')).toBe(false);
    expect(isChoseongKeyword('  ')).toBe(false);
  });

  it('writes server dates as yyyy.MM.dd', () => {
    // Without a zone the day stays as written; with one it is read in local time (noon UTC is the same day from -11 to +11).
    expect(formatDate('2025-03-07T23:30:00')).toBe('2025.03.07');
    expect(formatDate('2025-03-07')).toBe('2025.03.07');
    expect(formatDate('2025-03-07T12:00:00.053Z')).toBe('2025.03.07');
    expect(formatDate('2025-03-07T12:00:00+00:00')).toBe('2025.03.07');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('')).toBe('');
  });

  it('writes server date-times as yyyy.MM.dd HH:mm', () => {
    expect(formatDateTime('2025-03-07T23:30:00')).toBe('2025.03.07 23:30');
    expect(formatDateTime('2025-03-07')).toBe('2025.03.07');
    const instant = '2025-03-07T12:05:00.053Z';
    const local = new Date(instant);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(instant)).toBe(
      `${local.getFullYear()}.${pad(local.getMonth() + 1)}.${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('');
  });
});
