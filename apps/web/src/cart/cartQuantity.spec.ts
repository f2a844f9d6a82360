import { MAX_CART_QUANTITY, type CartLineDto } from '@mkt/contracts';
import { canChangeQuantity, originalAmount, planQuantity, replaceLine, withQuantity } from './cartQuantity';

const line = (fields: Partial<CartLineDto> = {}): CartLineDto => ({
  cino: 1,
  mno: 7,
  pno: 3,
  odno: 11,
  c_cnt: 2,
  p_name: '유기농 사과',
  od_name: '3kg',
  pi_name: '',
  p_price: 19_900,
  od_price: 1_500,
  p_salePer: 15,
  p_stock: 50,
  od_stock: 5,
  businessName: '바다마켓',
  lineAmount: 36_840,
  unavailable: null,
  ...fields,
});

describe('cart quantity buttons', () => {
  it('saves a quantity from 1 to the stock', () => {
    expect(planQuantity(line(), 3)).toEqual({ kind: 'save', quantity: 3 });
    expect(planQuantity(line(), 1)).toEqual({ kind: 'save', quantity: 1 });
    expect(planQuantity(line(), 5)).toEqual({ kind: 'save', quantity: 5 });
  });

  it('asks to delete when going below 1', () => {
    expect(planQuantity(line({ c_cnt: 1 }), 0)).toEqual({ kind: 'confirm-delete' });
  });

  it('alerts the maximum above the stock, and above the typo guard whatever the stock', () => {
    expect(planQuantity(line({ c_cnt: 5 }), 6)).toEqual({ kind: 'over-stock', max: 5 });
    expect(planQuantity(line({ c_cnt: MAX_CART_QUANTITY, od_stock: 5_000 }), MAX_CART_QUANTITY + 1)).toEqual({
      kind: 'over-stock',
      max: MAX_CART_QUANTITY,
    });
  });

  it('steps a line holding more than is left straight down to what is left', () => {
    expect(planQuantity(line({ c_cnt: 9, od_stock: 3 }), 8)).toEqual({ kind: 'save', quantity: 3 });
    expect(planQuantity(line({ c_cnt: 9, od_stock: 3 }), 10)).toEqual({ kind: 'over-stock', max: 3 });
  });

  it('lets deleted and sold-out lines only be removed', () => {
    expect(canChangeQuantity(line({ unavailable: 'DELETED' }))).toBe(false);
    expect(canChangeQuantity(line({ unavailable: 'SOLD_OUT' }))).toBe(false);
    expect(canChangeQuantity(line({ unavailable: 'NOT_ENOUGH_STOCK' }))).toBe(true);
    expect(canChangeQuantity(line())).toBe(true);
  });

  it('shows a changed line with the line amount the server will compute', () => {
    // 3 x (16,915 + 1,500) = 55,245, rounded up once: 55,250
    expect(withQuantity(line(), 3)).toMatchObject({ c_cnt: 3, lineAmount: 55_250, unavailable: null });
    expect(
      withQuantity(line({ c_cnt: 9, od_stock: 3, unavailable: 'NOT_ENOUGH_STOCK' }), 3).unavailable,
    ).toBeNull();
    expect(
      withQuantity(line({ c_cnt: 9, od_stock: 3, unavailable: 'NOT_ENOUGH_STOCK' }), 4).unavailable,
    ).toBe('NOT_ENOUGH_STOCK');
    expect(withQuantity(line({ unavailable: 'DELETED' }), 1).unavailable).toBe('DELETED');
  });

  it('gives the undiscounted amount and replaces one line by cino', () => {
    expect(originalAmount(line())).toBe(2 * 21_400);
    const other = line({ cino: 2 });
    const changed = line({ c_cnt: 4 });
    expect(replaceLine([line(), other], changed)).toEqual([changed, other]);
  });
});
