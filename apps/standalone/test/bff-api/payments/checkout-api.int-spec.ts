import { randomBytes } from 'node:crypto';
import type {
  CartLineDto,
  OrderDto,
  OrderPaymentDto,
  PaymentRecordResult,
  PaymentVerificationDto,
  PlacedOrderDto,
  SandboxPayResult,
} from '@mkt/contracts';
import {
  OrderCompletedV1,
  OrderMessages,
  OrderPlacedV1,
  PaymentVerifiedV1,
  StockReservedV1,
} from '@mkt/contracts';
import { CatalogOptions } from '@mkt/internal-clients';
import { lineTotal } from '@mkt/pricing';
import { CommandBus } from '@nestjs/cqrs';
import { crashAfterNextEnqueue, eventually } from '@mkt/testing';
import { createProduct } from '@mkt/catalog/testing';
import {
  GatewayCancellation,
  GatewayUnreachableError,
  PAYMENT_GATEWAY,
  PaymentDatabase,
  PaymentNotFoundError,
  UnmatchedPayments,
  VerifyPayment,
} from '@mkt/payment/testing';
import type { PaymentGateway } from '@mkt/payment/testing';
import { CartDatabase } from '@mkt/cart/testing';
import { CatalogDatabase } from '@mkt/catalog';
import { OrderDatabase } from '@mkt/order/testing';
import type { AccountsStack, ApiRequest, Shopper } from '../testing/accounts-stack';
import { callApi, joinShopper, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(180_000);

/**
 * Checkout end to end through the BFF: member, catalog, cart, order and payment each on its own
 * PostgreSQL database, their events on Kafka, payments at the sandbox gateway through the PortOne adapter.
 */
describe('checkout and payment', () => {
  let stack: AccountsStack;
  /** 19,900원 15% off, option +1,500 (stock 10): 18,420원 a piece; a line is rounded once (2 pieces: 36,830원). */
  let kimchi: { pno: number; odno: number };
  const kimchiLine = (count: number) => lineTotal(19_900, 15, 1_500, count);
  const UNIT = kimchiLine(1);

  const call = <T>(method: string, path: string, shopper?: Shopper, request: ApiRequest = {}) =>
    callApi<T>(stack.url, method, path, { ...request, token: shopper?.token });

  const newShopper = () => joinShopper(stack.url, 'pay');

  async function cartOf(shopper: Shopper, count = 2): Promise<CartLineDto[]> {
    await call('POST', '/api/cart/add', shopper, { json: { odno: kimchi.odno, c_cnt: count } });
    return (await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body;
  }

  /** Our web app's checkout: the order first (with the cart lines it comes from), then the window. */
  async function placeFromCart(shopper: Shopper, lines: CartLineDto[]): Promise<PlacedOrderDto> {
    const placed = await call<PlacedOrderDto>('POST', '/api/orders', shopper, {
      headers: { 'idempotency-key': randomBytes(8).toString('hex') },
      json: {
        o_reciver: '김민수',
        o_address: '(06236) 서울 강남구 테헤란로 1',
        o_reciverPhoNum: '01012345678',
        o_totalPrice: lines.reduce((sum, line) => sum + line.lineAmount, 0),
        orderDetails: lines.map((line) => ({ odno: line.odno, or_count: line.c_cnt })),
        cartItemIds: lines.map((line) => line.cino),
      },
    });
    expect(placed.status).toBe(201);
    return placed.body;
  }

  const payAtSandbox = async (shopper: Shopper, merchantUid: string, amount: number, outcome = 'paid') =>
    (
      await call<SandboxPayResult>('POST', '/api/payments/sandbox/pay', shopper, {
        json: { merchant_uid: merchantUid, amount, pg_provider: 'kakaopay', pay_method: 'card', outcome },
      })
    ).body;
  const record = (shopper: Shopper, ono: number, impUid: string, merchantUid: string, amount: number) =>
    call<PaymentRecordResult>('POST', '/api/payments', shopper, {
      json: { imp_uid: impUid, merchant_uid: merchantUid, amount, pm_method: 'card', ono },
    });
  const verify = (shopper: Shopper, impUid: string, pmno: number) =>
    call<PaymentVerificationDto>('POST', `/api/checkout/verify/${impUid}/${pmno}`, shopper);

  /** Pays the order at the sandbox with `amount`, records it and verifies it, as our web app does. */
  async function pay(shopper: Shopper, order: PlacedOrderDto, amount = order.o_totalPrice) {
    const merchantUid = `mkt_${Date.now()}_${order.ono}`;
    const paid = await payAtSandbox(shopper, merchantUid, amount);
    const recorded = await record(shopper, order.ono, paid.imp_uid, merchantUid, amount);
    expect(recorded.body).toMatchObject({ success: true, pmno: expect.any(Number) });
    const verified = await verify(shopper, paid.imp_uid, recorded.body.pmno!);
    return { impUid: paid.imp_uid, merchantUid, pmno: recorded.body.pmno!, verified: verified.body };
  }

  const orderOf = async (shopper: Shopper, ono: number) =>
    (await call<OrderDto>('GET', `/api/orders/member/${shopper.mno}/${ono}`, shopper)).body;
  const optionStock = async () =>
    (await stack.catalog!.productOption.findUniqueOrThrow({ where: { odno: kimchi.odno } })).odStock;
  const salesVolume = async () =>
    (await stack.catalog!.product.findUniqueOrThrow({ where: { pno: kimchi.pno } })).pSalesVol;
  const totalPay = async (shopper: Shopper) =>
    (await stack.members.member.findUniqueOrThrow({ where: { mno: shopper.mno } })).totalPay;
  const gateway = () => stack.service('payment').get<PaymentGateway>(PAYMENT_GATEWAY);

  beforeAll(async () => {
    stack = await startAccountsStack('checkout', {}, { shop: true });
  });

  beforeEach(async () => {
    const pno = await createProduct(stack.catalog!, {
      pName: '포기김치',
      pContent: '',
      pPrice: 19_900,
      pSalePer: 15,
      sellerId: 3,
      businessName: '김치마을',
      ctnos: [],
      options: [{ odName: '3kg', odPrice: 1_500, odStock: 10 }],
      imageNames: [],
    });
    kimchi = { pno, odno: (await stack.catalog!.productOption.findFirstOrThrow({ where: { pno } })).odno };
  });

  afterAll(() => stack?.close());

  it('completes a paid order: stock, sales, cart, totalPay and the payment all follow', async () => {
    const shopper = await newShopper();
    const lines = await cartOf(shopper, 2);
    const order = await placeFromCart(shopper, lines);
    expect(order.o_totalPrice).toBe(kimchiLine(2));

    const { impUid, merchantUid, verified } = await pay(shopper, order);
    expect(verified).toEqual({ verified: true, status: 'ORDER_COMPLETE', reason: null });
    expect((await orderOf(shopper, order.ono)).status).toBe('ORDER_COMPLETE');
    expect(await optionStock()).toBe(8);
    await eventually(async () => {
      expect(await salesVolume()).toBe(2);
      expect(await totalPay(shopper)).toBe(kimchiLine(2));
      expect((await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body).toEqual([]);
    });
    expect(
      (await call<OrderPaymentDto>('GET', `/api/payments/order/${order.ono}`, shopper)).body,
    ).toMatchObject({
      imp_uid: impUid,
      merchant_uid: merchantUid,
      amount: kimchiLine(2),
      pg_provider: 'kakaopay',
    });
  });

  it("works in the spec client's order: pay at the gateway, then the order, the record and the boolean", async () => {
    const shopper = await newShopper();
    await cartOf(shopper, 1);
    const merchantUid = `mkt_${Date.now()}`;
    const paid = await payAtSandbox(shopper, merchantUid, UNIT);
    const placed = await call<PlacedOrderDto>('POST', '/api/orders', shopper, {
      json: {
        o_totalPrice: UNIT,
        o_address: '(06236) 서울 강남구 테헤란로 1',
        o_reciver: '김민수',
        o_reciverPhoNum: '01012345678',
        status: 'ORDER_COMPLETE',
        orderDate: new Date().toISOString(),
        mno: shopper.mno,
        orderDetails: [{ or_price: 1, or_count: 1, odno: kimchi.odno, rno: null, review_flag: false }],
      },
    });
    const recorded = await record(shopper, placed.body.ono, paid.imp_uid, merchantUid, UNIT);
    const answer = await call<boolean>(
      'POST',
      `/api/payments/verify/${paid.imp_uid}/${recorded.body.pmno}`,
      shopper,
    );
    expect([answer.status, answer.body]).toEqual([200, true]);
    // Verifying again changes nothing and answers the same.
    expect(
      (await call<boolean>('POST', `/api/payments/verify/${paid.imp_uid}/${recorded.body.pmno}`, shopper))
        .body,
    ).toBe(true);
    // The spec client names no cart lines: the ordered option's line goes.
    await eventually(async () =>
      expect((await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body).toEqual([]),
    );
    expect(await optionStock()).toBe(9);
  });

  it('never completes on a lower gateway amount: the order is cancelled, the payment given back, stock and cart kept', async () => {
    const shopper = await newShopper();
    const lines = await cartOf(shopper, 2);
    const order = await placeFromCart(shopper, lines);
    const { impUid, pmno, verified } = await pay(shopper, order, order.o_totalPrice - 1_000);
    expect(verified).toMatchObject({
      verified: false,
      reason: expect.stringMatching(/결제 금액이 주문 금액과 다릅니다/),
    });
    await eventually(async () => {
      expect((await orderOf(shopper, order.ono)).status).toBe('CANCEL');
      expect(await gateway().findPayment(impUid)).toMatchObject({ status: 'cancelled' });
      expect(
        await stack.service('payment').get(PaymentDatabase).payment.findUniqueOrThrow({ where: { pmno } }),
      ).toMatchObject({
        status: 'CANCELLED',
      });
      expect(await optionStock()).toBe(10);
    });
    expect((await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body).toHaveLength(1);
    expect(await totalPay(shopper)).toBe(0);
  });

  it('never verifies a payment of another merchant_uid, nor an imp_uid that paid another order', async () => {
    const shopper = await newShopper();
    const first = await placeFromCart(shopper, await cartOf(shopper, 1));
    const paidFirst = await pay(shopper, first);
    expect(paidFirst.verified.verified).toBe(true);
    // The first order's line leaves the cart through order.completed; adding again before that would
    // add to the very line being removed.
    await eventually(async () =>
      expect((await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body).toEqual([]),
    );

    const second = await placeFromCart(shopper, await cartOf(shopper, 1));
    // The first order's imp_uid offered for the second order.
    const reused = await record(
      shopper,
      second.ono,
      paidFirst.impUid,
      paidFirst.merchantUid,
      second.o_totalPrice,
    );
    expect(reused.body).toMatchObject({
      success: false,
      pmno: null,
      errorMessage: expect.stringMatching(/다른 주문/),
    });

    // A real payment, but for another merchant_uid than the one recorded.
    const elsewhere = await payAtSandbox(shopper, 'mkt_someone_else', second.o_totalPrice);
    const recorded = await record(
      shopper,
      second.ono,
      elsewhere.imp_uid,
      `mkt_${second.ono}`,
      second.o_totalPrice,
    );
    const verified = await verify(shopper, elsewhere.imp_uid, recorded.body.pmno!);
    expect(verified.body).toMatchObject({
      verified: false,
      status: 'PAYMENT_PENDING',
      reason: expect.stringMatching(/이 주문의 결제가 아닙니다/),
    });
    // Not this order's money: left alone at the gateway.
    expect(await gateway().findPayment(elsewhere.imp_uid)).toMatchObject({ status: 'paid' });
  });

  it('keeps the order waiting and the cart as it was when the payment fails', async () => {
    const shopper = await newShopper();
    const order = await placeFromCart(shopper, await cartOf(shopper, 1));
    const merchantUid = `mkt_${Date.now()}_${order.ono}`;
    const failed = await payAtSandbox(shopper, merchantUid, order.o_totalPrice, 'failed');
    expect(failed.status).toBe('failed');
    const recorded = await record(shopper, order.ono, failed.imp_uid, merchantUid, order.o_totalPrice);
    const verified = await verify(shopper, failed.imp_uid, recorded.body.pmno!);
    expect(verified.body).toMatchObject({
      verified: false,
      status: 'PAYMENT_PENDING',
      reason: expect.stringMatching(/결제가 완료되지 않았습니다/),
    });
    expect((await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body).toHaveLength(1);
  });

  it("lets the gateway's webhook verify first; the browser's verification then answers the same", async () => {
    const shopper = await newShopper();
    const order = await placeFromCart(shopper, await cartOf(shopper, 1));
    const merchantUid = `mkt_${Date.now()}_${order.ono}`;
    const paid = await payAtSandbox(shopper, merchantUid, order.o_totalPrice);
    const recorded = await record(shopper, order.ono, paid.imp_uid, merchantUid, order.o_totalPrice);
    const hook = await callApi<{ result: string }>(stack.url, 'POST', '/api/payments/webhook', {
      json: { imp_uid: paid.imp_uid, merchant_uid: merchantUid, status: 'paid' },
    });
    expect(hook.body).toEqual({ result: 'verified' });
    expect((await verify(shopper, paid.imp_uid, recorded.body.pmno!)).body).toEqual({
      verified: true,
      status: 'ORDER_COMPLETE',
      reason: null,
    });
  });

  it('keeps one of two payments of an order verified at once, and gives the other back', async () => {
    const shopper = await newShopper();
    const order = await placeFromCart(shopper, await cartOf(shopper, 1));
    // Two pay windows of one order (two tabs), both paid.
    const payments = await Promise.all(
      ['first', 'second'].map(async (tab) => {
        const merchantUid = `mkt_${Date.now()}_${tab}_${order.ono}`;
        const paid = await payAtSandbox(shopper, merchantUid, order.o_totalPrice);
        const recorded = await record(shopper, order.ono, paid.imp_uid, merchantUid, order.o_totalPrice);
        return { impUid: paid.imp_uid, pmno: recorded.body.pmno! };
      }),
    );
    const answers = await Promise.all(payments.map(({ impUid, pmno }) => verify(shopper, impUid, pmno)));
    const kept = answers.findIndex((answer) => answer.body.verified);
    expect(answers.map((answer) => answer.body)).toEqual(
      [0, 1].map((i) =>
        i === kept
          ? { verified: true, status: 'ORDER_COMPLETE', reason: null }
          : {
              verified: false,
              status: expect.any(String),
              reason: '이미 결제가 끝난 주문입니다. 이번 결제는 자동으로 취소됩니다.',
            },
      ),
    );
    await eventually(async () =>
      expect(await gateway().findPayment(payments[1 - kept].impUid)).toMatchObject({ status: 'cancelled' }),
    );
    expect(await gateway().findPayment(payments[kept].impUid)).toMatchObject({ status: 'paid' });
    expect(await totalPay(shopper)).toBe(order.o_totalPrice);
  });

  /** Issue 22's scene: a victim paid their order at the gateway; an attacker has an order of the same amount. */
  async function victimPaid() {
    const victim = await newShopper();
    const attacker = await newShopper();
    const victimOrder = await placeFromCart(victim, await cartOf(victim, 2));
    const attackerOrder = await placeFromCart(attacker, await cartOf(attacker, 2));
    const merchantUid = `mkt_vic_${Date.now()}`;
    const paid = await payAtSandbox(victim, merchantUid, victimOrder.o_totalPrice);
    /** Records the victim's payment, as `who`, for `ono`. */
    const recordAs = (who: Shopper, ono: number) =>
      record(who, ono, paid.imp_uid, merchantUid, victimOrder.o_totalPrice);
    return { victim, attacker, victimOrder, attackerOrder, paid, recordAs };
  }

  it("refuses a payment recorded by anyone but its payer, and leaves it to its payer (issue 22's attack)", async () => {
    const { victim, attacker, victimOrder, attackerOrder, paid, recordAs } = await victimPaid();

    // The attacker records the victim's payment for their own order of the same amount.
    const stolen = await recordAs(attacker, attackerOrder.ono);
    expect(stolen.body).toEqual({
      success: false,
      pmno: null,
      errorMessage: '본인이 결제한 내역이 아닙니다.',
    });
    expect((await orderOf(attacker, attackerOrder.ono)).status).toBe('PAYMENT_PENDING');

    // The victim's own record and verification still work.
    const own = await recordAs(victim, victimOrder.ono);
    expect(own.body).toMatchObject({ success: true, pmno: expect.any(Number) });
    expect((await verify(victim, paid.imp_uid, own.body.pmno!)).body).toEqual({
      verified: true,
      status: 'ORDER_COMPLETE',
      reason: null,
    });
    // Bound to the victim's order now: the merchant_uid pays no other order, the attacker's least of all.
    const again = await recordAs(attacker, attackerOrder.ono);
    expect(again.body.success).toBe(false);
    expect((await orderOf(attacker, attackerOrder.ono)).status).toBe('PAYMENT_PENDING');
  });

  /** A placed order of a new shopper, paid at the sandbox and recorded, not yet verified. */
  async function recordedPayment() {
    const shopper = await newShopper();
    const order = await placeFromCart(shopper, await cartOf(shopper, 1));
    const merchantUid = `mkt_rec_${Date.now()}_${order.ono}`;
    const paid = await payAtSandbox(shopper, merchantUid, order.o_totalPrice);
    const recorded = await record(shopper, order.ono, paid.imp_uid, merchantUid, order.o_totalPrice);
    expect(recorded.body).toMatchObject({ success: true, pmno: expect.any(Number) });
    return { shopper, impUid: paid.imp_uid, pmno: recorded.body.pmno! };
  }

  it('keeps the order waiting when the gateway cannot be asked, and verifies once it answers', async () => {
    const { shopper, impUid, pmno } = await recordedPayment();
    jest
      .spyOn(gateway(), 'findPayment')
      .mockRejectedValueOnce(new GatewayUnreachableError('the gateway is down for a moment'));
    expect((await verify(shopper, impUid, pmno)).body).toEqual({
      verified: false,
      status: 'PAYMENT_PENDING',
      reason: '결제사에 연결할 수 없습니다. 잠시 후 다시 확인해 주세요.',
    });
    expect((await verify(shopper, impUid, pmno)).body).toEqual({
      verified: true,
      status: 'ORDER_COMPLETE',
      reason: null,
    });
  });

  it('settles a payment the gateway has no record of as not paid, and answers the same again', async () => {
    const { shopper, impUid, pmno } = await recordedPayment();
    jest.spyOn(gateway(), 'findPayment').mockRejectedValueOnce(new PaymentNotFoundError(`no ${impUid}`));
    const notPaid = { verified: false, status: 'PAYMENT_PENDING', reason: '결제 내역을 찾을 수 없습니다.' };
    expect((await verify(shopper, impUid, pmno)).body).toEqual(notPaid);
    expect((await verify(shopper, impUid, pmno)).body).toEqual(notPaid);
  });

  it('lets the payer take over a record the gateway could not check, which verification refused to its recorder', async () => {
    const { victim, attacker, victimOrder, attackerOrder, paid, recordAs } = await victimPaid();
    // The gateway does not answer while the attacker records: the record is kept for verification.
    jest
      .spyOn(gateway(), 'findPayment')
      .mockRejectedValueOnce(new GatewayUnreachableError('the gateway is down for a moment'));
    const stolen = await recordAs(attacker, attackerOrder.ono);
    expect(stolen.body.success).toBe(true);
    expect((await verify(attacker, paid.imp_uid, stolen.body.pmno!)).body).toEqual({
      verified: false,
      status: 'PAYMENT_PENDING',
      reason: '본인이 결제한 내역이 아닙니다.',
    });
    const own = await recordAs(victim, victimOrder.ono);
    expect(own.body).toMatchObject({ success: true, pmno: stolen.body.pmno });
    expect((await verify(victim, paid.imp_uid, own.body.pmno!)).body.verified).toBe(true);
    expect((await verify(attacker, paid.imp_uid, stolen.body.pmno!)).status).toBe(404);
    expect((await orderOf(attacker, attackerOrder.ono)).status).toBe('PAYMENT_PENDING');
  });

  it("takes PortOne request_pay's `pg` (with a MID) at the sandbox's pay call, and shows the provider paid with", async () => {
    const shopper = await newShopper();
    const order = await placeFromCart(shopper, await cartOf(shopper, 1));
    const merchantUid = `mkt_${Date.now()}_${order.ono}`;
    const paid = await call<SandboxPayResult>('POST', '/api/payments/sandbox/pay', shopper, {
      json: {
        pg: 'html5_inicis.INIpayTest',
        pay_method: 'card',
        merchant_uid: merchantUid,
        amount: order.o_totalPrice,
        name: '포기김치',
        buyer_name: '김민수',
        buyer_email: shopper.email,
        buyer_tel: '01012345678',
      },
    });
    expect(paid.body).toMatchObject({ status: 'paid' });
    const recorded = await record(shopper, order.ono, paid.body.imp_uid, merchantUid, order.o_totalPrice);
    expect((await verify(shopper, paid.body.imp_uid, recorded.body.pmno!)).body.verified).toBe(true);
    expect(
      (await call<OrderPaymentDto>('GET', `/api/payments/order/${order.ono}`, shopper)).body,
    ).toMatchObject({
      pg_provider: 'inicis',
    });
    const unknown = await call<{ message: string }>('POST', '/api/payments/sandbox/pay', shopper, {
      json: { pg: 'danal_tpay', merchant_uid: `${merchantUid}_x`, amount: 1_000 },
    });
    expect([unknown.status, unknown.body.message]).toEqual([
      400,
      expect.stringContaining('지원하지 않는 PG입니다: danal_tpay'),
    ]);
    const none = await call<{ message: string }>('POST', '/api/payments/sandbox/pay', shopper, {
      json: { merchant_uid: `${merchantUid}_y`, amount: 1_000 },
    });
    expect([none.status, none.body.message]).toEqual([
      400,
      expect.stringContaining('결제 수단(pg)을 입력해 주세요.'),
    ]);
  });

  it('totals a line as the checkout rule does: 2 x 8,990원 at 15% is 15,290원 (rounded once, per line)', async () => {
    const shopper = await newShopper();
    const pno = await createProduct(stack.catalog!, {
      pName: '참기름',
      pContent: '',
      pPrice: 8_990,
      pSalePer: 15,
      sellerId: 3,
      businessName: '고소한집',
      ctnos: [],
      options: [{ odName: '350ml', odPrice: 0, odStock: 10 }],
      imageNames: [],
    });
    const { odno } = await stack.catalog!.productOption.findFirstOrThrow({ where: { pno } });
    const placed = await call<PlacedOrderDto>('POST', '/api/orders', shopper, {
      json: {
        o_totalPrice: 15_290,
        o_address: '(06236) 서울 강남구 테헤란로 1',
        o_reciver: '김민수',
        o_reciverPhoNum: '01012345678',
        orderDetails: [{ or_price: 7_650, or_count: 2, odno, rno: null, review_flag: false }],
      },
    });
    expect([placed.status, placed.body.o_totalPrice]).toEqual([201, 15_290]);
    const [line] = (await orderOf(shopper, placed.body.ono)).orderDetails;
    // The card's unit price stays rounded up to 10 won; the line is what is charged.
    expect([line.or_price, line.or_amount]).toEqual([7_650, 15_290]);
  });

  it('refuses before paying an order whose pieces another checkout took after its prices were read: no order, nothing paid, the cart kept', async () => {
    const shopper = await newShopper();
    const lines = await cartOf(shopper, 2);
    // Catalog showed 10 pieces when the order was priced; another order took all but one right after.
    const catalog = stack.service('order').get(CatalogOptions);
    const readOptions = catalog.find.bind(catalog);
    const pricing = jest.spyOn(catalog, 'find').mockImplementationOnce(async (odnos) => {
      const options = await readOptions(odnos);
      await stack.catalog!.productOption.update({ where: { odno: kimchi.odno }, data: { odStock: 1 } });
      return options;
    });
    const placed = await call<{ message: string }>('POST', '/api/orders', shopper, {
      headers: { 'idempotency-key': randomBytes(8).toString('hex') },
      json: {
        o_reciver: '김민수',
        o_address: '(06236) 서울 강남구 테헤란로 1',
        o_reciverPhoNum: '01012345678',
        o_totalPrice: kimchiLine(2),
        orderDetails: [{ odno: kimchi.odno, or_count: 2 }],
        cartItemIds: lines.map((line) => line.cino),
      },
    });
    pricing.mockRestore();
    expect([placed.status, placed.body.message]).toEqual([400, OrderMessages.overStock('포기김치', 1)]);
    expect(
      await stack
        .service('order')
        .get(OrderDatabase)
        .order.count({ where: { mno: shopper.mno } }),
    ).toBe(0);
    expect(
      await stack
        .service('payment')
        .get(PaymentDatabase)
        .payment.count({ where: { mno: shopper.mno } }),
    ).toBe(0);
    expect(await optionStock()).toBe(1);
    const cart = (await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body;
    expect(cart.map((line) => [line.odno, line.c_cnt])).toEqual([[kimchi.odno, 2]]);
  });

  it("refuses another member's payments and orders", async () => {
    const owner = await newShopper();
    const other = await newShopper();
    const order = await placeFromCart(owner, await cartOf(owner, 1));
    const { impUid, pmno } = await pay(owner, order);
    expect((await record(other, order.ono, 'imp_000000000001', 'mkt_x', 1)).status).toBe(404);
    expect((await verify(other, impUid, pmno)).status).toBe(404);
    expect((await call('GET', `/api/payments/order/${order.ono}`, other)).status).toBe(404);
    expect((await call('POST', '/api/payments', undefined, { json: {} })).status).toBe(401);
  });

  it('gives back money no order claimed: the spec client paid, then its order was refused', async () => {
    const shopper = await newShopper();
    const merchantUid = `mkt_${Date.now()}_orphan`;
    const paid = await payAtSandbox(shopper, merchantUid, kimchiLine(11));
    const refused = await call('POST', '/api/orders', shopper, {
      json: {
        o_reciver: '김민수',
        o_address: '(06236) 서울 강남구 테헤란로 1',
        o_reciverPhoNum: '01012345678',
        orderDetails: [{ odno: kimchi.odno, or_count: 11 }],
      },
    });
    expect(refused.status).toBe(400);
    const hook = await callApi<{ result: string }>(stack.url, 'POST', '/api/payments/webhook', {
      json: { imp_uid: paid.imp_uid, merchant_uid: merchantUid, status: 'paid' },
    });
    expect(hook.body).toEqual({ result: 'unknown payment' });
    // A paid and recorded payment the webhook also named is left alone.
    const order = await placeFromCart(shopper, await cartOf(shopper, 1));
    const { impUid } = await pay(shopper, order);
    await callApi(stack.url, 'POST', '/api/payments/webhook', { json: { imp_uid: impUid } });

    expect(await stack.service('payment').get(UnmatchedPayments).sweep(0)).toBe(1);
    expect(await gateway().findPayment(paid.imp_uid)).toMatchObject({
      status: 'cancelled',
      cancelledAmount: kimchiLine(11),
    });
    expect(await gateway().findPayment(impUid)).toMatchObject({ status: 'paid', cancelledAmount: 0 });
  });

  it('changes nothing when every event of the chain is delivered again', async () => {
    const shopper = await newShopper();
    const order = await placeFromCart(shopper, await cartOf(shopper, 3));
    expect((await pay(shopper, order)).verified.verified).toBe(true);
    const settled = async () => ({
      stock: await optionStock(),
      sales: await salesVolume(),
      totalPay: await totalPay(shopper),
      cart: (await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body.length,
      order: (await orderOf(shopper, order.ono)).status,
    });
    await eventually(async () =>
      expect(await settled()).toEqual({
        stock: 7,
        sales: 3,
        totalPay: kimchiLine(3),
        cart: 0,
        order: 'ORDER_COMPLETE',
      }),
    );

    // Every event any service announced about the order, published again as its relay did.
    const replayed: string[] = [];
    for (const service of ['order', 'catalog', 'payment', 'cart']) {
      const db = stack.service(service).get(databaseOf[service]) as {
        $queryRawUnsafe<T>(sql: string, ...values: unknown[]): Promise<T>;
      };
      const events = await db.$queryRawUnsafe<
        { topic: string; envelope: string; headers: Record<string, string> }[]
      >(
        'SELECT topic, envelope, headers FROM outbox_event WHERE message_key = $1 ORDER BY id',
        String(order.ono),
      );
      await stack.transport(service).publish(
        events.map((event) => ({
          topic: event.topic,
          key: String(order.ono),
          value: event.envelope,
          headers: event.headers,
        })),
      );
      replayed.push(...events.map((event) => event.topic.replace(/^mkt\./, '')));
    }
    expect(replayed.sort()).toEqual(
      [
        'cart.cleared.v1',
        'order.completed.v1',
        'order.placed.v1',
        'payment.verified.v1',
        'stock.reserved.v1',
      ].sort(),
    );
    for (const [group, topics] of Object.entries(consumers)) {
      for (const topic of topics)
        await eventually(async () => expect(await stack.transport(group).lag(group, topic)).toBe(0));
    }
    expect(await settled()).toEqual({
      stock: 7,
      sales: 3,
      totalPay: kimchiLine(3),
      cart: 0,
      order: 'ORDER_COMPLETE',
    });
  });

  it('writes payment.verified in the transaction that verifies, and payment.cancelled in the one that records the refund', async () => {
    const shopper = await newShopper();
    const order = await placeFromCart(shopper, await cartOf(shopper, 1));
    const merchantUid = `mkt_${order.ono}`;
    const paid = await payAtSandbox(shopper, merchantUid, order.o_totalPrice);
    const { pmno } = (await record(shopper, order.ono, paid.imp_uid, merchantUid, order.o_totalPrice)).body;
    const payments = stack.service('payment').get(PaymentDatabase);
    const events = () =>
      payments
        .$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM outbox_event')
        .then((rows) => rows[0].n);
    const before = await events();
    await crashAfterNextEnqueue(() =>
      stack
        .service('payment')
        .get(CommandBus)
        .execute(new VerifyPayment(pmno!, paid.imp_uid, shopper.mno, 0)),
    );
    expect(await payments.payment.findUniqueOrThrow({ where: { pmno: pmno! } })).toMatchObject({
      status: 'RECORDED',
    });
    expect(await events()).toBe(before);
    expect((await verify(shopper, paid.imp_uid, pmno!)).body.verified).toBe(true);

    // Giving it back: the gateway cancels, recording it crashes; the retry records it once.
    const cancellation = stack.service('payment').get(GatewayCancellation);
    const afterVerify = await events();
    await crashAfterNextEnqueue(() =>
      payments.$transaction((tx) => cancellation.giveBack(tx, pmno!, 'test')),
    );
    expect(await payments.payment.findUniqueOrThrow({ where: { pmno: pmno! } })).toMatchObject({
      status: 'VERIFIED',
    });
    expect(await events()).toBe(afterVerify);
    await payments.$transaction((tx) => cancellation.giveBack(tx, pmno!, 'test'));
    expect(await payments.payment.findUniqueOrThrow({ where: { pmno: pmno! } })).toMatchObject({
      status: 'CANCELLED',
    });
    expect(await gateway().findPayment(paid.imp_uid)).toMatchObject({
      status: 'cancelled',
      cancelledAmount: order.o_totalPrice,
    });
  });
});

/** Each service's database class, to read its outbox. */
const databaseOf: Record<string, abstract new (...args: never[]) => unknown> = {
  order: OrderDatabase,
  catalog: CatalogDatabase,
  payment: PaymentDatabase,
  cart: CartDatabase,
};

/** The consumer groups of the chain and the topics each one reads. */
const consumers: Record<string, string[]> = {
  catalog: [OrderPlacedV1.topic, OrderCompletedV1.topic],
  order: [StockReservedV1.topic, PaymentVerifiedV1.topic],
  cart: [OrderCompletedV1.topic],
  member: [OrderCompletedV1.topic],
};
