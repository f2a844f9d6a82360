import type { OptionDetailDto, ProductDetailDto } from '@mkt/contracts';
import {
  cartAdds,
  changeQuantity,
  chooseOption,
  hasCartableOption,
  initialModalSelection,
  initialSelection,
  isAtMax,
  MIN_MODAL_QUANTITY,
  removeOption,
  totalPrice,
} from './optionSelection';

const option = (odno: number, od_stock: number, od_price = 0): OptionDetailDto => ({
  odno,
  od_name: `옵션 ${odno}`,
  od_price,
  od_stock,
});

const product = (optionDetail: OptionDetailDto[]): ProductDetailDto => ({
  pno: 1,
  pName: '상품',
  p_name: '상품',
  pPrice: 10_000,
  p_price: 10_000,
  pSalePer: 15,
  p_salePer: 15,
  p_salesVol: 0,
  p_stock: 10,
  delFlag: false,
  businessName: '판매자',
  productImage: [],
  pContent: '',
  sno: 1,
  optionDetail,
  category: [],
});

describe('the options chosen on the detail page', () => {
  it('starts a one-option product at quantity 1 and a several-option product with none', () => {
    expect(initialSelection([option(1, 5)])).toEqual([{ odno: 1, quantity: 1 }]);
    expect(initialSelection([option(1, 5), option(2, 5)])).toEqual([]);
    expect(initialSelection([option(1, 0)])).toEqual([]);
  });

  it('adds a chosen option once, at quantity 1, and never a sold-out one', () => {
    const once = chooseOption([], option(1, 5));
    expect(once).toEqual([{ odno: 1, quantity: 1 }]);
    expect(chooseOption(once, option(1, 5))).toEqual(once);
    expect(chooseOption(once, option(2, 0))).toEqual(once);
  });

  it('keeps quantities between 1 and the stock', () => {
    const o = option(1, 3);
    let chosen = chooseOption([], o);
    chosen = changeQuantity(chosen, o, 0);
    expect(chosen[0].quantity).toBe(1);
    chosen = changeQuantity(chosen, o, 5);
    expect(chosen[0].quantity).toBe(3);
    expect(isAtMax(chosen[0], o)).toBe(true);
    expect(removeOption(chosen, 1)).toEqual([]);
  });

  it('totals the cards with surcharges, each rounded up to 10 won', () => {
    const a = option(1, 9);
    const b = option(2, 9, 4_900);
    const p = product([a, b]);
    const chosen = changeQuantity(chooseOption(chooseOption([], a), b), a, 2);
    // 8,500 x 2 + (8,500 + 4,900) x 1
    expect(totalPrice(p, chosen)).toBe(30_400);
    expect(hasCartableOption(chosen)).toBe(true);
    expect(hasCartableOption([])).toBe(false);
  });

  it('starts the add-to-cart modal with a lone option at 1 and several options all at 0', () => {
    expect(initialModalSelection([option(1, 5)])).toEqual([{ odno: 1, quantity: 1 }]);
    expect(initialModalSelection([option(1, 0)])).toEqual([{ odno: 1, quantity: 0 }]);
    expect(initialModalSelection([option(1, 5), option(2, 5)])).toEqual([
      { odno: 1, quantity: 0 },
      { odno: 2, quantity: 0 },
    ]);
  });

  it('lets a modal row go down to 0 but not below, nor above the stock', () => {
    const o = option(1, 2);
    let chosen = initialModalSelection([o, option(2, 5)]);
    chosen = changeQuantity(chosen, o, -1, MIN_MODAL_QUANTITY);
    expect(chosen[0].quantity).toBe(0);
    expect(hasCartableOption(chosen)).toBe(false);
    chosen = changeQuantity(chosen, o, 3, MIN_MODAL_QUANTITY);
    expect(chosen[0].quantity).toBe(2);
    expect(hasCartableOption(chosen)).toBe(true);
  });

  it('adds only the options with a quantity above 0', () => {
    expect(
      cartAdds([
        { odno: 1, quantity: 0 },
        { odno: 2, quantity: 3 },
      ]),
    ).toEqual([{ odno: 2, c_cnt: 3 }]);
  });
});
