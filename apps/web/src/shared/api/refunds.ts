import type { RefundDto, RefundHistoryPage, SellerOrderDto } from '@mkt/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, type QueryParams } from './http';

/** Refund calls and the consoles' order lists (CLIENT-CONTRACT "Orders, payments, refunds"). */

export interface RefundHistoryParams {
  /** Zero-based, as the server pages. */
  page: number;
  size: number;
  /** `requestDate,desc`, `amount,asc`, ... */
  sort: string;
  status: 'all' | 'PENDING' | 'COMPLETED' | 'REJECTED';
}

export interface ConsoleOrderFilter {
  status?: 'ORDER_COMPLETE' | 'REFUND_PENDING' | 'REFUND_COMPLETE';
  mno?: number;
}

export const refundKeys = {
  all: ['refunds'] as const,
  history: (params: RefundHistoryParams) => ['refunds', 'history', params] as const,
  consoleOrders: (filter: ConsoleOrderFilter) => ['refunds', 'console-orders', filter] as const,
};

/**
 * POST /api/orders/{ono}/refund. The spec's client sends the payment's ids with the reason; the
 * server reads only the reason (payment knows the order's payment). The answer should be an object.
 */
export function requestRefund(
  ono: number,
  body: { rf_reason: string; imp_uid?: string; merchant_uid?: string },
): Promise<RefundDto | unknown> {
  return http.post<unknown>(`/api/orders/${ono}/refund`, body);
}

/** GET /api/refunds: the member's refunds, a zero-based page. */
export function refundHistoryQuery(params: RefundHistoryParams) {
  return queryOptions({
    queryKey: refundKeys.history(params),
    queryFn: ({ signal }) => http.get<RefundHistoryPage>('/api/refunds', { query: { ...params }, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * The console's orders: GET /api/orders, /api/orders/status?status= or
 * /api/orders/user/{mno}/status[?status=], by which filters are set.
 */
export function consoleOrdersPath(filter: ConsoleOrderFilter): { path: string; query: QueryParams } {
  if (filter.mno) return { path: `/api/orders/user/${filter.mno}/status`, query: { status: filter.status } };
  if (filter.status) return { path: '/api/orders/status', query: { status: filter.status } };
  return { path: '/api/orders', query: {} };
}

export function consoleOrdersQuery(filter: ConsoleOrderFilter) {
  const { path, query } = consoleOrdersPath(filter);
  return queryOptions({
    queryKey: refundKeys.consoleOrders(filter),
    queryFn: ({ signal }) => http.get<SellerOrderDto[]>(path, { query, signal }),
    staleTime: 0,
  });
}

/** POST /api/refunds/{rfno}/approve: answers the text the console shows. */
export function approveRefund(rfno: number): Promise<string> {
  return http.post<string>(`/api/refunds/${rfno}/approve`);
}

/** POST /api/refunds/{rfno}/reject (ours), with the reason the shopper reads; answers text. */
export function rejectRefund(rfno: number, reason: string): Promise<string> {
  return http.post<string>(`/api/refunds/${rfno}/reject`, { reason });
}
