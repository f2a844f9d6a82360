import { ceilTo10Won, discountedPrice, formatWon, groupDigits, lineTotal, summarize } from './index';

describe('won pricing rules', () => {
  it('rounds the discounted price up to the next 10 won', () => {
    // 19,900 x 0.85 = 16,915 -> 16,920
    expect(discountedPrice(19_900, 15)).toBe(16_920);
    expect(discountedPrice(10_000, 0)).toBe(10_000);
    expect(discountedPrice(9_999, 100)).toBe(0);
    expect(discountedPrice(1_001, 0)).toBe(1_010);
  });

  it('rounds the checkout line once, after multiplying, not its unit price', () => {
    // The checkout document's example: 2 x 8,990 x 0.85 = 2 x 7,641.5 = 15,283 -> 15,290 (not 2 x 7,650).
    expect(lineTotal(8_990, 15, 0, 2)).toBe(15_290);
    expect(discountedPrice(8_990, 15)).toBe(7_650);
    // 3 x (16,915 + 1,500) = 55,245 -> 55,250
    expect(lineTotal(19_900, 15, 1_500, 3)).toBe(55_250);
    // One piece rounds as the card does.
    expect(lineTotal(19_900, 15, 0, 1)).toBe(discountedPrice(19_900, 15));
    expect(lineTotal(19_900, 15, 0, 0)).toBe(0);
    expect(ceilTo10Won(55_261)).toBe(55_270);
  });

  it('summarises undiscounted amount, discount and payment amount with free shipping', () => {
    const summary = summarize([
      { price: 19_900, salePercent: 15, optionPrice: 1_500, quantity: 3 },
      { price: 5_000, salePercent: 50, optionPrice: 0, quantity: 1 },
    ]);
    expect(summary).toEqual({
      productAmount: 3 * 21_400 + 5_000,
      paymentAmount: 55_250 + 2_500,
      discountAmount: 3 * 21_400 + 5_000 - (55_250 + 2_500),
      shippingFee: 0,
    });
  });

  it('rejects amounts that are not whole won and sale percents out of range', () => {
    expect(() => discountedPrice(100.5, 10)).toThrow(RangeError);
    expect(() => discountedPrice(-1, 10)).toThrow(RangeError);
    expect(() => discountedPrice(100, 101)).toThrow(RangeError);
    expect(() => lineTotal(100, 10, 0, 1.5)).toThrow(RangeError);
  });

  it('formats won with thousands separators', () => {
    expect(formatWon(1_234_567)).toBe('1,234,567원');
    expect(formatWon(0)).toBe('0원');
  });
});

describe('groupDigits', () => {
  it("writes numbers as Intl.NumberFormat('ko-KR') does", () => {
    const intl = new Intl.NumberFormat('ko-KR');
    for (const value of [
      0,
      7,
      999,
      1_000,
      12_345,
      1_234_567,
      999_999_999,
      -1,
      -1_000,
      -1_234_567,
      4.5,
      4.25,
      3.14159,
      1_234.5678,
      -0.0004,
      0.0005,
      2 ** 40,
    ])
      expect(groupDigits(value)).toBe(intl.format(value));
  });
});
