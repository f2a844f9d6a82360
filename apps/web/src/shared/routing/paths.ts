import type { CategoryDto, CategoryWithAncestorsDto, ProductSortKey, SortDirection } from '@mkt/contracts';

/** Route paths of the storefront, built in one place. */
export const paths = {
  home: '/',
  productList: '/product/list',
  product: (pno: number) => `/product/${pno}`,
  login: '/member/login',
  join: '/member/join',
  findPassword: '/member/find-password',
  /** The e-mailed reset link's page (the BFF's RESET_PAGE). */
  resetPassword: '/member/reset-password',
  memberCheck: '/member/check',
  memberModify: '/member/modify',
  mypage: '/mypage',
  myPageSection: (section: string) => `/mypage/${section}`,
  notice: '/board/notice',
  noticeDetail: (nno: number) => `/board/notice/detail/${nno}`,
  faq: '/board/faq',
  contact: '/board/contact',
  terms: '/board/terms',
  privacy: '/board/privacy',
  cart: '/cart',
  paymentForm: '/payment/form',
  wishlist: '/mypage/wishlist',
  myOrders: '/mypage/order',
  myOrder: (ono: number) => `/mypage/order/${ono}`,
  payment: '/payment',
  paymentComplete: (ono: number) => `/payment/complete/${ono}`,
  paymentFail: '/payment/fail',
  /** The fail page's 'orders' button (spec); it leads to my page's order list. */
  paymentOrders: '/payment/orders',
  admin: '/admin',
  adminLogin: '/admin/login',
  seller: '/seller',
  sellerLogin: '/seller/login',
} as const;

type ListQuery = Record<string, string | number | boolean | undefined>;

export function productListUrl(query: ListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${paths.productList}?${qs}` : paths.productList;
}

/**
 * A list in one sort order, opened from a menu, a banner or a home row: the `menu` flag lets the
 * list's banner name it (신상품, 베스트, 알뜰쇼핑, 품절임박).
 */
export function sortedListUrl(sortBy: ProductSortKey, sort?: SortDirection): string {
  return productListUrl({ menu: true, sortBy, sort });
}

export function searchUrl(keyword: string): string {
  return productListUrl({ keyword, searching: true });
}

/**
 * The list filtered by a category: `depth` and `ctno` of the chosen category, then the chain from
 * the top (`c1`, `c2`, `c3`) so the list page can preselect its three pickers.
 */
export function categoryListUrl(chain: readonly CategoryDto[]): string {
  const chosen = chain[chain.length - 1];
  if (!chosen) return paths.productList;
  const query: ListQuery = { depth: chain.length, ctno: chosen.ctno };
  chain.forEach((category, i) => {
    query[`c${i + 1}`] = category.ctno;
  });
  return productListUrl(query);
}

/** A home category tile: page 1, depth 3 and the chosen category. */
export function categoryTileUrl(category: CategoryWithAncestorsDto): string {
  return productListUrl({ page: 1, depth: category.depth || 3, ctno: category.ctno });
}
