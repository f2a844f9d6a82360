import { CommandBus } from '@nestjs/cqrs';
import type { OptionSnapshot, OrderCreate, PlacedOrderDto } from '@mkt/contracts';
import {
  OrderCancelledV1,
  OrderCompletedV1,
  OrderPlacedV1,
  PaymentRefundedV1,
  PaymentRejectedV1,
  PaymentVerifiedV1,
  RefundRequestedV1,
  StockReservedV1,
} from '@mkt/contracts';
import type { CatalogStandIn, TestService } from '@mkt/testing';
import {
  crashAfterNextEnqueue,
  eventually,
  publishEvent,
  startCatalogStandIn,
  startTestService,
} from '@mkt/testing';
import { randomUUID } from 'node:crypto';
import { PlaceOrder } from './checkout/place-order';
import { OrderDatabase } from './database';
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

  const place = (mno = 7): Promise<PlacedOrderDto> =>
    order.app.get(CommandBus).execute(new PlaceOrder(mno, randomUUID(), checkout));
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
  const announced = async (ono: number) =>
    (
      await db.$queryRawUnsafe<{ topic: string; envelope: string }[]>(
        'SELECT topic, envelope FROM outbox_event WHERE message_key = $1 ORDER BY id',
        String(ono),
      )
    ).map((row) => ({
      topic: row.topic,
      payload: (JSON.parse(row.envelope) as { payload: unknown }).payload,
    }));
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

  it('places an order with catalog prices and announces it with the cart lines it came from', async () => {
    const placed = await place();
    expect(placed).toEqual({ ono: expect.any(Number), o_totalPrice: 216_200, status: 'PAYMENT_PENDING' });
    const [event] = await announced(placed.ono);
    expect(event).toEqual({
      topic: OrderPlacedV1.topic,
      payload: {
        ono: placed.ono,
        mno: 7,
        totalPrice: 216_200,
        lines: [{ orno: expect.any(Number), odno: 11, pno: 5, sellerId: 3, count: 2, price: 108_100 }],
        cartItemIds: [4, 5],
      },
    });
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

  it('leaves a paid order alone when a second payment of it is rejected', async () => {
    const { ono } = await place();
    await tell(PaymentVerifiedV1, verified(ono));
    await tell(PaymentRejectedV1, { ...verified(ono), reason: 'ALREADY_PAID' });
    await tell(StockReservedV1, { ono });
    await eventually(async () =>
      expect((await db.order.findUniqueOrThrow({ where: { ono } })).status).toBe('ORDER_COMPLETE'),
    );
  });

  it('completes a refund whose payment.refunded overtook its refund.requested (another topic)', async () => {
    const { ono } = await place();
    await tell(StockReservedV1, { ono });
    await tell(PaymentVerifiedV1, verified(ono));
    await eventually(async () =>
      expect((await db.order.findUniqueOrThrow({ where: { ono } })).status).toBe('ORDER_COMPLETE'),
    );
    // As after a restart of the order service with both waiting: the money came back first.
    const lines = [{ orno: 1, odno: 11, pno: 5, count: 2 }];
    await tell(PaymentRefundedV1, {
      rfno: 41,
      ono,
      mno: 7,
      amount: 216_200,
      completeDate: new Date().toISOString(),
      lines,
    });
    await eventually(async () =>
      expect((await db.order.findUniqueOrThrow({ where: { ono } })).status).toBe('REFUND_COMPLETE'),
    );
    await tell(RefundRequestedV1, {
      rfno: 41,
      ono,
      mno: 7,
      requestDate: new Date().toISOString(),
      amount: 216_200,
      parts: [{ sellerId: 3, amount: 216_200, lines }],
    });
    await eventually(async () => expect(await order.transport.lag('order', RefundRequestedV1.topic)).toBe(0));
    expect((await db.order.findUniqueOrThrow({ where: { ono } })).status).toBe('REFUND_COMPLETE');
  });

  describe('writes each event in the transaction of its state change', () => {
    it('placing an order', async () => {
      const [orders, events] = [await db.order.count(), await outboxRows()];
      await crashAfterNextEnqueue(() => place());
      expect([await db.order.count(), await outboxRows()]).toEqual([orders, events]);
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
