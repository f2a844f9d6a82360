import type { OptionSnapshot } from '@mkt/contracts';
import { toCartLine, unavailability } from './cart-lines';

const option: OptionSnapshot = {
  odno: 5,
  pno: 2,
  od_name: '600g',
  od_price: 55_000,
  od_stock: 3,
  p_name: '한우 선물세트',
  p_price: 59_000,
  p_salePer: 10,
  p_stock: 13,
  businessName: '한우명가',
  sellerId: 3,
  delFlag: false,
  pi_name: 'beef.jpg',
};
const stored = { cino: 9, mno: 4, pno: 2, odno: 5, cCnt: 2 };

describe('cart lines', () => {
  it('are orderable while the product is on sale and the stock covers the quantity', () => {
    expect(unavailability(3, option)).toBeNull();
    expect(unavailability(4, option)).toBe('NOT_ENOUGH_STOCK');
    expect(unavailability(1, { ...option, od_stock: 0 })).toBe('SOLD_OUT');
    expect(unavailability(1, { ...option, delFlag: true, od_stock: 0 })).toBe('DELETED');
    expect(unavailability(1, undefined)).toBe('DELETED');
  });

  it('carry the catalogue values and the amount of libs/pricing', () => {
    expect(toCartLine(stored, option)).toEqual({
      cino: 9,
      mno: 4,
      pno: 2,
      odno: 5,
      c_cnt: 2,
      p_name: '한우 선물세트',
      od_name: '600g',
      pi_name: 'beef.jpg',
      p_price: 59_000,
      od_price: 55_000,
      p_salePer: 10,
      p_stock: 13,
      od_stock: 3,
      businessName: '한우명가',
      lineAmount: 216_200,
      unavailable: null,
    });
  });

  it('stay visible when the catalogue no longer has the option, marked and costing nothing', () => {
    expect(toCartLine(stored, undefined)).toMatchObject({
      cino: 9,
      c_cnt: 2,
      p_name: '판매가 종료된 상품',
      lineAmount: 0,
      unavailable: 'DELETED',
    });
  });
});
