import { parseWishNumber } from './wishlist';

describe('the wish number answer', () => {
  it('reads a JSON number or a plain-text number', () => {
    expect(parseWishNumber(12)).toBe(12);
    expect(parseWishNumber('12')).toBe(12);
  });

  it('reads an empty answer as no wish', () => {
    expect(parseWishNumber(undefined)).toBeNull();
    expect(parseWishNumber('')).toBeNull();
    expect(parseWishNumber(null)).toBeNull();
  });

  it('refuses anything else', () => {
    expect(() => parseWishNumber('abc')).toThrow();
    expect(() => parseWishNumber(0)).toThrow();
    expect(() => parseWishNumber({ wno: 1 })).toThrow();
  });
});
