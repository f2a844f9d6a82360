/**
 * Number of lines in the member's cart, for the header badge. The cart call (GET /api/cart/{mno})
 * arrives with the cart issue; until then the count is 0 and no badge is shown.
 */
export function useCartCount(): number {
  return 0;
}
