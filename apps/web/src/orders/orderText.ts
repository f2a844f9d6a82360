import {
  ORDER_STATUS_LABELS,
  PAYMENT_PROVIDERS,
  type OrderPaymentDto,
  type OrderStatus,
  type RefundPartDto,
} from '@mkt/contracts';

/** How an order reads to the shopper, at checkout and in my page. */

/** The order's name: the first product, and how many more ('사과 외 2건'). */
export function orderName(productNames: readonly string[]): string {
  const [first = ''] = productNames;
  return productNames.length > 1 ? `${first} 외 ${productNames.length - 1}건` : first;
}

/** The status label; a status this app does not know shows nothing (spec). */
export function orderStatusLabel(status: string): string {
  return Object.hasOwn(ORDER_STATUS_LABELS, status) ? ORDER_STATUS_LABELS[status as OrderStatus] : '';
}

const PAYMENT_METHOD_LABELS: Record<string, string> = { card: '카드' };

/** Orders that were paid: only these have a payment to ask for (a pending or cancelled one has none). */
const PAID_STATUSES: readonly OrderStatus[] = ['ORDER_COMPLETE', 'REFUND_PENDING', 'REFUND_COMPLETE'];
export const wasPaid = (status: OrderStatus) => PAID_STATUSES.includes(status);

/** How the order's payment reads: the provider chosen (토스페이, 카카오페이…), else the method. */
export function paymentMethodLabel(payment: Pick<OrderPaymentDto, 'pg_provider' | 'pm_method'>): string {
  const provider = PAYMENT_PROVIDERS.find((known) => known.pg === payment.pg_provider);
  return provider?.label ?? PAYMENT_METHOD_LABELS[payment.pm_method] ?? payment.pm_method;
}

/** A refund some seller rejected while another gave its part back: refunded in part. */
export const isPartlyRejected = (parts: readonly Pick<RefundPartDto, 'status'>[]) =>
  parts.some((part) => part.status === 'REJECTED') && parts.some((part) => part.status !== 'REJECTED');
