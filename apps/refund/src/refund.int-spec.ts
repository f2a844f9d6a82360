import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OrderDto } from '@mkt/contracts';
import {
  PaymentRefundedV2,
  RefundMessages,
  RefundPartApprovedV2,
  RefundPartRejectedV2,
  RefundRequestedV1,
  RefundSettledV1,
} from '@mkt/contracts';
import { CommandBus } from '@nestjs/cqrs';
import type { TestService } from '@mkt/testing';
import { announcedIn, eventually, publishEvent, startTestService } from '@mkt/testing';
import { RefundDatabase } from './database';
import { refundService } from './refund.service';
import { DecideRefund } from './refunds/decide-refund';
import { RefundReads } from './refunds/refund-reads';
import { RequestRefund } from './refunds/request-refund';

jest.setTimeout(90_000);

const SHOPPER = 7;
const SELLER_A = 2;
const SELLER_B = 5;
const REASON = '상품이 설명과 달라서 환불을 요청합니다.';

/** An order as the order service answers it: seller A's line of 37,710원 and seller B's of 56,000원. */
function orderOf(ono: number, status: OrderDto['status'] = 'ORDER_COMPLETE'): OrderDto {
  const line = (orno: number, sellerId: number, name: string, amount: number) => ({
    orno,
    odno: orno,
    pno: orno,
    sellerId,
    p_name: name,
    od_name: '기본',
    or_count: 1,
    or_price: amount,
    or_amount: amount,
    rno: null,
    review_flag: false,
    productImage: [],
  });
  return {
    ono,
    mno: SHOPPER,
    orderDate: new Date().toISOString(),
    o_totalPrice: 93_710,
    status,
    o_address: '서울',
    o_reciver: '김민수',
    o_reciverPhoNum: '01012345678',
    cancelReason: null,
    orderDetails: [
      line(ono * 10 + 1, SELLER_A, '포기김치', 37_710),
      line(ono * 10 + 2, SELLER_B, '한우', 56_000),
    ],
  };
}

/**
 * The refund service on its own PostgreSQL database and Kafka, reading orders from a stand-in of the
 * order service: the rules of asking, deciding per seller, asking again, and the events each leaves.
 */
describe('refund service', () => {
  const orders = new Map<number, OrderDto>();
  const orderService = createServer((request, response) => {
    const match = /^\/orders\/(?:member\/(\d+)\/)?(\d+)$/.exec(request.url ?? '');
    const order = match ? orders.get(Number(match[2])) : undefined;
    if (!order || (match![1] && Number(match![1]) !== order.mno)) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'NOT_FOUND', message: '주문을 찾을 수 없습니다.' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(order));
  });
  let refund: TestService;
  let db: RefundDatabase;
  let nextOno = 1;

  const commands = () => refund.app.get(CommandBus);
  const placedOrder = (status?: OrderDto['status']) => {
    const order = orderOf(nextOno++, status);
    orders.set(order.ono, order);
    return order;
  };
  const ask = (ono: number, reason = REASON, mno = SHOPPER) =>
    commands().execute(new RequestRefund(mno, ono, reason));
  const decide = (rfno: number, sellerId: number, approve: boolean, role: 'SELLER' | 'ADMIN' = 'SELLER') =>
    commands().execute<DecideRefund, string>(
      new DecideRefund(
        rfno,
        { mno: sellerId, role },
        approve ? { approve: true } : { approve: false, reason: '포장을 뜯은 상품입니다.' },
      ),
    );
  /** The refund's announcements, oldest first. */
  const announced = (ono: number) => announcedIn(db, ono);
  const refunded = (rfno: number, ono: number, sellerId: number, amount: number) =>
    publishEvent(
      refund.transport,
      PaymentRefundedV2,
      {
        rfno,
        ono,
        mno: SHOPPER,
        sellerId,
        amount,
        completeDate: new Date().toISOString(),
        lines: [{ orno: ono * 10 + (sellerId === SELLER_A ? 1 : 2), odno: 1, pno: 1, count: 1 }],
      },
      ono,
      'payment',
    );

  beforeAll(async () => {
    await new Promise<void>((resolve) => orderService.listen(0, '127.0.0.1', resolve));
    refund = await startTestService(refundService, {
      serviceUrls: { order: `http://127.0.0.1:${(orderService.address() as AddressInfo).port}` },
      relayPollIntervalMs: 50,
    });
    db = refund.app.get(RefundDatabase);
  });

  afterAll(async () => {
    await refund?.close();
    await new Promise((resolve) => orderService.close(resolve));
  });

  it("decides each seller's part alone: an approval goes to the gateway at once, a rejection touches no other part", async () => {
    const order = placedOrder();
    const { rfno } = await ask(order.ono);
    expect((await announced(order.ono)).map((event) => event.topic)).toEqual([RefundRequestedV1.topic]);

    expect(await decide(rfno, SELLER_A, false)).toBe(RefundMessages.rejected);
    expect(await decide(rfno, SELLER_A, true)).toBe(RefundMessages.alreadyDecided);
    expect(await decide(rfno, SELLER_B, true)).toBe(RefundMessages.approved);
    expect(await decide(rfno, SELLER_B, true)).toBe(RefundMessages.alreadyDecided);
    expect((await announced(order.ono)).slice(1)).toEqual([
      {
        topic: RefundPartRejectedV2.topic,
        payload: expect.objectContaining({
          rfno,
          reason: '포장을 뜯은 상품입니다.',
          part: expect.objectContaining({ sellerId: SELLER_A, amount: 37_710 }),
        }),
      },
      {
        topic: RefundPartApprovedV2.topic,
        payload: expect.objectContaining({
          rfno,
          part: expect.objectContaining({ sellerId: SELLER_B, amount: 56_000 }),
        }),
      },
    ]);
    expect((await db.refund.findUniqueOrThrow({ where: { rfno } })).status).toBe('APPROVED');

    // B's money back: the refund is settled, with money back, and its date.
    await refunded(rfno, order.ono, SELLER_B, 56_000);
    await eventually(async () =>
      expect(await db.refund.findUniqueOrThrow({ where: { rfno } })).toMatchObject({
        status: 'COMPLETED',
        completeDate: expect.any(Date),
      }),
    );
    expect((await announced(order.ono)).at(-1)).toEqual({
      topic: RefundSettledV1.topic,
      payload: { rfno, ono: order.ono, mno: SHOPPER, refunded: true },
    });
    // Delivered again: nothing more.
    await refunded(rfno, order.ono, SELLER_B, 56_000);
    await eventually(async () =>
      expect(await refund.transport.lag('refund', PaymentRefundedV2.topic)).toBe(0),
    );
    expect(
      (await announced(order.ono)).filter((event) => event.topic === RefundSettledV1.topic),
    ).toHaveLength(1);
  });

  it('lets the shopper ask again once, for the rejected parts only, with a new reason', async () => {
    const order = placedOrder();
    const { rfno } = await ask(order.ono);
    await expect(ask(order.ono)).rejects.toMatchObject({ message: RefundMessages.alreadyRequested });
    await decide(rfno, SELLER_A, false);
    await expect(ask(order.ono)).rejects.toMatchObject({ message: RefundMessages.alreadyRequested });
    await decide(rfno, SELLER_B, false);
    // Every part rejected: settled, no money back.
    expect((await announced(order.ono)).at(-1)?.payload).toMatchObject({ rfno, refunded: false });
    orders.set(order.ono, { ...order, status: 'ORDER_COMPLETE' });

    const again = await ask(order.ono, '미개봉 상태입니다. 다시 확인 부탁드립니다.');
    expect(again).toMatchObject({ amount: 93_710, status: 'PENDING' });
    expect(await db.refund.findUniqueOrThrow({ where: { rfno: again.rfno } })).toMatchObject({
      retryOfRfno: rfno,
      reason: '미개봉 상태입니다. 다시 확인 부탁드립니다.',
    });
    await decide(again.rfno, SELLER_A, false);
    await decide(again.rfno, SELLER_B, false);
    await expect(ask(order.ono)).rejects.toMatchObject({ message: RefundMessages.askedAgainAlready });
    const history = await refund.app.get(RefundReads).ofMemberOrder(SHOPPER, order.ono);
    expect(history.map((item) => [item.refundId, item.retryOf, item.status, item.canAskAgain])).toEqual([
      [rfno, null, 'REJECTED', false],
      [again.rfno, rfno, 'REJECTED', false],
    ]);
  });

  it("asks again only for the rejected seller's part when the other's was refunded", async () => {
    const order = placedOrder();
    const { rfno } = await ask(order.ono);
    await decide(rfno, SELLER_A, true);
    await decide(rfno, SELLER_B, false);
    await refunded(rfno, order.ono, SELLER_A, 37_710);
    await eventually(async () =>
      expect((await db.refund.findUniqueOrThrow({ where: { rfno } })).status).toBe('COMPLETED'),
    );
    orders.set(order.ono, { ...order, status: 'REFUND_COMPLETE' });
    const again = await ask(order.ono, '상자만 뜯었습니다. 다시 확인 부탁드립니다.');
    expect(again.amount).toBe(56_000);
    const parts = await db.refundPart.findMany({ where: { rfno: again.rfno } });
    expect(parts.map((part) => [part.sellerId, part.amount, part.productName])).toEqual([
      [SELLER_B, 56_000, '한우'],
    ]);
    // Seller A has no part in it; the admin decides it.
    await expect(decide(again.rfno, SELLER_A, true)).rejects.toMatchObject({ status: 403 });
    expect(await decide(again.rfno, 1, true, 'ADMIN')).toBe(RefundMessages.approved);
    await refunded(again.rfno, order.ono, SELLER_B, 56_000);
    await eventually(async () =>
      expect((await announced(order.ono)).at(-1)?.payload).toMatchObject({
        rfno: again.rfno,
        refunded: true,
      }),
    );
  });

  it('refuses what the rules refuse, and changes nothing', async () => {
    const unpaid = placedOrder('PAYMENT_PENDING');
    await expect(ask(unpaid.ono)).rejects.toMatchObject({ message: RefundMessages.notRefundable });
    const order = placedOrder();
    await expect(ask(order.ono, REASON, SHOPPER + 1)).rejects.toMatchObject({ status: 404 });
    orders.set(order.ono, {
      ...order,
      orderDetails: order.orderDetails.map((line) => ({ ...line, review_flag: true })),
    });
    await expect(ask(order.ono)).rejects.toMatchObject({ message: RefundMessages.allReviewed });
    expect(await db.refund.count({ where: { ono: { in: [unpaid.ono, order.ono] } } })).toBe(0);
    await expect(decide(987_654, SELLER_A, true)).rejects.toMatchObject({ status: 404 });
  });

  it('makes one refund of two requests sent at once', async () => {
    const order = placedOrder();
    const answers = await Promise.allSettled([ask(order.ono), ask(order.ono)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await db.refund.count({ where: { ono: order.ono } })).toBe(1);
  });
});
