import { paths } from '../shared/routing/paths';
import { useCartCount, useRequireLogin } from '../shared/session';
import { CartIcon, HeartIcon } from '../shared/ui/icons';

/** Wish list and cart icons. Logged out, both alert that login is required and go to the login page. */
export function HeaderActions() {
  const goLoggedIn = useRequireLogin();
  const cartCount = useCartCount();

  return (
    <div className="header-actions">
      <button
        type="button"
        className="header-actions__button"
        aria-label="찜한 상품"
        title="찜한 상품"
        onClick={() => goLoggedIn(paths.wishlist)}
      >
        <HeartIcon size={28} />
      </button>
      <button
        type="button"
        className="header-actions__button"
        title="장바구니"
        onClick={() => goLoggedIn(paths.cart)}
      >
        <CartIcon size={28} />
        {/* Named by its text, so the visible count is part of the name: '장바구니 2개 상품'. */}
        <span className="sr-only">장바구니</span>
        {cartCount > 0 && (
          <span className="header-actions__badge">
            <span data-testid="cart-count">{cartCount > 99 ? '99+' : cartCount}</span>
            <span className="sr-only">개 상품</span>
          </span>
        )}
      </button>
    </div>
  );
}
