import { activeMenuOf, menuLabelOf, MYPAGE_MENU } from './myPageMenu';

describe('my-page side menu', () => {
  it('highlights the item named by the last path segment', () => {
    expect(activeMenuOf('/mypage/addr')).toBe('addr');
    expect(activeMenuOf('/mypage/payment-method/')).toBe('payment-method');
    expect(activeMenuOf('/mypage/info')).toBe('info');
    expect(activeMenuOf('/mypage/info/modify')).toBe('info');
  });

  it('falls back to the section of a detail path, and to nothing elsewhere', () => {
    expect(activeMenuOf('/mypage/order/12')).toBe('order');
    expect(activeMenuOf('/mypage')).toBeNull();
    expect(activeMenuOf('/mypage/unknown')).toBeNull();
    expect(activeMenuOf('/mypage/constructor')).toBeNull();
    // The first segment is the my page itself, never an item.
    expect(activeMenuOf('/addr')).toBeNull();
  });

  it('groups the items under 쇼핑 and 내 정보 관리; info opens the password re-check', () => {
    expect(MYPAGE_MENU.map((group) => [group.heading, group.items.map((item) => item.key)])).toEqual([
      ['쇼핑', ['order', 'wishlist', 'payment-method', 'refund', 'review', 'qa']],
      ['내 정보 관리', ['addr', 'info']],
    ]);
    const links = Object.fromEntries(
      MYPAGE_MENU.flatMap((group) => group.items).map((item) => [item.key, item.to]),
    );
    expect(links).toMatchObject({ order: '/mypage/order', addr: '/mypage/addr', info: '/member/check' });
    expect(menuLabelOf('addr')).toBe('배송지 관리');
  });
});
