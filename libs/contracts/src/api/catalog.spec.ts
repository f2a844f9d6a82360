import { z } from 'zod';
import { productListQuerySchema } from './catalog';

const sortOf = (query: Record<string, string>) => {
  const { sortBy, sort } = productListQuerySchema.parse(query);
  return { sortBy, sort };
};

const messagesOf = (query: Record<string, string>): Partial<Record<string, string[]>> => {
  const result = productListQuerySchema.safeParse(query);
  if (result.success) throw new Error(`accepted ${JSON.stringify(query)}`);
  return z.flattenError(result.error).fieldErrors;
};

describe('the product list query', () => {
  it('sorts by sales volume, descending, when nothing is asked', () => {
    expect(sortOf({})).toEqual({ sortBy: 'p_salesVol', sort: 'desc' });
  });

  it.each([
    [
      { sortBy: 'p_salesVol', sort: 'p_salesVol' },
      { sortBy: 'p_salesVol', sort: 'desc' },
    ],
    [
      { sortBy: 'p_stock', sort: 'p_stock', order: 'true' },
      { sortBy: 'p_stock', sort: 'asc' },
    ],
    [
      { sortBy: 'p_price', sort: 'p_price', order: 'false' },
      { sortBy: 'p_price', sort: 'desc' },
    ],
    [{ sort: 'pno' }, { sortBy: 'pno', sort: 'desc' }],
    [
      { sortBy: 'p_salePer', order: 'true' },
      { sortBy: 'p_salePer', sort: 'asc' },
    ],
  ])("reads the spec client's field name in sort and its order flag: %p", (query, expected) => {
    expect(sortOf(query)).toEqual(expected);
  });

  it.each([
    [
      { sortBy: 'p_price', sort: 'asc' },
      { sortBy: 'p_price', sort: 'asc' },
    ],
    [
      { sortBy: 'pno', sort: 'desc' },
      { sortBy: 'pno', sort: 'desc' },
    ],
    [
      { sortBy: 'p_stock', sort: 'asc', order: 'true' },
      { sortBy: 'p_stock', sort: 'asc' },
    ],
  ])("reads our web app's asc or desc in sort: %p", (query, expected) => {
    expect(sortOf(query)).toEqual(expected);
  });

  it('reads back what it produced (the BFF passes it on to catalog)', () => {
    const once = productListQuerySchema.parse({ sortBy: 'p_stock', sort: 'p_stock', order: 'true' });
    expect(productListQuerySchema.parse({ ...once })).toEqual(once);
  });

  it.each([
    [{ sort: 'sideways' }, 'sort', /sort는 asc, desc 또는 p_salesVol, pno, p_salePer, p_price, p_stock/],
    [{ sortBy: 'p_name' }, 'sortBy', /sortBy는 p_salesVol, pno/],
    [{ sort: 'p_stock', order: 'yes' }, 'order', /order는 true 또는 false/],
    [{ sortBy: 'p_price', sort: 'p_stock' }, 'sort', /서로 다른 정렬 항목/],
    [{ sort: 'desc', order: 'true' }, 'order', /서로 다른 정렬 방향/],
  ])('refuses %p with a Korean message on %s', (query, field, message) => {
    expect(messagesOf(query)[field]?.join()).toMatch(message);
  });
});
