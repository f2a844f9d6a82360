import type { EventDefinition, PayloadOf } from '@mkt/contracts';
import {
  OrderCancelledV1,
  OrderCompletedV1,
  OrderPlacedV1,
  PaymentRefundedV2,
  ProductChangedV1,
  StockRejectedV1,
  StockReservedV1,
} from '@mkt/contracts';
import type { TestService } from '@mkt/testing';
import { callService, crashAfterNextEnqueue, eventually, publishEvent, startTestService } from '@mkt/testing';
import { catalogService } from '../catalog.module';
import { CatalogDatabase } from '../database';
import { createProduct } from '../products/new-product';
import { STOCK_HOLD_TTL_MS, StockHolds } from './stock-holds';
import { ReserveStockOnOrderPlaced } from './stock.handlers';

jest.setTimeout(120_000);

type Line = PayloadOf<typeof OrderPlacedV1>['lines'][number];

/** Catalog on its own PostgreSQL database, sent the order's events through a real Kafka broker. */
describe("catalog's stock and the order's events", () => {
  let catalog: TestService;
  let db: CatalogDatabase;
  let nextOno = 1;
  let nextOrno = 1;

  async function product(stocks: number[]): Promise<{ pno: number; odnos: number[] }> {
    const pno = await createProduct(db, {
      pName: '재고 상품',
      pContent: '',
      pPrice: 10_000,
      pSalePer: 0,
      sellerId: 3,
      businessName: '테스트상회',
      ctnos: [],
      options: stocks.map((odStock, i) => ({ odName: `옵션${i}`, odPrice: 0, odStock })),
      imageNames: [],
    });
    const options = await db.productOption.findMany({ where: { pno }, orderBy: { odno: 'asc' } });
    return { pno, odnos: options.map((option) => option.odno) };
  }

  const line = (pno: number, odno: number, count: number): Line => ({
    orno: nextOrno++,
    odno,
    pno,
    sellerId: 3,
    count,
    price: 10_000,
  });
  const placed = (ono: number, lines: Line[]) => ({
    ono,
    mno: 7,
    totalPrice: 10_000,
    lines,
    cartItemIds: [],
  });
  const publish = <P>(event: EventDefinition<P>, payload: P & { ono: number }) =>
    publishEvent(catalog.transport, event, payload, payload.ono, 'order');

  const stockOf = async (pno: number) => {
    const row = await db.product.findUniqueOrThrow({
      where: { pno },
      include: { options: { orderBy: { odno: 'asc' } } },
    });
    return {
      options: row.options.map((option) => option.odStock),
      p_stock: row.pStock,
      salesVol: row.pSalesVol,
    };
  };
  /** What catalog announced about one order or product (its outbox, keyed by either). */
  const outboxOf = async (key: number, products: 'orders' | 'products') => {
    const rows = await db.$queryRawUnsafe<{ topic: string; envelope: string }[]>(
      `SELECT topic, envelope::text AS envelope FROM outbox_event
       WHERE message_key = $1 AND (topic = $2) = $3 ORDER BY id`,
      String(key),
      ProductChangedV1.topic,
      products === 'products',
    );
    return rows.map((row) => ({
      topic: row.topic,
      payload: (JSON.parse(row.envelope) as { payload: unknown }).payload,
    }));
  };
  const announced = (ono: number) => outboxOf(ono, 'orders');
  /** The product.changed events of one product, oldest first. */
  const productChanges = async (pno: number) =>
    (await outboxOf(pno, 'products')).map(({ payload }) => payload);
  /** Waits until catalog has handled everything published to `topic`. */
  const settled = (topic: string) =>
    eventually(async () => expect(await catalog.transport.lag('catalog', topic)).toBe(0));

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { relayPollIntervalMs: 50 });
    db = catalog.app.get(CatalogDatabase);
  });
  afterAll(() => catalog?.close());

  it('reserves every line of a placed order and says so, once however often the event arrives', async () => {
    const { pno, odnos } = await product([10, 5]);
    const ono = nextOno++;
    const event = placed(ono, [line(pno, odnos[0], 3), line(pno, odnos[1], 5)]);
    await publish(OrderPlacedV1, event);
    await eventually(async () =>
      expect(await stockOf(pno)).toEqual({ options: [7, 0], p_stock: 7, salesVol: 0 }),
    );
    expect(await announced(ono)).toEqual([{ topic: StockReservedV1.topic, payload: { ono } }]);

    const envelope = await publish(OrderPlacedV1, event);
    // The same envelope again, as Kafka redelivers it.
    await catalog.transport.publish([
      {
        topic: OrderPlacedV1.topic,
        key: String(ono),
        value: JSON.stringify(envelope),
        headers: {},
      },
    ]);
    await settled(OrderPlacedV1.topic);
    expect(await stockOf(pno)).toEqual({ options: [7, 0], p_stock: 7, salesVol: 0 });
    expect(await announced(ono)).toHaveLength(1);
  });

  it('takes nothing when one line is short, and names the short line', async () => {
    const { pno, odnos } = await product([10, 2]);
    const ono = nextOno++;
    await publish(OrderPlacedV1, placed(ono, [line(pno, odnos[0], 4), line(pno, odnos[1], 3)]));
    await eventually(async () =>
      expect(await announced(ono)).toEqual([
        {
          topic: StockRejectedV1.topic,
          payload: { ono, shortLines: [{ odno: odnos[1], wanted: 3, available: 2 }] },
        },
      ]),
    );
    expect(await stockOf(pno)).toEqual({ options: [10, 2], p_stock: 12, salesVol: 0 });
  });

  it('gives back what a cancelled order took, once', async () => {
    const { pno, odnos } = await product([6]);
    const ono = nextOno++;
    const lines = [line(pno, odnos[0], 4)];
    await publish(OrderPlacedV1, placed(ono, lines));
    await eventually(async () => expect((await stockOf(pno)).options).toEqual([2]));
    const cancelled = { ono, mno: 7, reason: 'PAYMENT_TIMEOUT' as const, lines, pmno: null };
    await publish(OrderCancelledV1, cancelled);
    await publish(OrderCancelledV1, cancelled);
    await settled(OrderCancelledV1.topic);
    expect(await stockOf(pno)).toEqual({ options: [6], p_stock: 6, salesVol: 0 });
  });

  it('never takes stock for an order whose cancellation arrived first', async () => {
    const { pno, odnos } = await product([6]);
    const ono = nextOno++;
    const lines = [line(pno, odnos[0], 4)];
    await publish(OrderCancelledV1, { ono, mno: 7, reason: 'PAYMENT_TIMEOUT', lines, pmno: null });
    await settled(OrderCancelledV1.topic);
    await publish(OrderPlacedV1, placed(ono, lines));
    await settled(OrderPlacedV1.topic);
    expect(await stockOf(pno)).toEqual({ options: [6], p_stock: 6, salesVol: 0 });
    expect(await announced(ono)).toEqual([]);
  });

  it('counts a completed order as sales, once', async () => {
    const { pno, odnos } = await product([9]);
    const ono = nextOno++;
    const completed = { ono, mno: 7, totalPrice: 30_000, lines: [line(pno, odnos[0], 3)], cartItemIds: [] };
    const envelope = await publish(OrderCompletedV1, completed);
    await catalog.transport.publish([
      { topic: OrderCompletedV1.topic, key: String(ono), value: JSON.stringify(envelope), headers: {} },
    ]);
    await settled(OrderCompletedV1.topic);
    expect((await stockOf(pno)).salesVol).toBe(3);
  });

  it('announces every stock and sales move of a product to readers of product.changed', async () => {
    const { pno, odnos } = await product([10]);
    const [paid, cancelled, refused] = [nextOno++, nextOno++, nextOno++];
    const lines = [line(pno, odnos[0], 2)];
    // Step by step: events of different topics may arrive in any order.
    const step = async (publishing: Promise<unknown>, expected: { p_stock: number; salesVol: number }) => {
      await publishing;
      await eventually(async () => expect(await stockOf(pno)).toMatchObject(expected));
    };
    await step(publish(OrderPlacedV1, placed(paid, lines)), { p_stock: 8, salesVol: 0 });
    await step(publish(OrderCompletedV1, { ...placed(paid, lines), totalPrice: 20_000 }), {
      p_stock: 8,
      salesVol: 2,
    });
    const refundedLines = lines.map(({ orno, odno, count }) => ({ orno, odno, pno, count }));
    await step(
      publish(PaymentRefundedV2, {
        rfno: 1,
        ono: paid,
        mno: 7,
        sellerId: 3,
        amount: 20_000,
        completeDate: new Date().toISOString(),
        lines: refundedLines,
      }),
      { p_stock: 10, salesVol: 0 },
    );
    await step(publish(OrderPlacedV1, placed(cancelled, lines)), { p_stock: 8, salesVol: 0 });
    await step(
      publish(OrderCancelledV1, { ono: cancelled, mno: 7, reason: 'PAYMENT_TIMEOUT', lines, pmno: null }),
      { p_stock: 10, salesVol: 0 },
    );
    // Short of stock: nothing moves, nothing to announce.
    await publish(OrderPlacedV1, placed(refused, [line(pno, odnos[0], 99)]));
    await eventually(async () => expect((await announced(refused))[0]?.topic).toBe(StockRejectedV1.topic));
    expect(await productChanges(pno)).toEqual([
      { pno, changes: ['stock'] },
      { pno, changes: ['salesVolume'] },
      { pno, changes: ['stock', 'salesVolume'] },
      { pno, changes: ['stock'] },
      { pno, changes: ['stock'] },
    ]);
  });

  it('never oversells: of 60 orders of one piece for 20 in stock, exactly 20 are reserved', async () => {
    const { pno, odnos } = await product([20]);
    const onos = Array.from({ length: 60 }, () => nextOno++);
    await Promise.all(onos.map((ono) => publish(OrderPlacedV1, placed(ono, [line(pno, odnos[0], 1)]))));
    await eventually(async () => {
      const outcomes = await Promise.all(onos.map(async (ono) => (await announced(ono))[0]?.topic));
      expect(outcomes.filter((topic) => topic === undefined)).toEqual([]);
      expect(outcomes.filter((topic) => topic === StockReservedV1.topic)).toHaveLength(20);
    }, 60_000);
    expect(await stockOf(pno)).toEqual({ options: [0], p_stock: 0, salesVol: 0 });
  });

  it('writes stock.reserved in the transaction that takes the stock', async () => {
    const { pno, odnos } = await product([5]);
    const ono = nextOno++;
    const reserve = catalog.app.get(ReserveStockOnOrderPlaced);
    await crashAfterNextEnqueue(() =>
      db.$transaction((tx) => reserve.handle(placed(ono, [line(pno, odnos[0], 2)]), { tx })),
    );
    expect(await stockOf(pno)).toEqual({ options: [5], p_stock: 5, salesVol: 0 });
    expect(await db.stockReservation.findUnique({ where: { ono } })).toBeNull();
    expect(await announced(ono)).toEqual([]);
  });

  describe('held at placement (POST /stock-holds), before the order exists', () => {
    let nextKey = 1;
    const holdKey = () => `7:hold-${nextKey++}`;
    const holdLines = (lines: Line[]) => lines.map(({ odno, pno, count }) => ({ odno, pno, count }));
    const holds = () => catalog.app.get(StockHolds);
    const hold = (key: string, lines: Line[]) =>
      callService<unknown>(catalog, 'POST', '/stock-holds', { key, lines: holdLines(lines) });
    const statusOf = async (key: string) => (await db.stockHold.findUniqueOrThrow({ where: { key } })).status;

    it('holds every line or none, names the short lines, and holds nothing more when asked again', async () => {
      const { pno, odnos } = await product([10, 2]);
      const key = holdKey();
      const lines = [line(pno, odnos[0], 4), line(pno, odnos[1], 2)];
      expect(await hold(key, lines)).toEqual({ status: 200, body: { held: true } });
      expect(await hold(key, lines)).toEqual({ status: 200, body: { held: true } });
      expect(await stockOf(pno)).toEqual({ options: [6, 0], p_stock: 6, salesVol: 0 });
      expect(await productChanges(pno)).toEqual([{ pno, changes: ['stock'] }]);

      expect(await hold(holdKey(), [line(pno, odnos[0], 1), line(pno, odnos[1], 1)])).toEqual({
        status: 200,
        body: { held: false, shortLines: [{ odno: odnos[1], wanted: 1, available: 0 }] },
      });
      expect(await stockOf(pno)).toEqual({ options: [6, 0], p_stock: 6, salesVol: 0 });
      expect((await hold(holdKey(), [])).status).toBe(400);
    });

    it('takes the pieces once when one placement asks for them several times at once', async () => {
      const { pno, odnos } = await product([10]);
      const key = holdKey();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => holds().hold(key, holdLines([line(pno, odnos[0], 3)]))),
      );
      expect(answers).toEqual(Array.from({ length: 4 }, () => ({ held: true })));
      expect((await stockOf(pno)).options).toEqual([7]);
      await holds().release(key);
      expect((await stockOf(pno)).options).toEqual([10]);
    });

    it('never oversells: of 30 shoppers holding one piece of 10 at once, exactly 10 hold one', async () => {
      const { pno, odnos } = await product([10]);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => holds().hold(holdKey(), holdLines([line(pno, odnos[0], 1)]))),
      );
      expect(answers.filter((answer) => answer.held)).toHaveLength(10);
      expect(await stockOf(pno)).toEqual({ options: [0], p_stock: 0, salesVol: 0 });
    });

    it('is claimed by its order, whose stock is not taken again; a cancellation gives it back once', async () => {
      const { pno, odnos } = await product([5]);
      const [key, ono] = [holdKey(), nextOno++];
      const lines = [line(pno, odnos[0], 2)];
      await hold(key, lines);
      await publish(OrderPlacedV1, { ...placed(ono, lines), stockHold: key });
      await eventually(async () =>
        expect(await announced(ono)).toEqual([{ topic: StockReservedV1.topic, payload: { ono } }]),
      );
      expect(await statusOf(key)).toBe('CLAIMED');
      expect((await stockOf(pno)).options).toEqual([3]);
      // A claimed hold is the order's: releasing the key gives nothing back.
      await holds().release(key);
      expect((await stockOf(pno)).options).toEqual([3]);
      const cancelled = { ono, mno: 7, reason: 'PAYMENT_TIMEOUT' as const, lines, pmno: null };
      await publish(OrderCancelledV1, cancelled);
      await publish(OrderCancelledV1, cancelled);
      await settled(OrderCancelledV1.topic);
      expect(await stockOf(pno)).toEqual({ options: [5], p_stock: 5, salesVol: 0 });
    });

    it('goes back at once when the placement could not save its order, once', async () => {
      const { pno, odnos } = await product([5]);
      const key = holdKey();
      await hold(key, [line(pno, odnos[0], 2)]);
      expect((await callService(catalog, 'DELETE', `/stock-holds/${encodeURIComponent(key)}`)).status).toBe(
        204,
      );
      await holds().release(key);
      expect(await stockOf(pno)).toEqual({ options: [5], p_stock: 5, salesVol: 0 });
      expect(await statusOf(key)).toBe('RELEASED');
    });

    it('goes back when the order was cancelled before its order.placed arrived', async () => {
      const { pno, odnos } = await product([5]);
      const [key, ono] = [holdKey(), nextOno++];
      const lines = [line(pno, odnos[0], 2)];
      await hold(key, lines);
      await publish(OrderCancelledV1, { ono, mno: 7, reason: 'PAYMENT_CANCELLED', lines, pmno: null });
      await settled(OrderCancelledV1.topic);
      await publish(OrderPlacedV1, { ...placed(ono, lines), stockHold: key });
      await settled(OrderPlacedV1.topic);
      expect(await stockOf(pno)).toEqual({ options: [5], p_stock: 5, salesVol: 0 });
      expect(await announced(ono)).toEqual([]);
    });

    it('goes back when nobody claimed it in time; its order arriving later takes the pieces afresh, or is refused', async () => {
      const { pno, odnos } = await product([3]);
      const [late, refused] = [holdKey(), holdKey()];
      await hold(late, [line(pno, odnos[0], 2)]);
      await hold(refused, [line(pno, odnos[0], 1)]);
      const expired = new Date(Date.now() - STOCK_HOLD_TTL_MS);
      await db.stockHold.updateMany({
        where: { key: { in: [late, refused] } },
        data: { expiresAt: expired },
      });
      expect(await holds().releaseExpired()).toBeGreaterThanOrEqual(2);
      expect((await stockOf(pno)).options).toEqual([3]);

      await hold(holdKey(), [line(pno, odnos[0], 2)]);
      const [lateOno, refusedOno] = [nextOno++, nextOno++];
      await publish(OrderPlacedV1, { ...placed(lateOno, [line(pno, odnos[0], 1)]), stockHold: late });
      await eventually(async () => expect((await announced(lateOno))[0]?.topic).toBe(StockReservedV1.topic));
      await publish(OrderPlacedV1, { ...placed(refusedOno, [line(pno, odnos[0], 1)]), stockHold: refused });
      await eventually(async () =>
        expect((await announced(refusedOno))[0]?.topic).toBe(StockRejectedV1.topic),
      );
      expect((await stockOf(pno)).options).toEqual([0]);
    });
  });
});
