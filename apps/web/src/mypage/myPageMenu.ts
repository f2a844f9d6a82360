import { paths } from '../shared/routing/paths';

/** The my-page side menu (spec: order, wishlist, payment-method, refund, review, qa, addr, info). */

export type MyPageMenuKey =
  'order' | 'wishlist' | 'payment-method' | 'refund' | 'review' | 'qa' | 'addr' | 'info';

export interface MyPageMenuItem {
  key: MyPageMenuKey;
  label: string;
  to: string;
}

export interface MyPageMenuGroup {
  heading: string;
  items: readonly MyPageMenuItem[];
}

const section = (key: MyPageMenuKey, label: string): MyPageMenuItem => ({
  key,
  label,
  to: paths.myPageSection(key),
});

export const MYPAGE_MENU: readonly MyPageMenuGroup[] = [
  {
    heading: '쇼핑',
    items: [
      section('order', '주문 내역'),
      section('wishlist', '찜한 상품'),
      section('payment-method', '결제수단'),
      section('refund', '환불 내역'),
      section('review', '상품 후기'),
      section('qa', '상품 문의'),
    ],
  },
  {
    heading: '내 정보 관리',
    items: [
      section('addr', '배송지 관리'),
      // The profile edit starts with the password re-check.
      { key: 'info', label: '개인 정보 수정', to: paths.memberCheck },
    ],
  },
];

export const LOGIN_FIRST_MESSAGE = '먼저 로그인해 주세요.';

const ITEMS = new Map<string, MyPageMenuItem>(
  MYPAGE_MENU.flatMap((group) => group.items.map((item) => [item.key, item] as const)),
);

/** Path segments that belong to another item: the profile edit (info/modify) highlights info. */
const SEGMENT_ALIASES: ReadonlyMap<string, MyPageMenuKey> = new Map([['modify', 'info']]);

/**
 * The highlighted item, from the last path segment that names one: '/mypage/addr' -> addr,
 * '/mypage/info/modify' -> info, '/mypage/order/12' -> order.
 */
export function activeMenuOf(pathname: string): MyPageMenuKey | null {
  const segments = pathname.split('/').filter(Boolean).slice(1);
  for (const segment of segments.reverse()) {
    const key = SEGMENT_ALIASES.get(segment) ?? ITEMS.get(segment)?.key;
    if (key) return key;
  }
  return null;
}

export function menuLabelOf(key: MyPageMenuKey): string {
  return ITEMS.get(key)?.label ?? key;
}
