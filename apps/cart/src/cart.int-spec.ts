import type { CartLineDto, OptionSnapshot } from '@mkt/contracts';
import { CartClearedV1, CartMessages, OrderCompletedV1 } from '@mkt/contracts';
import type { CatalogStandIn, TestService } from '@mkt/testing';
import {
  crashAfterNextEnqueue,
  eventually,
  publishEvent,
  startCatalogStandIn,
  startTestService,
} from '@mkt/testing';
import { cartService } from './cart.service';
import { CartDatabase } from './database';
import { ClearOrderedLinesOnOrderCompleted } from './orders/clear-ordered-lines.handler';

jest.setTimeout(60_000);

const option = (odno: number, od_stock: number): OptionSnapshot => ({
  odno,
  pno: 100 + odno,
  od_name: `옵션 ${odno}`,
  od_price: 500,
  od_stock,
  p_name: `상품 ${odno}`,
  p_price: 10_000,
  p_salePer: 20,
  p_stock: od_stock,
  businessName: '테스트상회',
  sellerId: 3,
  delFlag: false,
  pi_name: '',
});

/** The cart service on its own PostgreSQL database, reading options from a catalog over HTTP. */
describe('cart service', () => {
  let catalog: CatalogStandIn;
  let cart: TestService;
  let db: CartDatabase;
  let nextMember = 1;

  const send = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${cart.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const add = (mno: number, odno: number, c_cnt: number) =>
    send<CartLineDto[] & { message: string }>('POST', `/carts/${mno}/lines`, { odno, c_cnt });

  beforeAll(async () => {
    catalog = await startCatalogStandIn([option(1, 10), option(2, 5)]);
    cart = await startTestService(cartService, { serviceUrls: { catalog: catalog.url } });
    db = cart.app.get(CartDatabase);
  });

  afterAll(async () => {
    await cart?.close();
    await catalog?.close();
  });

  it('sums ten parallel adds of one option on one line', async () => {
    const mno = nextMember++;
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(mno, 1, 1)));
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const lines = await db.cartItem.findMany({ where: { mno } });
    expect(lines.map((line) => [line.odno, line.cCnt])).toEqual([[1, 10]]);
  });

  it('never lets parallel adds together pass the stock', async () => {
    const mno = nextMember++;
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(mno, 2, 2)));
    const accepted = answers.filter((answer) => answer.status === 201).length;
    const refused = answers.filter((answer) => answer.status === 400);
    expect(accepted).toBe(2);
    expect(refused.every((answer) => answer.body.message === CartMessages.overStock(5))).toBe(true);
    expect((await db.cartItem.findFirstOrThrow({ where: { mno } })).cCnt).toBe(4);
  });

  it("answers an add with the whole cart at catalog's prices now, asking catalog once", async () => {
    const mno = nextMember++;
    await add(mno, 1, 1);
    catalog.state.options = [{ ...option(1, 10), od_price: 900 }, option(2, 5)];
    const readsBefore = catalog.state.optionReads;
    try {
      const answer = await add(mno, 2, 1);
      expect(answer.status).toBe(201);
      expect(answer.body.map((line) => [line.odno, line.od_price])).toEqual([
        [1, 900],
        [2, 500],
      ]);
      expect(catalog.state.optionReads - readsBefore).toBe(1);
    } finally {
      catalog.state.options = [option(1, 10), option(2, 5)];
    }
  });

  it('refuses to change a line to more than the stock catalog has now', async () => {
    const mno = nextMember++;
    const [line] = (await add(mno, 1, 2)).body;
    catalog.state.options = [option(1, 3), option(2, 5)];
    const refused = await send<{ message: string }>('PUT', `/carts/${mno}/lines/${line.cino}`, { c_cnt: 4 });
    expect([refused.status, refused.body.message]).toEqual([400, CartMessages.overStock(3)]);
    const changed = await send<CartLineDto>('PUT', `/carts/${mno}/lines/${line.cino}`, { c_cnt: 3 });
    expect(changed.body).toMatchObject({ c_cnt: 3, od_stock: 3, unavailable: null });
    catalog.state.options = [option(1, 10), option(2, 5)];
  });

  it('answers 502 and changes nothing while catalog is down', async () => {
    const mno = nextMember++;
    await add(mno, 1, 1);
    catalog.state.down = true;
    try {
      const failed = await add(mno, 1, 1);
      expect(failed.status).toBe(502);
      expect(failed.body).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    } finally {
      catalog.state.down = false;
    }
    expect((await db.cartItem.findFirstOrThrow({ where: { mno } })).cCnt).toBe(1);
  });

  it('keeps a line at one piece or more in the database itself', async () => {
    await expect(
      db.cartItem.create({ data: { mno: nextMember++, pno: 101, odno: 1, cCnt: 0 } }),
    ).rejects.toThrow(/cart_item_c_cnt_positive/);
  });

  describe('a completed order', () => {
    const completed = (mno: number, ono: number, cartItemIds: number[]) => ({
      ono,
      mno,
      totalPrice: 16_500,
      lines: [{ orno: 1, odno: 1, pno: 101, sellerId: 3, count: 1, price: 8_500 }],
      cartItemIds,
    });

    it('takes the lines it came from out of the cart, once, and says so', async () => {
      const mno = nextMember++;
      const [first, second] = (await add(mno, 2, 1)).body.concat((await add(mno, 1, 1)).body.slice(1));
      const event = completed(mno, 501, [first.cino]);
      const envelope = await publishEvent(cart.transport, OrderCompletedV1, event, 501, 'order');
      await cart.transport.publish([
        { topic: OrderCompletedV1.topic, key: '501', value: JSON.stringify(envelope), headers: {} },
      ]);
      await eventually(async () => expect(await cart.transport.lag('cart', OrderCompletedV1.topic)).toBe(0));
      expect((await db.cartItem.findMany({ where: { mno } })).map((line) => line.cino)).toEqual([
        second.cino,
      ]);
      const cleared = await db.$queryRawUnsafe<{ envelope: string }[]>(
        'SELECT envelope FROM outbox_event WHERE topic = $1 AND message_key = $2',
        CartClearedV1.topic,
        '501',
      );
      expect(cleared.map((row) => (JSON.parse(row.envelope) as { payload: unknown }).payload)).toEqual([
        { mno, ono: 501, cartItemIds: [first.cino] },
      ]);
    });

    it("takes the ordered options' lines out when the checkout named none", async () => {
      const mno = nextMember++;
      await add(mno, 1, 1);
      await add(mno, 2, 1);
      await cart.app.get(ClearOrderedLinesOnOrderCompleted).handle(completed(mno, 502, []), { tx: db });
      expect((await db.cartItem.findMany({ where: { mno } })).map((line) => line.odno)).toEqual([2]);
    });

    it('leaves what the member added to the line while the order completed', async () => {
      const mno = nextMember++;
      const [line] = (await add(mno, 1, 1)).body;
      // The same option again, before the order of the first piece completes: it adds to that line.
      await add(mno, 1, 2);
      await cart.app
        .get(ClearOrderedLinesOnOrderCompleted)
        .handle(completed(mno, 504, [line.cino]), { tx: db });
      expect(await db.cartItem.findMany({ where: { mno }, select: { cino: true, cCnt: true } })).toEqual([
        { cino: line.cino, cCnt: 2 },
      ]);
    });

    it('takes a bought-now piece off a line that holds more when the checkout named none', async () => {
      const mno = nextMember++;
      await add(mno, 1, 3);
      await cart.app.get(ClearOrderedLinesOnOrderCompleted).handle(completed(mno, 505, []), { tx: db });
      expect((await db.cartItem.findFirstOrThrow({ where: { mno } })).cCnt).toBe(2);
    });

    it('writes cart.cleared in the transaction that removes the lines', async () => {
      const mno = nextMember++;
      const [line] = (await add(mno, 1, 1)).body;
      const clear = cart.app.get(ClearOrderedLinesOnOrderCompleted);
      await crashAfterNextEnqueue(() =>
        db.$transaction((tx) => clear.handle(completed(mno, 503, [line.cino]), { tx })),
      );
      expect(await db.cartItem.count({ where: { mno } })).toBe(1);
    });
  });
});
