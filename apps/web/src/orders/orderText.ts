import { ORDER_STATUS_LABELS, type OrderStatus } from '@mkt/contracts';

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
