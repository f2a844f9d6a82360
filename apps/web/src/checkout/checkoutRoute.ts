import type { CartLineDto } from '@mkt/contracts';
import type { PaymentFormState } from '../shared/routing/checkoutState';
import { paths } from '../shared/routing/paths';
import type { PaymentFailure } from './checkoutFlow';

/**
 * What reaches the checkout through navigation: the cart's selected lines in router state
 * ({@link PaymentFormState}), and the fail page's message and code in its query, so a reload still
 * shows them.
 */

function isCartLine(value: unknown): value is CartLineDto {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<CartLineDto>;
  return typeof line.cino === 'number' && typeof line.p_name === 'string' && typeof line.c_cnt === 'number';
}

/** The selected cart lines carried by a navigation's state; null when there are none. */
export function checkoutLinesOf(state: unknown): CartLineDto[] | null {
  if (typeof state !== 'object' || state === null) return null;
  const lines: unknown = (state as Partial<PaymentFormState>).cartItems;
  if (!Array.isArray(lines) || lines.length === 0 || !lines.every(isCartLine)) return null;
  return lines;
}

export function paymentFailUrl({ message, code }: PaymentFailure): string {
  const query = new URLSearchParams({ message });
  if (code) query.set('code', code);
  return `${paths.paymentFail}?${query.toString()}`;
}

export function paymentFailureOf(search: URLSearchParams): PaymentFailure {
  return { message: search.get('message') ?? '', code: search.get('code') || null };
}
