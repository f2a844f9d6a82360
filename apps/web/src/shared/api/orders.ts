import type {
  OrderCreate,
  OrderDto,
  OrderLineDto,
  OrderPaymentDto,
  PaymentGatewayDto,
  PaymentRecord,
  PaymentRecordResult,
  PaymentVerificationDto,
  PlacedOrderDto,
  RefundHistoryItem,
  SandboxPayRequest,
  SandboxPayResult,
} from '@mkt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http, HttpError } from './http';

/** The checkout and order calls (CLIENT-CONTRACT "Orders, payments, refunds"). */

/** POST /api/orders: one order per `idempotencyKey`; a repeated submission answers the first order. */
export function placeOrder(order: OrderCreate, idempotencyKey: string): Promise<PlacedOrderDto> {
  return http.post<PlacedOrderDto>('/api/orders', order, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** GET /api/payments/gateway: which payment window to open. */
export function fetchPaymentGateway(signal?: AbortSignal): Promise<PaymentGatewayDto> {
  return http.get<PaymentGatewayDto>('/api/payments/gateway', { signal });
}

/** POST /api/payments/sandbox/pay: what the sandbox payment window's buttons call. */
export function sandboxPay(payment: SandboxPayRequest): Promise<SandboxPayResult> {
  return http.post<SandboxPayResult>('/api/payments/sandbox/pay', payment);
}

/** POST /api/orders/{ono}/payment-abandoned (ours): the window closed or declined; the order is cancelled. */
export function abandonPayment(ono: number, outcome: 'cancelled' | 'declined'): Promise<OrderDto> {
  return http.post<OrderDto>(`/api/orders/${ono}/payment-abandoned`, { outcome });
}

/** POST /api/payments: records the gateway payment of an order (2xx even when `success` is false). */
export function recordPayment(payment: PaymentRecord): Promise<PaymentRecordResult> {
  return http.post<PaymentRecordResult>('/api/payments', payment);
}

/** POST /api/checkout/verify/{imp_uid}/{pmno}: waits a few seconds for the order to complete. */
export function verifyCheckout(impUid: string, pmno: number): Promise<PaymentVerificationDto> {
  return http.post<PaymentVerificationDto>(
    `/api/checkout/verify/${encodeURIComponent(impUid)}/${encodeURIComponent(pmno)}`,
  );
}

export const orderKeys = {
  all: ['orders'] as const,
  ofMember: (mno: number) => ['orders', 'member', mno] as const,
  one: (mno: number, ono: number) => ['orders', 'member', mno, ono] as const,
  lines: (ono: number) => ['orders', 'lines', ono] as const,
  payment: (ono: number) => ['orders', 'payment', ono] as const,
  refunds: (ono: number) => ['orders', 'refunds', ono] as const,
};

/** GET /api/orders/member/{mno}: the member's orders, newest first. */
export function memberOrdersQuery(mno: number) {
  return queryOptions({
    queryKey: orderKeys.ofMember(mno),
    queryFn: ({ signal }) => http.get<OrderDto[]>(`/api/orders/member/${mno}`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/orders/member/{mno}/{ono}: one order of the member. */
export function memberOrderQuery(mno: number, ono: number) {
  return queryOptions({
    queryKey: orderKeys.one(mno, ono),
    queryFn: ({ signal }) => http.get<OrderDto>(`/api/orders/member/${mno}/${ono}`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/order-details/order/{ono}: the order's lines. */
export function orderLinesQuery(ono: number) {
  return queryOptions({
    queryKey: orderKeys.lines(ono),
    queryFn: ({ signal }) => http.get<OrderLineDto[]>(`/api/order-details/order/${ono}`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/orders/{ono}/refunds (ours): the order's refunds, each seller's part with its state. */
export function orderRefundsQuery(ono: number) {
  return queryOptions({
    queryKey: orderKeys.refunds(ono),
    queryFn: ({ signal }) => http.get<RefundHistoryItem[]>(`/api/orders/${ono}/refunds`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/payments/order/{ono}: the order's verified payment; null when it has none (404). */
export function orderPaymentQuery(ono: number) {
  return queryOptions({
    queryKey: orderKeys.payment(ono),
    queryFn: async ({ signal }) => {
      try {
        return await http.get<OrderPaymentDto>(`/api/payments/order/${ono}`, { signal });
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}
