import { checkProductForm, productFormOfEdit, ProductMessages } from './products';

const valid = {
  pName: ' 사과 ',
  pContent: '설명',
  pPrice: '12000',
  pSalePer: '10',
  pStock: '5',
  ctnos: ['7', 7, 8],
  options: [{ od_name: '1kg', od_price: '0', od_stock: '3' }],
};

describe('checkProductForm', () => {
  it('reads numbers given as strings, trims text and drops repeated categories', () => {
    expect(checkProductForm(valid)).toEqual({
      ok: true,
      value: {
        pName: '사과',
        pContent: '설명',
        pPrice: 12_000,
        pSalePer: 10,
        pStock: 5,
        ctnos: [7, 8],
        options: [{ od_name: '1kg', od_price: 0, od_stock: 3 }],
      },
    });
  });

  it("answers the first of the spec's checks in its order", () => {
    const everythingWrong = { pName: '', pContent: '', pPrice: '', ctnos: [] };
    expect(checkProductForm(everythingWrong)).toEqual({ ok: false, message: ProductMessages.nameRequired });
    expect(checkProductForm({ ...everythingWrong, pName: 'a' })).toEqual({
      ok: false,
      message: ProductMessages.contentRequired,
    });
    expect(checkProductForm({ ...everythingWrong, pName: 'a', pContent: 'b' })).toEqual({
      ok: false,
      message: ProductMessages.priceRequired,
    });
    expect(checkProductForm({ ...everythingWrong, pName: 'a', pContent: 'b', pPrice: 1 })).toEqual({
      ok: false,
      message: ProductMessages.categoryRequired,
    });
  });

  it.each([
    [{ pSalePer: 99 }, true],
    [{ pSalePer: '100' }, false],
    [{ pPrice: 0 }, true],
    [{ pPrice: '1e3' }, false],
    [{ pStock: '1.5' }, false],
    [{ ctnos: ['x'] }, false],
    [{ options: [{ od_name: 'a', od_price: -1, od_stock: 1 }] }, false],
  ])('%j is accepted: %s', (change, accepted) => {
    expect(checkProductForm({ ...valid, ...change }).ok).toBe(accepted);
  });
});

describe('productFormOfEdit', () => {
  it('reads the categories and options of the detail call', () => {
    const form = productFormOfEdit({
      pName: 'a',
      category: [{ ctno: 3, cateName: 'x' }],
      optionDetail: [{ odno: 1, od_name: 'b', od_price: 0, od_stock: 1 }],
    });
    expect(form.ctnos).toEqual([3]);
    expect(form.options).toEqual([{ odno: 1, od_name: 'b', od_price: 0, od_stock: 1 }]);
    expect(
      productFormOfEdit({ categoryProductBumpers: [{ ctno: 4 }], category: [{ ctno: 3 }] }).ctnos,
    ).toEqual([4]);
  });
});
