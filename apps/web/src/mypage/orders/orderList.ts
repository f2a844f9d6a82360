import type { OrderDto } from '@mkt/contracts';

/** My page's order list: newest or oldest first by order date, five to a page (spec 000). */

export const ORDERS_PER_PAGE = 5;

export type OrderSort = 'newest' | 'oldest';

export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  newest: '최신순',
  oldest: '오래된순',
};

export interface OrderListView {
  page: number;
  sort: OrderSort;
}

/** `?page=2&sort=oldest`; anything else reads as page 1, newest first. */
export function orderListViewOf(search: URLSearchParams): OrderListView {
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: search.get('sort') === 'oldest' ? 'oldest' : 'newest',
  };
}

export function orderListSearch({ page, sort }: OrderListView): string {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (sort !== 'newest') query.set('sort', sort);
  const text = query.toString();
  return text ? `?${text}` : '';
}

function timeOf(order: Pick<OrderDto, 'orderDate'>): number {
  const time = Date.parse(order.orderDate);
  return Number.isNaN(time) ? 0 : time;
}

/** By order date; orders of the same instant by order number. */
export function sortOrders<T extends Pick<OrderDto, 'ono' | 'orderDate'>>(
  orders: readonly T[],
  sort: OrderSort,
): T[] {
  const direction = sort === 'newest' ? -1 : 1;
  return [...orders].sort((a, b) => direction * (timeOf(a) - timeOf(b) || a.ono - b.ono));
}

export interface OrderPage<T> {
  items: T[];
  /** The page shown: the asked one, or the last when it asked past the end. */
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function pageOfOrders<T>(orders: readonly T[], page: number, size = ORDERS_PER_PAGE): OrderPage<T> {
  const totalPages = Math.max(1, Math.ceil(orders.length / size));
  const shown = Math.min(Math.max(1, page), totalPages);
  return {
    items: orders.slice((shown - 1) * size, shown * size),
    page: shown,
    totalPages,
    hasPrevious: shown > 1,
    hasNext: shown < totalPages,
  };
}
