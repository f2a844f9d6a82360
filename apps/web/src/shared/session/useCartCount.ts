import { useQuery } from '@tanstack/react-query';
import { cartQuery } from '../api/cart';
import { useSession } from './useSession';

/**
 * Number of lines in the signed-in member's cart, for the header badge: the length of the
 * ['cart', mno] query, which every add, quantity change and delete updates or refetches. 0 while
 * logged out or until the cart has loaded.
 */
export function useCartCount(): number {
  const { member } = useSession();
  const cart = useQuery({ ...cartQuery(member?.mno ?? 0), enabled: member !== null });
  return member ? (cart.data?.length ?? 0) : 0;
}
