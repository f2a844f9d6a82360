import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CartLineDto, CartSummaryDto } from '@mkt/contracts';
import { http } from './http';

/** The signed-in member's cart (spec section 7); the server checks that `mno` is the caller's. */

export const cartKeys = {
  all: ['cart'] as const,
  /** The lines; their count is the header badge. Summaries sit under this key, so invalidating it refreshes them too. */
  lines: (mno: number) => ['cart', mno] as const,
  summary: (mno: number, cinos: readonly number[]) => ['cart', mno, 'summary', cinos] as const,
};

/** GET /api/cart/{mno}: the lines, cino ascending, with the server's line amounts. */
export function fetchCart(mno: number, signal?: AbortSignal): Promise<CartLineDto[]> {
  return http.get<CartLineDto[]>(`/api/cart/${mno}`, { signal });
}

/** GET /api/cart/{mno}/summary?cino=1,2: the payment summary of the chosen lines. */
export function fetchCartSummary(
  mno: number,
  cinos: readonly number[],
  signal?: AbortSignal,
): Promise<CartSummaryDto> {
  return http.get<CartSummaryDto>(`/api/cart/${mno}/summary`, { query: { cino: cinos.join(',') }, signal });
}

/** POST /api/cart/add: one option; an option already in the cart adds to its line. Answers the whole cart. */
export function addCartLine(mno: number, odno: number, c_cnt: number): Promise<CartLineDto[]> {
  return http.post<CartLineDto[]>('/api/cart/add', { mno, odno, c_cnt });
}

/** PUT /api/cart/change: the whole line with its new quantity, as the spec's client sends it. Answers the line. */
export function changeCartQuantity(line: CartLineDto, c_cnt: number): Promise<CartLineDto> {
  return http.put<CartLineDto>('/api/cart/change', { ...line, c_cnt });
}

/** DELETE /api/cart/delete/{cino}/{mno}: answers the remaining cart. */
export function deleteCartLine(mno: number, cino: number): Promise<CartLineDto[]> {
  return http.delete<CartLineDto[]>(`/api/cart/delete/${cino}/${mno}`);
}

export function cartQuery(mno: number) {
  return queryOptions({
    queryKey: cartKeys.lines(mno),
    queryFn: ({ signal }) => fetchCart(mno, signal),
  });
}

/** Keeps the previous figures on screen while a new selection's summary loads. */
export function cartSummaryQuery(mno: number, cinos: readonly number[]) {
  return queryOptions({
    queryKey: cartKeys.summary(mno, cinos),
    queryFn: ({ signal }) => fetchCartSummary(mno, cinos, signal),
    placeholderData: keepPreviousData,
  });
}
