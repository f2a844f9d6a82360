import { orderListSearch, orderListViewOf, pageOfOrders, sortOrders } from './orderList';

const order = (ono: number, orderDate: string) => ({ ono, orderDate });

describe('my page order list', () => {
  const orders = [
    order(1, '2026-01-05T10:00:00Z'),
    order(3, '2026-03-01T09:00:00Z'),
    order(2, '2026-02-10T12:00:00Z'),
    order(4, '2026-03-01T09:00:00Z'),
  ];

  it('sorts by order date, newest or oldest first, same instants by order number', () => {
    expect(sortOrders(orders, 'newest').map((o) => o.ono)).toEqual([4, 3, 2, 1]);
    expect(sortOrders(orders, 'oldest').map((o) => o.ono)).toEqual([1, 2, 3, 4]);
    expect(orders.map((o) => o.ono)).toEqual([1, 3, 2, 4]);
  });

  it('shows five a page with previous and next, clamping a page past either end', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(pageOfOrders(twelve, 1)).toEqual({
      items: [1, 2, 3, 4, 5],
      page: 1,
      totalPages: 3,
      hasPrevious: false,
      hasNext: true,
    });
    expect(pageOfOrders(twelve, 3)).toMatchObject({ items: [11, 12], hasPrevious: true, hasNext: false });
    expect(pageOfOrders(twelve, 9).page).toBe(3);
    expect(pageOfOrders(twelve, 0).page).toBe(1);
    expect(pageOfOrders([], 1)).toEqual({
      items: [],
      page: 1,
      totalPages: 1,
      hasPrevious: false,
      hasNext: false,
    });
    expect(pageOfOrders(twelve.slice(0, 5), 1).hasNext).toBe(false);
  });

  it('keeps page and sort in the query, with defaults left out', () => {
    expect(orderListViewOf(new URLSearchParams('page=2&sort=oldest'))).toEqual({ page: 2, sort: 'oldest' });
    expect(orderListViewOf(new URLSearchParams('page=x&sort=up'))).toEqual({ page: 1, sort: 'newest' });
    expect(orderListViewOf(new URLSearchParams('page=-3'))).toEqual({ page: 1, sort: 'newest' });
    expect(orderListSearch({ page: 1, sort: 'newest' })).toBe('');
    expect(orderListSearch({ page: 3, sort: 'oldest' })).toBe('?page=3&sort=oldest');
  });
});
