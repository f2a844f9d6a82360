import { CommandBus } from '@nestjs/cqrs';
import type { OrderDto, OrderLineDto, PlacedOrderDto } from '@mkt/contracts';
import { OrderMessages } from '@mkt/contracts';
import { lineTotal } from '@mkt/pricing';
import { eventually } from '@mkt/testing';
import { createProduct } from '@mkt/catalog/testing';
import { CancelAbandonedOrders } from '@mkt/order/testing';
import type { AccountsStack, ApiRequest, Shopper } from '../testing/accounts-stack';
import { callApi, joinShopper, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(120_000);

interface ErrorAnswer {
  error: string;
  message: string;
}

/**
 * Placing and reading orders through the BFF as the spec's client sends them, with member, catalog,
 * cart and order each on its own PostgreSQL database and the order's events on Kafka.
 */
describe('orders API', () => {
  let stack: AccountsStack;
  /** 59,000원 10% off; options 300g (+0, stock 10) and 600g (+55,000, stock 3). */
  let beef: { pno: number; small: number; large: number };

  const call = <T>(method: string, path: string, shopper?: Shopper, request: ApiRequest = {}) =>
    callApi<T>(stack.url, method, path, { ...request, token: shopper?.token });

  const newShopper = () => joinShopper(stack.url, 'order');

  /** The spec client's order body: what it sends, with prices it computed itself. */
  const specOrder = (shopper: Shopper, lines: { odno?: number; or_count: number }[], extra: object = {}) => ({
    o_totalPrice: lines.reduce(
      (sum, line) => sum + lineTotal(59_000, 10, line.odno === beef.large ? 55_000 : 0, line.or_count),
      0,
    ),
    o_address: '(06236) 서울 강남구 테헤란로 1',
    o_reciver: '김민수',
    o_reciverPhoNum: '01012345678',
    status: 'ORDER_COMPLETE',
    orderDate: new Date().toISOString(),
    mno: shopper.mno,
    orderDetails: lines.map((line) => ({ or_price: 1, rno: null, review_flag: false, ...line })),
    ...extra,
  });
  const place = (shopper: Shopper, body: unknown, key?: string) =>
    call<PlacedOrderDto & ErrorAnswer>('POST', '/api/orders', shopper, {
      json: body,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const orderOf = (shopper: Shopper, ono: number) =>
    call<OrderDto & ErrorAnswer>('GET', `/api/orders/member/${shopper.mno}/${ono}`, shopper);

  beforeAll(async () => {
    stack = await startAccountsStack('order_api', {}, { shop: true });
  });

  // Each test buys from a product of its own, so that no test sees another's stock.
  beforeEach(async () => {
    const pno = await createProduct(stack.catalog!, {
      pName: '한우 선물세트',
      pContent: '',
      pPrice: 59_000,
      pSalePer: 10,
      sellerId: 3,
      businessName: '한우명가',
      ctnos: [],
      options: [
        { odName: '300g', odPrice: 0, odStock: 10 },
        { odName: '600g', odPrice: 55_000, odStock: 3 },
      ],
      imageNames: ['beef-1.jpg'],
    });
    const options = await stack.catalog!.productOption.findMany({ where: { pno }, orderBy: { odno: 'asc' } });
    beef = { pno, small: options[0].odno, large: options[1].odno };
  });

  afterAll(() => stack?.close());

  it('places an order at the server prices, waiting for payment, whatever status and prices the client sends', async () => {
    const shopper = await newShopper();
    const placed = await place(
      shopper,
      specOrder(shopper, [
        { odno: beef.large, or_count: 2 },
        { odno: beef.small, or_count: 1 },
      ]),
    );
    expect(placed.status).toBe(201);
    // 2 x (53,100 + 55,000) + 53,100
    expect(placed.body).toEqual({
      ono: expect.any(Number),
      o_totalPrice: 269_300,
      status: 'PAYMENT_PENDING',
    });

    const order = await orderOf(shopper, placed.body.ono);
    expect(order.body).toMatchObject({
      ono: placed.body.ono,
      mno: shopper.mno,
      o_totalPrice: 269_300,
      status: 'PAYMENT_PENDING',
      o_reciver: '김민수',
      o_address: '(06236) 서울 강남구 테헤란로 1',
      o_reciverPhoNum: '01012345678',
      cancelReason: null,
    });
    expect(
      order.body.orderDetails.map((line) => [
        line.odno,
        line.or_count,
        line.or_price,
        line.p_name,
        line.od_name,
      ]),
    ).toEqual([
      [beef.large, 2, 108_100, '한우 선물세트', '600g'],
      [beef.small, 1, 53_100, '한우 선물세트', '300g'],
    ]);
    const lines = await call<OrderLineDto[]>('GET', `/api/order-details/order/${placed.body.ono}`, shopper);
    expect(lines.body.map((line) => line.productImage)).toEqual([
      [{ pi_name: 'beef-1.jpg' }],
      [{ pi_name: 'beef-1.jpg' }],
    ]);
    expect(lines.body.every((line) => line.rno === null && line.review_flag === false)).toBe(true);

    const list = await call<OrderDto[]>('GET', `/api/orders/member/${shopper.mno}`, shopper);
    expect(list.body.map((o) => o.ono)).toEqual([placed.body.ono]);
  });

  it('refuses a total that differs from the server total, naming the right one', async () => {
    const shopper = await newShopper();
    const refused = await place(shopper, {
      ...specOrder(shopper, [{ odno: beef.small, or_count: 1 }]),
      o_totalPrice: 100,
    });
    expect([refused.status, refused.body.message]).toEqual([400, OrderMessages.totalChanged(53_100)]);
    expect((await call<OrderDto[]>('GET', `/api/orders/member/${shopper.mno}`, shopper)).body).toEqual([]);
  });

  it.each([
    ['no receiver', { o_reciver: ' ' }, OrderMessages.receiverRequired],
    ['no address', { o_address: '' }, OrderMessages.addressRequired],
    ['a phone with dashes', { o_reciverPhoNum: '010-1234-5678' }, OrderMessages.phoneDigits],
    ['a phone of 12 digits', { o_reciverPhoNum: '010123456789' }, OrderMessages.phoneDigits],
    [
      'a phone of 7 digits (sign-up needs 10 or 11)',
      { o_reciverPhoNum: '0101234' },
      OrderMessages.phoneDigits,
    ],
    ['a phone not starting with 01', { o_reciverPhoNum: '0212345678' }, OrderMessages.phoneDigits],
    ['an order count sent as text', { orderDetails: [{ odno: 1, or_count: '2' }] }, OrderMessages.countRange],
    [
      'an order count sent as true',
      { orderDetails: [{ odno: 1, or_count: true }] },
      OrderMessages.countRange,
    ],
    ['no lines', { orderDetails: [] }, OrderMessages.noLines],
    [
      'a line without an option',
      { orderDetails: [{ or_count: 1, p_name: '한우 선물세트' }] },
      OrderMessages.optionRequired('한우 선물세트'),
    ],
    ['a count of 0', { orderDetails: [{ odno: 1, or_count: 0 }] }, OrderMessages.countRange],
    [
      'an unknown option',
      { orderDetails: [{ odno: 987_654, or_count: 1 }], o_totalPrice: undefined },
      OrderMessages.unknownOption,
    ],
  ])('refuses %s with its message and saves nothing', async (_case, override, message) => {
    const shopper = await newShopper();
    const refused = await place(shopper, {
      ...specOrder(shopper, [{ odno: beef.small, or_count: 1 }]),
      ...override,
    });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining(message)]);
    expect((await call<OrderDto[]>('GET', `/api/orders/member/${shopper.mno}`, shopper)).body).toEqual([]);
  });

  it('refuses more than the stock, naming what is left', async () => {
    const shopper = await newShopper();
    const refused = await place(shopper, specOrder(shopper, [{ odno: beef.large, or_count: 4 }]));
    expect([refused.status, refused.body.message]).toEqual([
      400,
      OrderMessages.overStock('한우 선물세트', 3),
    ]);
  });

  it('places one order per idempotency key, however often and however fast it is sent', async () => {
    const shopper = await newShopper();
    const body = specOrder(shopper, [{ odno: beef.small, or_count: 1 }]);
    const answers = await Promise.all([1, 2, 3].map(() => place(shopper, body, 'checkout-1')));
    expect(new Set(answers.map((answer) => answer.body.ono)).size).toBe(1);
    // Another member's key of the same text is their own.
    const other = await newShopper();
    const theirs = await place(other, specOrder(other, [{ odno: beef.small, or_count: 1 }]), 'checkout-1');
    expect(theirs.body.ono).not.toBe(answers[0].body.ono);
    expect((await call<OrderDto[]>('GET', `/api/orders/member/${shopper.mno}`, shopper)).body).toHaveLength(
      1,
    );
  });

  it('gives the last pieces to one of the shoppers racing for them and refuses the others before any order is saved, saying why', async () => {
    // Six shoppers check out the last 3 pieces at once. Their reads at placement may all see 3, but
    // catalog holds the pieces for one placement only; the others are refused with what is left.
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => newShopper()));
    const answers = await Promise.all(
      shoppers.map((shopper) => place(shopper, specOrder(shopper, [{ odno: beef.large, or_count: 3 }]))),
    );
    const accepted = answers.filter((answer) => answer.status === 201);
    expect(accepted).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.status !== 201).map((answer) => [answer.status, answer.body.message]),
    ).toEqual(Array.from({ length: 5 }, () => [400, OrderMessages.overStock('한우 선물세트', 0)]));
    const savedOrders = () =>
      stack.orders!.order.findMany({ where: { mno: { in: shoppers.map((s) => s.mno) } } });
    await eventually(async () =>
      expect((await savedOrders()).map((order) => [order.ono, order.status, order.stock])).toEqual([
        [accepted[0].body.ono, 'PAYMENT_PENDING', 'RESERVED'],
      ]),
    );
    expect(
      (await stack.catalog!.productOption.findUniqueOrThrow({ where: { odno: beef.large } })).odStock,
    ).toBe(0);
  });

  it('cancels an order left unpaid past the timeout and gives its stock back', async () => {
    const shopper = await newShopper();
    const stock = async () =>
      (await stack.catalog!.productOption.findUniqueOrThrow({ where: { odno: beef.small } })).odStock;
    const placed = await place(shopper, specOrder(shopper, [{ odno: beef.small, or_count: 2 }]));
    await eventually(async () => expect(await stock()).toBe(8));
    await stack.orders!.order.update({
      where: { ono: placed.body.ono },
      data: { orderDate: new Date(Date.now() - 20 * 60_000) },
    });

    expect(
      await stack
        .service('order')
        .get(CommandBus)
        .execute(new CancelAbandonedOrders(15 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    const order = await orderOf(shopper, placed.body.ono);
    expect(order.body).toMatchObject({ status: 'CANCEL', cancelReason: expect.stringMatching(/결제 시간/) });
    await eventually(async () => expect(await stock()).toBe(10));
  });

  it("refuses another member's orders and a body naming another member", async () => {
    const owner = await newShopper();
    const other = await newShopper();
    const placed = await place(owner, specOrder(owner, [{ odno: beef.small, or_count: 1 }]));
    expect((await call('GET', `/api/orders/member/${owner.mno}`, other)).status).toBe(403);
    expect((await call('GET', `/api/orders/member/${owner.mno}/${placed.body.ono}`, other)).status).toBe(403);
    expect((await call('GET', `/api/orders/member/${other.mno}/${placed.body.ono}`, other)).status).toBe(404);
    expect((await call('GET', `/api/order-details/order/${placed.body.ono}`, other)).status).toBe(404);
    expect((await place(other, specOrder(owner, [{ odno: beef.small, or_count: 1 }]))).status).toBe(403);
    expect((await call('POST', '/api/orders', undefined, { json: specOrder(owner, []) })).status).toBe(401);
  });
});
