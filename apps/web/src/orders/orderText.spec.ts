import { orderName, orderStatusLabel, paymentMethodLabel, wasPaid } from './orderText';

describe('order text', () => {
  it('names an order by its first product and how many more', () => {
    expect(orderName(['유기농 사과'])).toBe('유기농 사과');
    expect(orderName(['유기농 사과', '배'])).toBe('유기농 사과 외 1건');
    expect(orderName(['유기농 사과', '배', '감'])).toBe('유기농 사과 외 2건');
    expect(orderName([])).toBe('');
  });

  it('labels the statuses and shows nothing for one it does not know', () => {
    expect(orderStatusLabel('ORDER_COMPLETE')).toBe('결제완료');
    expect(orderStatusLabel('CANCEL')).toBe('취소');
    expect(orderStatusLabel('PAYMENT_PENDING')).toBe('결제 대기');
    expect(orderStatusLabel('SHIPPED')).toBe('');
    expect(orderStatusLabel('toString')).toBe('');
  });

  it('names the provider the shopper paid with, not always 카드', () => {
    expect(paymentMethodLabel({ pg_provider: 'tosspay', pm_method: 'card' })).toBe('토스페이');
    expect(paymentMethodLabel({ pg_provider: 'kakaopay', pm_method: 'card' })).toBe('카카오페이');
    // Paid before providers were kept, or one this app does not know: the method.
    expect(paymentMethodLabel({ pg_provider: null, pm_method: 'card' })).toBe('카드');
    expect(paymentMethodLabel({ pg_provider: 'danal', pm_method: 'vbank' })).toBe('vbank');
  });

  it('asks for a payment only of an order that was paid (a pending one has none: no 404 to ask for)', () => {
    expect(['PAYMENT_PENDING', 'CANCEL'].map((status) => wasPaid(status as never))).toEqual([false, false]);
    expect(['ORDER_COMPLETE', 'REFUND_PENDING', 'REFUND_COMPLETE'].map((s) => wasPaid(s as never))).toEqual([
      true,
      true,
      true,
    ]);
  });
});
