import type { OrderDto, OrderLineDto, OrderStatus } from '@mkt/contracts';
import { reviewTabsOf } from './myReviews';

const line = (orno: number, rno: number | null = null): OrderLineDto => ({
  orno,
  odno: orno,
  pno: orno,
  sellerId: 1,
  p_name: `상품 ${orno}`,
  od_name: '기본',
  or_count: 1,
  or_price: 1_000,
  or_amount: 1_000,
  rno,
  review_flag: rno !== null,
  productImage: [],
});

const order = (ono: number, status: OrderStatus, lines: OrderLineDto[]): OrderDto => ({
  ono,
  mno: 1,
  orderDate: `2026-01-0${ono}T10:00:00Z`,
  o_totalPrice: 1_000,
  status,
  o_address: '',
  o_reciver: '',
  o_reciverPhoNum: '',
  orderDetails: lines,
  cancelReason: null,
});

describe('my page review tabs', () => {
  const orders = [
    order(1, 'ORDER_COMPLETE', [line(1), line(2, 20)]),
    order(2, 'PAYMENT_PENDING', [line(3)]),
    order(3, 'CANCEL', [line(4)]),
    order(4, 'REFUND_PENDING', [line(5), line(6, 60)]),
    order(5, 'ORDER_COMPLETE', [line(7), line(8)]),
  ];
  const ornos = (lines: { orno: number }[]) => lines.map((l) => l.orno);

  it('offers the unreviewed lines of complete orders only, newest order first', () => {
    expect(ornos(reviewTabsOf(orders, new Set()).writable)).toEqual([7, 8, 1]);
  });

  it('lists every reviewed line as written, with its order date', () => {
    const { written } = reviewTabsOf(orders, new Set());
    expect(ornos(written)).toEqual([6, 2]);
    expect(written[1]).toMatchObject({ rno: 20, orderDate: '2026-01-01T10:00:00Z' });
  });

  it('moves a line just reviewed out of the writable tab until its review shows', () => {
    const tabs = reviewTabsOf(orders, new Set([8, 2]));
    expect([ornos(tabs.writable), ornos(tabs.arriving), ornos(tabs.written)]).toEqual([[7, 1], [8], [6, 2]]);
  });
});
