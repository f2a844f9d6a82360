import { OrderMessages, type CartLineDto } from '@mkt/contracts';
import {
  checkoutProblem,
  checkoutSummary,
  merchantUid,
  orderToPlace,
  paymentBlockers,
  phoneDigits,
  receiverFromMember,
  type CheckoutInput,
} from './checkoutForm';
import { CheckoutMessages } from './checkoutMessages';

const line = (overrides: Partial<CartLineDto> = {}): CartLineDto => ({
  cino: 11,
  mno: 7,
  pno: 3,
  odno: 31,
  c_cnt: 2,
  p_name: '유기농 사과',
  od_name: '5kg',
  pi_name: 'apple.jpg',
  p_price: 19_900,
  od_price: 1_500,
  p_salePer: 15,
  p_stock: 10,
  od_stock: 10,
  businessName: '바다마켓',
  lineAmount: 36_840,
  unavailable: null,
  ...overrides,
});

const filled = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
  form: { receiver: '김주문', address: '서울 중구 세종대로 110', phone: '01012345678' },
  lines: [line()],
  mno: 7,
  agreedToTerms: true,
  ...overrides,
});

describe('checkout form', () => {
  it('keeps the digits of a typed phone, at most eleven', () => {
    expect(phoneDigits('010-1234-5678')).toBe('01012345678');
    expect(phoneDigits('010 1234 56789 0')).toBe('01012345678');
    expect(phoneDigits('abc')).toBe('');
  });

  it('prefills the receiver from member information; a missing phone stays empty', () => {
    expect(
      receiverFromMember({ m_name: '김회원', def_addr: '(04524) 서울 중구', m_phoNum: '01098765432' }),
    ).toEqual({
      receiver: '김회원',
      address: '(04524) 서울 중구',
      phone: '01098765432',
    });
    expect(receiverFromMember({ m_name: '소셜', def_addr: '', m_phoNum: '' }).phone).toBe('');
  });

  it('sums the lines as the cart does: undiscounted amount, discount, amount to pay, free shipping', () => {
    // 2 x (16,915 + 1,500) = 36,830, rounded once per line; undiscounted 2 x (19,900 + 1,500) = 42,800
    expect(checkoutSummary([line()])).toEqual({
      productAmount: 42_800,
      discountAmount: 5_970,
      paymentAmount: 36_830,
      shippingFee: 0,
    });
  });

  it('keeps the pay button disabled until receiver, address, phone, a positive total and the terms are there', () => {
    expect(paymentBlockers(filled())).toEqual([]);
    expect(
      paymentBlockers(
        filled({ form: { receiver: ' ', address: '', phone: '' }, agreedToTerms: false, lines: [] }),
      ),
    ).toEqual(['받는 분', '배송 주소', '연락처', '결제 금액', '결제 동의']);
    expect(paymentBlockers(filled({ lines: [line({ p_price: 0, od_price: 0 })] }))).toEqual(['결제 금액']);
  });

  it('names the first broken rule in the order of the spec', () => {
    expect(checkoutProblem(filled())).toBeNull();
    expect(checkoutProblem(filled({ form: { receiver: '', address: '', phone: '' } }))).toBe(
      OrderMessages.receiverRequired,
    );
    expect(checkoutProblem(filled({ form: { receiver: '김', address: ' ', phone: '' } }))).toBe(
      OrderMessages.addressRequired,
    );
    expect(checkoutProblem(filled({ form: { receiver: '김', address: '서울', phone: '' } }))).toBe(
      OrderMessages.phoneRequired,
    );
    expect(checkoutProblem(filled({ form: { receiver: '김', address: '서울', phone: '010-1234' } }))).toBe(
      OrderMessages.phoneDigits,
    );
    expect(
      checkoutProblem(filled({ form: { receiver: '김', address: '서울', phone: '010123456789' } })),
    ).toBe(OrderMessages.phoneDigits);
    // As at sign-up: 01 and 8 or 9 more digits.
    for (const phone of ['0101234', '0212345678'])
      expect(checkoutProblem(filled({ form: { receiver: '김', address: '서울', phone } }))).toBe(
        OrderMessages.phoneDigits,
      );
    expect(
      checkoutProblem(filled({ form: { receiver: '김', address: '서울', phone: '0101234567' } })),
    ).toBeNull();
    expect(checkoutProblem(filled({ lines: [line({ p_price: 0, od_price: 0 })] }))).toBe(
      CheckoutMessages.amountInvalid,
    );
    expect(checkoutProblem(filled({ mno: undefined }))).toBe(CheckoutMessages.memberInfoFailed);
    expect(checkoutProblem(filled({ lines: [line(), line({ odno: 0, p_name: '배' })] }))).toBe(
      OrderMessages.optionRequired('배'),
    );
    expect(checkoutProblem(filled({ agreedToTerms: false }))).toBe(CheckoutMessages.termsRequired);
  });

  it('sends the order with the total the shopper saw, the lines and the cart lines they came from', () => {
    const order = orderToPlace({ receiver: ' 김주문 ', address: ' 서울 ', phone: '01012345678' }, [
      line(),
      line({ cino: 12, odno: 32, c_cnt: 1, p_name: '배', p_price: 5_000, p_salePer: 50, od_price: 0 }),
    ]);
    expect(order).toEqual({
      o_reciver: '김주문',
      o_address: '서울',
      o_reciverPhoNum: '01012345678',
      o_totalPrice: 36_830 + 2_500,
      orderDetails: [
        { odno: 31, or_count: 2, p_name: '유기농 사과' },
        { odno: 32, or_count: 1, p_name: '배' },
      ],
      cartItemIds: [11, 12],
    });
  });

  it('makes the merchant uid from a prefix and the millisecond timestamp', () => {
    expect(merchantUid(1_732_000_000_123)).toBe('mkt_1732000000123');
    expect(merchantUid()).toMatch(/^mkt_\d{13}$/);
  });
});
