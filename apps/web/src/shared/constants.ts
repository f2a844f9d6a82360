/** Business constants of the storefront (spec section 9). One place, so a change is one edit. */

export const STORE_NAME = '딜마켓';

/** Customer-service phone, shown as text in the footer. */
export const CS_PHONE = '1644-0000';
/** Customer-service e-mail: the footer, the 1:1 inquiry page and the policies. */
export const CS_EMAIL = 'help@dealmarket.example';
/**
 * Customer-centre hours: Mon-Sat 7-18, Sun and holidays 7-13 (spec 000's constants). The payment
 * result pages send shoppers to the same centre and number, so they give these hours too (spec 001's
 * "weekdays 09:00-18:00" there contradicted the footer a shopper reads on the same page).
 */
export const CS_HOURS_WEEKDAY = '월~토 07:00~18:00';
export const CS_HOURS_HOLIDAY = '일/공휴일 07:00~13:00';
/** Bulk-order inquiries: Mon-Fri 9-18. */
export const BULK_ORDER_HOURS = '월~금 09:00~18:00';

/** The header's menu bar sticks to the top once the page has scrolled this far. */
export const STICKY_HEADER_OFFSET_PX = 94;

/** Home image slider. */
export const SLIDER_INTERVAL_MS = 5000;
export const SLIDER_LOCK_MS = 500;

/** Home product rows. */
export const HOME_ROW_PAGE = 1;
export const HOME_ROW_SIZE = 15;
export const CAROUSEL_LOCK_MS = 500;
export const PRODUCTS_PER_GROUP = 4;

/** Home random-categories block: 12 tiles of depth-3 categories. */
export const HOME_CATEGORY_COUNT = 12;
export const HOME_CATEGORY_DEPTH = 3;

export const LOGIN_REQUIRED_MESSAGE = '로그인이 필요합니다.';

/** Product list: 40 cards a page. */
export const PRODUCT_LIST_SIZE = 40;

/** Product detail: reviews and inquiries come 10 to a page. */
export const REVIEW_PAGE_SIZE = 10;
export const INQUIRY_PAGE_SIZE = 10;

/** The '링크가 복사되었습니다.' message of the share button stays this long. */
export const LINK_COPIED_MESSAGE_MS = 3000;

/** The detail page's sticky tab menu: a section clicked in it lands this far below the window top. */
export const DETAIL_TAB_OFFSET_PX = 60;

export const SELECT_OPTION_MESSAGE = '옵션을 하나 이상 선택해 주세요.';
export const MAX_QUANTITY_MESSAGE = '최대 구매 가능 수량입니다.';

export const WISH_ADDED_MESSAGE = '찜 목록에 등록되었습니다.';
export const WISH_REMOVED_MESSAGE = '찜이 취소되었습니다.';
