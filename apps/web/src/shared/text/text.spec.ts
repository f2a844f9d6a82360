import { formatDate } from './format';
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
});
