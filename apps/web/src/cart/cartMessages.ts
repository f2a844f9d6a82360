import type { CartLineUnavailability } from '@mkt/contracts';

/** What the cart says to the shopper (spec sections 5 and 8). */

export const CART_EMPTY_MESSAGE = '장바구니에 담긴 상품이 없습니다.';
/** Opening the cart logged out. */
export const CART_LOGIN_MESSAGE = '로그인 후 이용 가능합니다.';
export const SELECT_TO_PAY_MESSAGE = '결제할 상품을 선택해 주세요.';
export const DELETE_LINE_QUESTION = '이 상품을 장바구니에서 삭제하시겠습니까?';
export const deleteSelectedQuestion = (count: number) =>
  `선택한 상품 ${count}개를 장바구니에서 삭제하시겠습니까?`;
export const QUANTITY_SAVE_FAILED = '수량을 변경하지 못했습니다.';
export const DELETE_FAILED = '상품을 삭제하지 못했습니다.';
export const CART_ADD_FAILED = '장바구니에 담지 못했습니다.';
export const CART_PARTLY_ADDED = '일부 옵션을 장바구니에 담지 못했습니다.';
export const CART_ADDED_QUESTION = '장바구니에 상품을 담았습니다. 장바구니로 이동하시겠습니까?';

/** The mark of a line that cannot be ordered now. */
export const UNAVAILABLE_LABELS: Record<CartLineUnavailability, string> = {
  DELETED: '판매 종료',
  SOLD_OUT: '품절',
  NOT_ENOUGH_STOCK: '재고 부족',
};
