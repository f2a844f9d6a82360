import { CommandBus } from '@nestjs/cqrs';
import type { OptionSnapshot, OrderCreate, PlacedOrderDto } from '@mkt/contracts';
import {
  ORDER_CANCEL_REASON_TEXT,
  OrderCancelledV1,
  OrderCompletedV1,
  OrderMessages,
  PAID_CANCEL_REFUND_TEXT,
  OrderPlacedV1,
  PaymentRejectedV1,
  PaymentVerifiedV1,
  RefundRequestedV1,
  RefundSettledV1,
  StockRejectedV1,
  StockReservedV1,
} from '@mkt/contracts';
import type { CatalogStandIn, TestService } from '@mkt/testing';
import {
  announcedIn,
  crashAfterNextEnqueue,
  eventually,
  publishEvent,
  startCatalogStandIn,
  startTestService,
} from '@mkt/testing';
import { randomUUID } from 'node:crypto';
import type { DatabaseNotices } from '@mkt/messaging';
import { DATABASE_NOTICES } from '@mkt/platform';
import { AbandonPayment } from './checkout/abandon-payment';
import { PlaceOrder } from './checkout/place-order';
import { OrderDatabase } from './database';
import { OrderReads } from './orders/order-reads';
import { orderService } from './order.service';
import { CancelAbandonedOrders } from './process/abandoned-orders';
import { OrderProcess } from './process/order-process.service';

jest.setTimeout(90_000);

const option: OptionSnapshot = {
  odno: 11,
  pno: 5,
  od_name: '600g',
  od_price: 55_000,
  od_stock: 100,
  p_name: '한우 선물세트',
  p_price: 59_000,
  p_salePer: 10,
  p_stock: 100,
  businessName: '한우명가',
  sellerId: 3,
  delFlag: false,
  pi_name: 'beef.jpg',
};

const checkout: OrderCreate = {
  o_reciver: '김민수',
  o_address: '(06236) 서울 강남구 테헤란로 1',
  o_reciverPhoNum: '01012345678',
  orderDetails: [{ odno: 11, or_count: 2 }],
  cartItemIds: [4, 5],
};

/** The order service on its own PostgreSQL database, told about stock and payments through Kafka. */
describe('order service', () => {
  let catalog: CatalogStandIn;
  let order: TestService;
  let db: OrderDatabase;
  let nextPmno = 1;

  const place = (mno = 7, key = randomUUID()): Promise<PlacedOrderDto> =>
    order.app.get(CommandBus).execute(new PlaceOrder(mno, key, checkout));
  const tell = <P extends { ono: number }>(event: Parameters<typeof publishEvent<P>>[1], payload: P) =>
    publishEvent(order.transport, event, payload, payload.ono, 'test');
  const verified = (ono: number, pmno = nextPmno++) => ({
    pmno,
    ono,
    mno: 7,
    impUid: `imp_${pmno}`,
    merchantUid: `mkt_${pmno}`,
    amount: 216_200,
  });
  /** The order's own announcements, by topic. */
  const announced = (ono: number) => announcedIn<unknown>(db, ono);
  const outboxRows = async () =>
    (await db.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM outbox_event'))[0].n;

  beforeAll(async () => {
    catalog = await startCatalogStandIn([option]);
    order = await startTestService(orderService, {
      serviceUrls: { catalog: catalog.url },
      relayPollIntervalMs: 50,
    });
    db = order.app.get(OrderDatabase);
  });

  afterAll(async () => {
    await order?.close();
    await catalog?.close();
  });

  it('places an order with catalog prices, holding its stock, and announces it with the cart lines it came from and its hold', async () => {
    const key = randomUUID();
    const stock = catalog.state.stock.get(11)!;
    const placed = await place(7, key);
    expect(placed).toEqual({ ono: expect.any(Number), o_totalPrice: 216_200, status: 'PAYMENT_PENDING' });
    expect(catalog.state.holds.get(`7:${key}`)).toEqual([{ odno: 11, pno: 5, count: 2 }]);
    expect(catalog.state.stock.get(11)).toBe(stock - 2);
    const [event] = await announced(placed.ono);
    expect(event).toEqual({
      topic: OrderPlacedV1.topic,
      payload: {
        ono: placed.ono,
        mno: 7,
        totalPrice: 216_200,
        lines: [{ orno: expect.any(Number), odno: 11, pno: 5, sellerId: 3, count: 2, price: 108_100 }],
        cartItemIds: [4, 5],
        stockHold: `7:${key}`,
      },
    });
  });

  it('placing again with the same key answers the first order and holds nothing more', async () => {
    const key = randomUUID();
    const stock = catalog.state.stock.get(11)!;
    const [first, again] = await Promise.all([place(7, key), place(7, key)]);
    expect(again).toEqual(first);
    expect(await place(7, key)).toEqual(first);
    expect(catalog.state.stock.get(11)).toBe(stock - 2);
    expect(await db.order.count({ where: { idempotencyKey: `7:${key}` } })).toBe(1);
  });

  it('refuses a placement whose pieces another checkout took after its prices were read, saving and announcing nothing', async () => {
    const stock = catalog.state.stock.get(11)!;
    const [orders, events] = [await db.order.count(), await outboxRows()];
    catalog.state.stock.set(11, 1);
    try {
      await expect(place()).rejects.toThrow(OrderMessages.overStock('한우 선물세트', 1));
    } finally {
      catalog.state.stock.set(11, stock);
    }
    expect([await db.order.count(), await outboxRows()]).toEqual([orders, events]);
  });

  it('completes once when stock and payment arrive together, however often they are delivered', async () => {
    const { ono } = await place();
    const payment = verified(ono);
    await Promise.all([
      tell(StockReservedV1, { ono }),
      tell(PaymentVerifiedV1, payment),
      tell(StockReservedV1, { ono }),
      tell(PaymentVerifiedV1, payment),
    ]);
    await eventually(async () =>
      expect(await db.order.findUniqueOrThrow({ where: { ono } })).toMatchObject({
        status: 'ORDER_COMPLETE',
        paidPmno: payment.pmno,
      }),
    );
    await eventually(async () => expect(await order.transport.lag('order', PaymentVerifiedV1.topic)).toBe(0));
    expect((await announced(ono)).map((event) => event.topic)).toEqual([
      OrderPlacedV1.topic,
      OrderCompletedV1.topic,
    ]);
    expect((await announced(ono))[1].payload).toEqual({
      ono,
      mno: 7,
      totalPrice: 216_200,
      lines: [{ orno: expect.any(Number), odno: 11, pno: 5, sellerId: 3, count: 2, price: 108_100 }],
      cartItemIds: [4, 5],
    });
  });

  it("answers whoever waits for an order's outcome when the commit that ends its process notifies", async () => {
    const { ono } = await place();
    const standing = (path: string) => fetch(`${order.url}/orders/${path}`).then((answer) => answer.json());
    expect(await standing(`${ono}/standing`)).toEqual({
      ono,
      o_totalPrice: 216_200,
      status: 'PAYMENT_PENDING',
      cancelReason: null,
    });
    const heard: (string | undefined)[] = [];
    const stop = await order.app
      .get<DatabaseNotices>(DATABASE_NOTICES)
      .listen('order_decided', (payload) => heard.push(payload));
    try {
      const decided = fetch(`${order.url}/orders/${ono}/decided?waitMs=5000`).then((answer) => answer.json());
      await tell(StockReservedV1, { ono });
      const payment = verified(ono);
      await tell(PaymentVerifiedV1, payment);
      const complete = { ono, o_totalPrice: 216_200, status: 'ORDER_COMPLETE', cancelReason: null };
      expect(await decided).toEqual(complete);
      // The notification carries the order's standing columns: its waiter answers without reading them again.
      expect(heard.map((payload) => JSON.parse(payload!))).toContainEqual({
        ono,
        oTotalPrice: 216_200,
        status: 'ORDER_COMPLETE',
        cancelReason: null,
        paidPmno: payment.pmno,
      });
      expect(await standing(`${ono}/standing`)).toEqual(complete);
    } finally {
      await stop();
    }
    expect((await fetch(`${order.url}/orders/${ono + 1000}/standing`)).status).toBe(404);
    const tooLong = await fetch(`${order.url}/orders/${ono}/decided?waitMs=60000`);
    expect(tooLong.status).toBe(400);
  });

  it('cancels on a rejected payment, and asks for a payment that arrives after to be given back', async () => {
    const { ono } = await place();
    await tell(PaymentRejectedV1, { ...verified(ono), reason: 'AMOUNT_MISMATCH' });
    await eventually(async () =>
      expect(await db.order.findUniqueOrThrow({ where: { ono } })).toMatchObject({
        status: 'CANCEL',
        cancelReason: 'PAYMENT_REJECTED',
      }),
    );
    const late = verified(ono);
    await tell(PaymentVerifiedV1, late);
    await eventually(async () =>
      expect((await announced(ono)).filter((event) => event.topic === OrderCancelledV1.topic)).toEqual([
        expect.objectContaining({
          payload: expect.objectContaining({ reason: 'PAYMENT_REJECTED', pmno: null }),
        }),
        expect.objectContaining({
          payload: expect.objectContaining({ reason: 'PAYMENT_REJECTED', pmno: late.pmno }),
        }),
      ]),
    );
  });

  it('cancels a paid order whose stock catalog refused, and tells the shopper the money goes back', async () => {
    const { ono } = await place();
    await tell(PaymentVerifiedV1, verified(ono));
    await tell(StockRejectedV1, { ono, shortLines: [{ odno: 11, wanted: 2, available: 1 }] });
    await eventually(async () =>
      expect(await order.app.get(OrderReads).one(ono)).toMatchObject({
        status: 'CANCEL',
        cancelReason: `${ORDER_CANCEL_REASON_TEXT.STOCK_REJECTED} ${PAID_CANCEL_REFUND_TEXT}`,
      }),
    );
  });

  it('leaves a paid order alone when a second payment of it is rejected', async () => {
    const { ono } = await place();
    await tell(PaymentVerifiedV1, verified(ono));
    await tell(PaymentRejectedV1, { ...verified(ono), reason: 'ALREADY_PAID' });
    await tell(StockReservedV1, { ono });
    await eventually(async () =>
      expect((await db.order.findUniqueOrThrow({ where: { ono } })).status).toBe('ORDER_COMPLETE'),
    );
  });

  it("cancels the owner's unpaid order at once when its payment window was cancelled or declined, with that reason", async () => {
    const commands = order.app.get(CommandBus);
    const cancelled = await place();
    await expect(commands.execute(new AbandonPayment(8, cancelled.ono, 'cancelled'))).rejects.toMatchObject({
      status: 404,
    });
    const answer = await commands.execute(new AbandonPayment(7, cancelled.ono, 'cancelled'));
    expect(answer).toMatchObject({
      status: 'CANCEL',
      cancelReason: '결제를 취소하셔서 주문이 취소되었습니다.',
    });
    expect((await announced(cancelled.ono)).at(-1)).toEqual({
      topic: OrderCancelledV1.topic,
      payload: expect.objectContaining({ reason: 'PAYMENT_CANCELLED', pmno: null }),
    });
    // Once cancelled, or once paid, there is nothing to abandon.
    await expect(commands.execute(new AbandonPayment(7, cancelled.ono, 'declined'))).rejects.toMatchObject({
      status: 400,
      message: OrderMessages.notAwaitingPayment,
    });
    const declined = await place();
    expect(await commands.execute(new AbandonPayment(7, declined.ono, 'declined'))).toMatchObject({
      cancelReason: '결제가 승인되지 않아 주문이 취소되었습니다.',
    });
    const paid = await place();
    await tell(PaymentVerifiedV1, verified(paid.ono));
    await eventually(async () =>
      expect((await db.order.findUniqueOrThrow({ where: { ono: paid.ono } })).paidPmno).not.toBeNull(),
    );
    await expect(commands.execute(new AbandonPayment(7, paid.ono, 'cancelled'))).rejects.toMatchObject({
      status: 400,
    });
  });

  const paidOrder = async () => {
    const { ono } = await place();
    await tell(StockReservedV1, { ono });
    await tell(PaymentVerifiedV1, verified(ono));
    await eventually(async () =>
      expect((await db.order.findUniqueOrThrow({ where: { ono } })).status).toBe('ORDER_COMPLETE'),
    );
    return ono;
  };
  const requested = (rfno: number, ono: number) => ({
    rfno,
    ono,
    mno: 7,
    requestDate: new Date().toISOString(),
    amount: 216_200,
    parts: [{ sellerId: 3, amount: 216_200, lines: [{ orno: 1, odno: 11, pno: 5, count: 2 }] }],
  });
  const statusOf = async (ono: number) => (await db.order.findUniqueOrThrow({ where: { ono } })).status;

  it('completes a refund whose refund.settled overtook its refund.requested (another topic)', async () => {
    const ono = await paidOrder();
    // As after a restart of the order service with both waiting: the settlement came first.
    await tell(RefundSettledV1, { rfno: 41, ono, mno: 7, refunded: true });
    await eventually(async () => expect(await statusOf(ono)).toBe('REFUND_COMPLETE'));
    await tell(RefundRequestedV1, requested(41, ono));
    await eventually(async () => expect(await order.transport.lag('order', RefundRequestedV1.topic)).toBe(0));
    expect(await statusOf(ono)).toBe('REFUND_COMPLETE');
  });

  it('keeps a wholly rejected refund rejected when its refund.settled overtook its refund.requested', async () => {
    const ono = await paidOrder();
    await tell(RefundSettledV1, { rfno: 42, ono, mno: 7, refunded: false });
    await tell(RefundRequestedV1, requested(42, ono));
    await eventually(async () => expect(await order.transport.lag('order', RefundRequestedV1.topic)).toBe(0));
    expect(await statusOf(ono)).toBe('ORDER_COMPLETE');
  });

  it('waits again while rejected parts are asked for again, and ends refunded when part of the money went back', async () => {
    const ono = await paidOrder();
    await tell(RefundRequestedV1, requested(43, ono));
    await eventually(async () => expect(await statusOf(ono)).toBe('REFUND_PENDING'));
    // One seller's part given back, the other's rejected: refunded in part.
    await tell(RefundSettledV1, { rfno: 43, ono, mno: 7, refunded: true });
    await eventually(async () => expect(await statusOf(ono)).toBe('REFUND_COMPLETE'));
    await tell(RefundRequestedV1, requested(44, ono));
    await eventually(async () => expect(await statusOf(ono)).toBe('REFUND_PENDING'));
    // A late settlement of the first refund does not end the second.
    await tell(RefundSettledV1, { rfno: 43, ono, mno: 7, refunded: true });
    await eventually(async () => expect(await order.transport.lag('order', RefundSettledV1.topic)).toBe(0));
    expect(await statusOf(ono)).toBe('REFUND_PENDING');
    // Rejected again: the order stays refunded in part.
    await tell(RefundSettledV1, { rfno: 44, ono, mno: 7, refunded: true });
    await eventually(async () => expect(await statusOf(ono)).toBe('REFUND_COMPLETE'));
  });

  describe('writes each event in the transaction of its state change', () => {
    it('placing an order', async () => {
      const [orders, events, holds] = [await db.order.count(), await outboxRows(), catalog.state.holds.size];
      await crashAfterNextEnqueue(() => place());
      expect([await db.order.count(), await outboxRows()]).toEqual([orders, events]);
      // Nothing was saved, so the pieces it held went back at once.
      expect(catalog.state.holds.size).toBe(holds);
    });

    it('completing an order', async () => {
      const { ono } = await place();
      const process = order.app.get(OrderProcess);
      await db.$transaction((tx) => process.apply(tx, ono, { kind: 'STOCK_RESERVED' }));
      const events = await outboxRows();
      await crashAfterNextEnqueue(() =>
        db.$transaction((tx) => process.apply(tx, ono, { kind: 'PAYMENT_VERIFIED', pmno: 99 })),
      );
      expect(await db.order.findUniqueOrThrow({ where: { ono } })).toMatchObject({
        status: 'PAYMENT_PENDING',
        paidPmno: null,
      });
      expect(await outboxRows()).toBe(events);
    });

    it('cancelling an abandoned order', async () => {
      const { ono } = await place();
      await db.order.update({ where: { ono }, data: { orderDate: new Date(Date.now() - 3_600_000) } });
      const events = await outboxRows();
      await crashAfterNextEnqueue(() => order.app.get(CommandBus).execute(new CancelAbandonedOrders(60_000)));
      expect((await db.order.findUniqueOrThrow({ where: { ono } })).status).toBe('PAYMENT_PENDING');
      expect(await outboxRows()).toBe(events);
      expect(
        await order.app.get(CommandBus).execute(new CancelAbandonedOrders(60_000)),
      ).toBeGreaterThanOrEqual(1);
      expect((await db.order.findUniqueOrThrow({ where: { ono } })).status).toBe('CANCEL');
    });
  });
});
