import { queryOptions } from '@tanstack/react-query';
import type { WishDto } from '@mkt/contracts';
import { http } from './http';

/** The signed-in member's wish list (spec section 7); the server checks that `mno` is the caller's. */

export const wishKeys = {
  /** The list; a product's wish state sits under it, so invalidating it refreshes both. */
  list: (mno: number) => ['wishlist', mno] as const,
  product: (mno: number, pno: number) => ['wishlist', mno, 'product', pno] as const,
};

/** GET /api/wishlist/list/{mno}: newest first. */
export function fetchWishlist(mno: number, signal?: AbortSignal): Promise<WishDto[]> {
  return http.get<WishDto[]>(`/api/wishlist/list/${mno}`, { signal });
}

/** A wish number answered as JSON or as plain text; an empty answer is no wish. */
export function parseWishNumber(body: unknown): number | null {
  const value = typeof body === 'string' ? (body.trim() === '' ? undefined : Number(body)) : body;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new Error(`찜 번호를 읽을 수 없습니다: ${String(body)}`);
  }
  return value;
}

/** GET /api/wishlist/wno/{mno}/{pno}: the wish's number, or null when the product is not wished. */
export async function fetchWishNumber(
  mno: number,
  pno: number,
  signal?: AbortSignal,
): Promise<number | null> {
  return parseWishNumber(await http.get<unknown>(`/api/wishlist/wno/${mno}/${pno}`, { signal }));
}

/** POST /api/wishlist/add/{mno}/{pno}: answers the wish's number (adding twice keeps one wish). */
export async function addWish(mno: number, pno: number): Promise<number> {
  const wno = parseWishNumber(await http.post<unknown>(`/api/wishlist/add/${mno}/${pno}`));
  if (wno === null) throw new Error('찜 번호가 오지 않았습니다.');
  return wno;
}

/** DELETE /api/wishlist/delete/{wno}/{mno}: answers the remaining list. */
export function removeWish(mno: number, wno: number): Promise<WishDto[]> {
  return http.delete<WishDto[]>(`/api/wishlist/delete/${wno}/${mno}`);
}

export function wishlistQuery(mno: number) {
  return queryOptions({
    queryKey: wishKeys.list(mno),
    queryFn: ({ signal }) => fetchWishlist(mno, signal),
  });
}

export function wishStateQuery(mno: number, pno: number) {
  return queryOptions({
    queryKey: wishKeys.product(mno, pno),
    queryFn: ({ signal }) => fetchWishNumber(mno, pno, signal),
  });
}
