import type { CartLineDto } from '@mkt/contracts';
import { checkoutLinesOf, paymentFailUrl, paymentFailureOf } from './checkoutRoute';

describe('checkout navigation', () => {
  const lines = [{ cino: 1, p_name: '사과', c_cnt: 2 } as CartLineDto];

  it('reads the selected cart lines from router state, and nothing else', () => {
    expect(checkoutLinesOf({ cartItems: lines })).toBe(lines);
    expect(checkoutLinesOf(null)).toBeNull();
    expect(checkoutLinesOf({})).toBeNull();
    expect(checkoutLinesOf({ cartItems: [] })).toBeNull();
    expect(checkoutLinesOf({ lines })).toBeNull();
    expect(checkoutLinesOf({ cartItems: [{ cino: '1' }] })).toBeNull();
  });

  it('carries the failure message and code in the fail page query', () => {
    const url = paymentFailUrl({ message: '결제에 실패했습니다: 한도 초과 & 기타', code: 'PAYMENT_FAILED' });
    expect(url.startsWith('/payment/fail?')).toBe(true);
    const search = new URLSearchParams(url.slice(url.indexOf('?')));
    expect(paymentFailureOf(search)).toEqual({
      message: '결제에 실패했습니다: 한도 초과 & 기타',
      code: 'PAYMENT_FAILED',
    });
    expect(
      paymentFailureOf(new URLSearchParams(paymentFailUrl({ message: '취소', code: null }).split('?')[1])),
    ).toEqual({ message: '취소', code: null });
  });
});
