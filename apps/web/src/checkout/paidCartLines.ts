import type { CartLineDto } from '@mkt/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { cartKeys } from '../shared/api/cart';

/**
 * After a paid order. The cart service drops the paid lines on the order's completion event, which
 * can come just after the verification answered, so the cart read at once may still list them: the
 * cached cart (and with it the header badge) forgets them now, and every cart query is marked
 * stale, read again when next shown.
 */
export function forgetPaidCartLines(queryClient: QueryClient, mno: number, paidCinos: readonly number[]) {
  const paid = new Set(paidCinos);
  queryClient.setQueryData<CartLineDto[]>(cartKeys.lines(mno), (lines) =>
    lines?.filter((line) => !paid.has(line.cino)),
  );
  return queryClient.invalidateQueries({ queryKey: cartKeys.all, refetchType: 'none' });
}
