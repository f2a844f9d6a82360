import { orderName, orderStatusLabel } from './orderText';

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
});
