import { setTimeout as sleep } from 'node:timers/promises';
import type {
  CartLineDto,
  OrderDto,
  PaymentRecordResult,
  PlacedOrderDto,
  RefundDto,
  RefundHistoryItem,
  RefundHistoryPage,
  SandboxPayResult,
  SellerOrderDto,
} from '@mkt/contracts';
import { PaymentRefundedV2, RefundMessages, RefundPartApprovedV2 } from '@mkt/contracts';
import { announcedIn, crashAfterNextEnqueue, eventually, publishEvent } from '@mkt/testing';
import { createProduct } from '@mkt/catalog/testing';
import { CLAIM_MS, PAYMENT_GATEWAY, PaymentDatabase, RefundCanceller } from '@mkt/payment/testing';
import { DecideRefund, RefundDatabase, RequestRefund } from '@mkt/refund/testing';
import { CommandBus } from '@nestjs/cqrs';
import type { PaymentGateway } from '@mkt/payment/testing';
import type { AccountsStack, ApiRequest, Shopper } from '../testing/accounts-stack';
import { callApi, joinShopper, JOIN_PASSWORD, signIn, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(180_000);

const REASON = '상품이 설명과 달라서 환불을 요청합니다.';

/**
 * Refunds end to end through the BFF: member, catalog, cart, order, payment and refund on their own
 * PostgreSQL databases and Kafka, money given back at the sandbox gateway.
 */
describe('refunds', () => {
  let stack: AccountsStack;
  let seller: Shopper;
  let otherSeller: Shopper;
  let admin: Shopper;

  const call = <T>(method: string, path: string, caller?: Shopper, request: ApiRequest = {}) =>
    callApi<T>(stack.url, method, path, { ...request, token: caller?.token });

  async function signedIn(email: string, password: string): Promise<Shopper> {
    const { body } = await signIn(stack.url, email, password);
    return { mno: body.mno, email, token: body.accessToken };
  }

  const newShopper = () => joinShopper(stack.url, 'refund');

  /** A product of `sellerId` with one option of 10 pieces at `price` (no discount); its option. */
  async function product(sellerId: number, price: number) {
    const pno = await createProduct(stack.catalog!, {
      pName: `환불 상품 ${price}`,
      pContent: '',
      pPrice: price,
      pSalePer: 0,
      sellerId,
      businessName: `판매자${sellerId}`,
      ctnos: [],
      options: [{ odName: '기본', odPrice: 0, odStock: 10 }],
      imageNames: [],
    });
    return { pno, odno: (await stack.catalog!.productOption.findFirstOrThrow({ where: { pno } })).odno };
  }

  /** A complete, paid order of `shopper`: `count` pieces of each option. */
  async function paidOrder(shopper: Shopper, odnos: number[], count = 2) {
    for (const odno of odnos) await call('POST', '/api/cart/add', shopper, { json: { odno, c_cnt: count } });
    const lines = (await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body;
    const pnos = lines.map((line) => line.pno);
    const before = await effects(shopper, pnos);
    const placed = await call<PlacedOrderDto>('POST', '/api/orders', shopper, {
      json: {
        o_reciver: '김민수',
        o_address: '(06236) 서울 강남구 테헤란로 1',
        o_reciverPhoNum: '01012345678',
        orderDetails: lines.map((line) => ({ odno: line.odno, or_count: line.c_cnt })),
        cartItemIds: lines.map((line) => line.cino),
      },
    });
    const merchantUid = `mkt_${placed.body.ono}`;
    const paid = await call<SandboxPayResult>('POST', '/api/payments/sandbox/pay', shopper, {
      json: { merchant_uid: merchantUid, amount: placed.body.o_totalPrice, pg_provider: 'kakaopay' },
    });
    const recorded = await call<PaymentRecordResult>('POST', '/api/payments', shopper, {
      json: {
        imp_uid: paid.body.imp_uid,
        merchant_uid: merchantUid,
        amount: placed.body.o_totalPrice,
        ono: placed.body.ono,
      },
    });
    const verified = await call<boolean>(
      'POST',
      `/api/payments/verify/${paid.body.imp_uid}/${recorded.body.pmno}`,
      shopper,
    );
    expect(verified.body).toBe(true);
    // The verification answers once the order completed; its sales and totalPay follow as events.
    await eventually(async () => {
      const after = await effects(shopper, pnos);
      expect({ sales: after.sales, totalPay: after.totalPay }).toEqual({
        sales: before.sales.map((sold, line) => sold + lines[line].c_cnt),
        totalPay: before.totalPay + placed.body.o_totalPrice,
      });
    });
    return { ono: placed.body.ono, total: placed.body.o_totalPrice, impUid: paid.body.imp_uid };
  }

  const requestRefund = (shopper: Shopper, ono: number, reason = REASON) =>
    call<RefundDto & { message: string }>('POST', `/api/orders/${ono}/refund`, shopper, {
      json: { rf_reason: reason, imp_uid: 'imp_from_the_body', merchant_uid: 'ignored' },
    });
  const approve = (caller: Shopper, rfno: number) =>
    call<string>('POST', `/api/refunds/${rfno}/approve`, caller);
  const orderOf = async (shopper: Shopper, ono: number) =>
    (await call<OrderDto>('GET', `/api/orders/member/${shopper.mno}/${ono}`, shopper)).body;
  const gateway = () => stack.service('payment').get<PaymentGateway>(PAYMENT_GATEWAY);
  const history = (shopper: Shopper, query = '') =>
    call<RefundHistoryPage>('GET', `/api/refunds${query}`, shopper).then((answer) => answer.body);
  /** What the order took from catalog and member, to compare after the refund. */
  const effects = async (shopper: Shopper, pnos: number[]) => ({
    stock: await Promise.all(
      pnos.map(async (pno) => (await stack.catalog!.product.findUniqueOrThrow({ where: { pno } })).pStock),
    ),
    sales: await Promise.all(
      pnos.map(async (pno) => (await stack.catalog!.product.findUniqueOrThrow({ where: { pno } })).pSalesVol),
    ),
    totalPay: (await stack.members.member.findUniqueOrThrow({ where: { mno: shopper.mno } })).totalPay,
  });

  beforeAll(async () => {
    stack = await startAccountsStack('refunds', {}, { shop: true });
    seller = await signedIn('seller@dealmarket.kr', 'seller1234!');
    admin = await signedIn('admin@dealmarket.kr', 'admin1234!');
    const joined = await joinShopper(stack.url, 'seller');
    await stack.members.member.update({ where: { mno: joined.mno }, data: { role: 'SELLER' } });
    // Signed in again: the token names the role it had when signing in.
    otherSeller = await signedIn(joined.email, JOIN_PASSWORD);
  });

  afterAll(() => stack?.close());

  it('gives the money back once the seller approves: one cancellation of the amount, and every effect undone', async () => {
    const shopper = await newShopper();
    const item = await product(seller.mno, 12_000);
    const before = await effects(shopper, [item.pno]);
    const order = await paidOrder(shopper, [item.odno]);
    await eventually(async () =>
      expect((await effects(shopper, [item.pno])).sales).toEqual([before.sales[0] + 2]),
    );

    const requested = await requestRefund(shopper, order.ono);
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({ ono: order.ono, status: 'PENDING', amount: 24_000 });
    await eventually(async () => expect((await orderOf(shopper, order.ono)).status).toBe('REFUND_PENDING'));

    const approved = await approve(seller, requested.body.rfno);
    expect([approved.status, approved.body]).toEqual([200, RefundMessages.approved]);
    await eventually(async () => {
      expect((await orderOf(shopper, order.ono)).status).toBe('REFUND_COMPLETE');
      expect((await history(shopper)).content).toEqual([
        expect.objectContaining({
          refundId: requested.body.rfno,
          orderId: order.ono,
          amount: 24_000,
          status: 'COMPLETED',
        }),
      ]);
    });
    expect(await gateway().findPayment(order.impUid)).toMatchObject({
      status: 'cancelled',
      cancelledAmount: 24_000,
    });
    await eventually(async () => expect(await effects(shopper, [item.pno])).toEqual(before));

    // Approving again, and the approval delivered again, change nothing.
    expect((await approve(seller, requested.body.rfno)).body).toBe(RefundMessages.alreadyDecided);
    await publishEvent(
      stack.transport('payment'),
      RefundPartApprovedV2,
      {
        rfno: requested.body.rfno,
        ono: order.ono,
        mno: shopper.mno,
        part: {
          sellerId: seller.mno,
          amount: 24_000,
          lines: [{ orno: 1, odno: item.odno, pno: item.pno, count: 2 }],
        },
      },
      order.ono,
      'refund',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await gateway().findPayment(order.impUid)).toMatchObject({ cancelledAmount: 24_000 });
    expect(await effects(shopper, [item.pno])).toEqual(before);
  });

  it("gives each seller's approved part back at once, in partial cancellations summing to the total", async () => {
    const shopper = await newShopper();
    const mine = await product(seller.mno, 10_000);
    const theirs = await product(otherSeller.mno, 7_000);
    const order = await paidOrder(shopper, [mine.odno, theirs.odno], 1);
    const { body: refund } = await requestRefund(shopper, order.ono);

    // Each seller sees only its own lines, their amount and its own part.
    await eventually(async () => {
      const view = (await call<SellerOrderDto[]>('GET', '/api/orders', seller)).body.find(
        (o) => o.ono === order.ono,
      )!;
      expect(view).toMatchObject({
        o_totalPrice: 10_000,
        refundDTO: {
          rfno: refund.rfno,
          rf_status: 'PENDING',
          myPart: 'PENDING',
          parts: [expect.objectContaining({ sellerId: seller.mno, amount: 10_000, status: 'PENDING' })],
        },
      });
      expect(view.orderDetails.map((line) => [line.pno, line.or_count, line.or_amount])).toEqual([
        [mine.pno, 1, 10_000],
      ]);
    });
    const adminView = (await call<SellerOrderDto[]>('GET', '/api/orders', admin)).body.find(
      (o) => o.ono === order.ono,
    )!;
    expect(adminView.o_totalPrice).toBe(17_000);
    expect(adminView.refundDTO!.parts.map((part) => part.amount).sort()).toEqual([10_000, 7_000].sort());

    expect((await approve(seller, refund.rfno)).body).toBe(RefundMessages.partApproved);
    await eventually(async () =>
      expect(await gateway().findPayment(order.impUid)).toMatchObject({
        status: 'paid',
        cancelledAmount: 10_000,
      }),
    );
    expect((await orderOf(shopper, order.ono)).status).toBe('REFUND_PENDING');
    expect((await approve(otherSeller, refund.rfno)).body).toBe(RefundMessages.approved);
    await eventually(async () => {
      expect(await gateway().findPayment(order.impUid)).toMatchObject({
        status: 'cancelled',
        cancelledAmount: 17_000,
      });
      expect((await orderOf(shopper, order.ono)).status).toBe('REFUND_COMPLETE');
    });
    const parts = await stack
      .service('payment')
      .get(PaymentDatabase)
      .refundCancellation.findMany({ where: { rfno: refund.rfno } });
    expect(parts.map((part) => [part.amount, part.done]).sort()).toEqual(
      [
        [10_000, true],
        [7_000, true],
      ].sort(),
    );
  });

  it("lets one seller's rejection leave the other seller's part to its seller, and the shopper ask again once", async () => {
    const shopper = await newShopper();
    const mine = await product(seller.mno, 37_710);
    const theirs = await product(otherSeller.mno, 56_000);
    const order = await paidOrder(shopper, [mine.odno, theirs.odno], 1);
    const before = await effects(shopper, [mine.pno, theirs.pno]);
    const { body: refund } = await requestRefund(shopper, order.ono);

    // The attack of issue 22: seller A rejects; B must still decide its own part.
    const rejected = await call<string>('POST', `/api/refunds/${refund.rfno}/reject`, seller, {
      json: { reason: '포장을 뜯은 상품입니다.' },
    });
    expect(rejected.body).toBe(RefundMessages.rejected);
    expect((await approve(otherSeller, refund.rfno)).body).toBe(RefundMessages.approved);
    await eventually(async () => {
      expect(await gateway().findPayment(order.impUid)).toMatchObject({
        status: 'paid',
        cancelledAmount: 56_000,
      });
      expect((await orderOf(shopper, order.ono)).status).toBe('REFUND_COMPLETE');
    });
    const [first] = (await call<RefundHistoryItem[]>('GET', `/api/orders/${order.ono}/refunds`, shopper))
      .body;
    expect(first).toMatchObject({
      refundId: refund.rfno,
      status: 'COMPLETED',
      amount: 93_710,
      reason: REASON,
      completeDate: expect.any(String),
      canAskAgain: true,
    });
    expect(first.parts.map((part) => [part.sellerId, part.amount, part.status, part.rejectReason])).toEqual(
      [
        [seller.mno, 37_710, 'REJECTED', '포장을 뜯은 상품입니다.'],
        [otherSeller.mno, 56_000, 'REFUNDED', null],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // Only B's part came back: its stock and sales, and the shopper's totalPay by its amount.
    await eventually(async () =>
      expect(await effects(shopper, [mine.pno, theirs.pno])).toEqual({
        stock: [before.stock[0], before.stock[1] + 1],
        sales: [before.sales[0], before.sales[1] - 1],
        totalPay: before.totalPay - 56_000,
      }),
    );

    // Asked again, with a new reason: only A's rejected part, which A now approves.
    const again = await requestRefund(shopper, order.ono, '다시 확인 부탁드립니다. 미개봉 상태입니다.');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ amount: 37_710, status: 'PENDING' });
    await eventually(async () => expect((await orderOf(shopper, order.ono)).status).toBe('REFUND_PENDING'));
    const secondTime = await approve(otherSeller, again.body.rfno);
    expect(secondTime.status).toBe(403);
    expect((await approve(seller, again.body.rfno)).body).toBe(RefundMessages.approved);
    await eventually(async () => {
      expect(await gateway().findPayment(order.impUid)).toMatchObject({
        status: 'cancelled',
        cancelledAmount: 93_710,
      });
      expect((await orderOf(shopper, order.ono)).status).toBe('REFUND_COMPLETE');
    });
    const refunds = (await call<RefundHistoryItem[]>('GET', `/api/orders/${order.ono}/refunds`, shopper))
      .body;
    expect(refunds.map((item) => [item.refundId, item.retryOf, item.status, item.canAskAgain])).toEqual([
      [refund.rfno, null, 'COMPLETED', false],
      [again.body.rfno, refund.rfno, 'COMPLETED', false],
    ]);
    expect((await requestRefund(shopper, order.ono)).body.message).toBe(RefundMessages.alreadyRequested);
    expect((await call('GET', `/api/orders/${order.ono}/refunds`, await newShopper())).status).toBe(404);
  });

  it('lets a rejected part be asked for again only once', async () => {
    const shopper = await newShopper();
    const item = await product(seller.mno, 2_500);
    const order = await paidOrder(shopper, [item.odno], 1);
    const reject = (rfno: number) =>
      call<string>('POST', `/api/refunds/${rfno}/reject`, seller, {
        json: { reason: '사용 흔적이 있습니다.' },
      });
    const { body: refund } = await requestRefund(shopper, order.ono);
    await reject(refund.rfno);
    await eventually(async () => expect((await orderOf(shopper, order.ono)).status).toBe('ORDER_COMPLETE'));
    const { body: again } = await requestRefund(shopper, order.ono, '사용하지 않았습니다. 다시 봐 주세요.');
    await reject(again.rfno);
    await eventually(async () => expect((await orderOf(shopper, order.ono)).status).toBe('ORDER_COMPLETE'));
    expect((await requestRefund(shopper, order.ono)).body.message).toBe(RefundMessages.askedAgainAlready);
    expect(await gateway().findPayment(order.impUid)).toMatchObject({ status: 'paid', cancelledAmount: 0 });
  });

  it('cancels once when the process dies between the gateway cancelling and it recording so', async () => {
    const shopper = await newShopper();
    const item = await product(seller.mno, 5_000);
    const order = await paidOrder(shopper, [item.odno], 1);
    const { body: refund } = await requestRefund(shopper, order.ono);
    const canceller = stack.service('payment').get(RefundCanceller) as unknown as {
      recordDone(): Promise<void>;
    };
    // The gateway cancels, then recording it fails (as a process killed right then would); the retry
    // finds the money already back at the gateway and only records it.
    const recording = jest
      .spyOn(canceller, 'recordDone')
      .mockRejectedValueOnce(new Error('killed after the gateway cancelled'));
    await approve(seller, refund.rfno);
    await eventually(async () => expect(recording).toHaveBeenCalledTimes(2));
    recording.mockRestore();
    await eventually(async () => expect((await orderOf(shopper, order.ono)).status).toBe('REFUND_COMPLETE'));
    expect(await gateway().findPayment(order.impUid)).toMatchObject({
      status: 'cancelled',
      cancelledAmount: 5_000,
    });
  });

  it("claims a refund only while it works on it: the claim is short and renewed, so a killed process's refunds are taken up soon", async () => {
    const shopper = await newShopper();
    const item = await product(seller.mno, 7_000);
    const order = await paidOrder(shopper, [item.odno], 1);
    const { body: refund } = await requestRefund(shopper, order.ono);
    const payments = stack.service('payment').get(PaymentDatabase);
    const claimedUntil = async () =>
      (
        await payments.refundCancellation.findFirstOrThrow({ where: { rfno: refund.rfno } })
      ).nextAttemptAt.getTime();
    // The gateway's cancel is held, so the canceller is at work on the refund for longer than a claim lasts.
    const atGateway = gateway();
    const cancelAtGateway = atGateway.cancel.bind(atGateway);
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const cancelling = jest.spyOn(atGateway, 'cancel').mockImplementationOnce(async (request) => {
      await held;
      return cancelAtGateway(request);
    });
    await approve(seller, refund.rfno);
    await eventually(async () => expect(cancelling).toHaveBeenCalled());
    const firstClaim = await claimedUntil();
    expect(firstClaim - Date.now()).toBeLessThanOrEqual(CLAIM_MS);
    await sleep(CLAIM_MS + 500);
    const renewed = await claimedUntil();
    expect(renewed).toBeGreaterThan(firstClaim);
    expect(renewed).toBeGreaterThan(Date.now());
    letGo();
    await eventually(async () => expect((await orderOf(shopper, order.ono)).status).toBe('REFUND_COMPLETE'));
    expect(cancelling).toHaveBeenCalledTimes(1);
    cancelling.mockRestore();
    // A process whose claim ran out while it worked records the same part afterwards: nothing more is announced.
    const refunded = async () =>
      (await announcedIn(payments, order.ono)).filter((event) => event.topic === PaymentRefundedV2.topic);
    expect(await refunded()).toHaveLength(1);
    const part = await payments.refundCancellation.findFirstOrThrow({ where: { rfno: refund.rfno } });
    const canceller = stack.service('payment').get(RefundCanceller) as unknown as {
      recordDone(tx: unknown, recorded: typeof part, emptiedPmno: null): Promise<boolean>;
    };
    expect(await payments.$transaction((tx) => canceller.recordDone(tx, part, null))).toBe(false);
    expect(await refunded()).toHaveLength(1);
    expect(await gateway().findPayment(order.impUid)).toMatchObject({
      status: 'cancelled',
      cancelledAmount: 7_000,
    });
  });

  it('lets a seller reject with a reason: the order is complete again and the history says rejected', async () => {
    const shopper = await newShopper();
    const item = await product(seller.mno, 3_000);
    const order = await paidOrder(shopper, [item.odno], 1);
    const { body: refund } = await requestRefund(shopper, order.ono);
    const rejected = await call<string>('POST', `/api/refunds/${refund.rfno}/reject`, seller, {
      json: { reason: '사용 흔적이 있습니다.' },
    });
    expect(rejected.body).toBe(RefundMessages.rejected);
    await eventually(async () => expect((await orderOf(shopper, order.ono)).status).toBe('ORDER_COMPLETE'));
    expect((await history(shopper, '?status=REJECTED')).content.map((item) => item.orderId)).toEqual([
      order.ono,
    ]);
    expect(await gateway().findPayment(order.impUid)).toMatchObject({ status: 'paid', cancelledAmount: 0 });
  });

  it('refuses what the rules refuse, and changes nothing', async () => {
    const shopper = await newShopper();
    const other = await newShopper();
    const item = await product(seller.mno, 4_000);
    const order = await paidOrder(shopper, [item.odno], 1);
    // The length is the trimmed reason's: ten spaces, or nine characters padded with spaces, are too short.
    for (const reason of ['짧은 사유', ' '.repeat(10), '   아홉 글자의 사유    '])
      expect((await requestRefund(shopper, order.ono, reason)).body.message).toContain(
        RefundMessages.reasonLength,
      );
    expect((await requestRefund(other, order.ono)).status).toBe(404);
    expect((await requestRefund(shopper, 987_654)).status).toBe(404);
    const { body: refund } = await requestRefund(shopper, order.ono);
    expect((await requestRefund(shopper, order.ono)).body.message).toBe(RefundMessages.alreadyRequested);
    // A refusal of a text call is still the JSON error body.
    const notTheirs = await approve(otherSeller, refund.rfno);
    expect([notTheirs.status, notTheirs.body]).toEqual([
      403,
      expect.objectContaining({ error: 'NOT_YOUR_REFUND' }),
    ]);
    expect((await approve(shopper, refund.rfno)).status).toBe(403);
    expect((await call('POST', `/api/refunds/${refund.rfno}/approve`)).status).toBe(401);
    expect((await approve(seller, 987_654)).status).toBe(404);
    // Not paid yet: nothing to refund.
    await call('POST', '/api/cart/add', shopper, { json: { odno: item.odno, c_cnt: 1 } });
    const unpaid = await call<PlacedOrderDto>('POST', '/api/orders', shopper, {
      json: {
        o_reciver: '김민수',
        o_address: '서울',
        o_reciverPhoNum: '01012345678',
        orderDetails: [{ odno: item.odno, or_count: 1 }],
      },
    });
    expect((await requestRefund(shopper, unpaid.body.ono)).body.message).toBe(RefundMessages.notRefundable);
    // An admin's 전체 is every order, an unpaid one too; a seller's lists only paid orders.
    const listed = async (caller: Shopper) =>
      (await call<SellerOrderDto[]>('GET', '/api/orders', caller)).body.map((row) => row.ono);
    expect(await listed(admin)).toEqual(expect.arrayContaining([order.ono, unpaid.body.ono]));
    expect(await listed(seller)).toContain(order.ono);
    expect(await listed(seller)).not.toContain(unpaid.body.ono);
    // Every line reviewed: no refund, as the web app shows no button.
    const reviewed = await paidOrder(shopper, [item.odno], 1);
    await stack.orders!.orderDetail.updateMany({ where: { ono: reviewed.ono }, data: { reviewFlag: true } });
    expect((await requestRefund(shopper, reviewed.ono)).body.message).toBe(RefundMessages.allReviewed);
    expect((await history(shopper)).content.map((row) => [row.orderId, row.status])).toEqual([
      [order.ono, 'PENDING'],
    ]);
  });

  it('pages, filters and sorts the history; refund calls also work with the session cookie alone', async () => {
    const shopper = await newShopper();
    const prices = [1_000, 3_000, 2_000];
    for (const price of prices) {
      const item = await product(seller.mno, price);
      const order = await paidOrder(shopper, [item.odno], 1);
      await requestRefund(shopper, order.ono);
    }
    const byAmount = await history(shopper, '?page=0&size=2&sort=amount,asc&status=all');
    expect(byAmount).toMatchObject({ totalPages: 2, totalElements: 3 });
    expect(byAmount.content.map((row) => row.amount)).toEqual([1_000, 2_000]);
    expect(
      (await history(shopper, '?page=1&size=2&sort=amount,asc')).content.map((row) => row.amount),
    ).toEqual([3_000]);
    const newest = await history(shopper, '?sort=requestDate,desc');
    expect(newest.content.map((row) => row.amount)).toEqual([2_000, 3_000, 1_000]);
    expect((await history(shopper, '?status=COMPLETED')).content).toEqual([]);
    expect((await call('GET', '/api/refunds?sort=price,asc', shopper)).status).toBe(400);

    const cookie = `member=${encodeURIComponent(JSON.stringify({ accessToken: shopper.token, mno: shopper.mno }))}`;
    const withCookie = await callApi<RefundHistoryPage>(stack.url, 'GET', '/api/refunds', {
      headers: { cookie },
    });
    expect([withCookie.status, withCookie.body.totalElements]).toEqual([200, 3]);
  });

  it('writes refund.requested and refund.approved in the transactions of their state changes', async () => {
    const shopper = await newShopper();
    const item = await product(seller.mno, 6_000);
    const order = await paidOrder(shopper, [item.odno], 1);
    const refunds = stack.service('refund').get(RefundDatabase);
    const commands = stack.service('refund').get(CommandBus);
    const events = () =>
      refunds
        .$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM outbox_event')
        .then((rows) => rows[0].n);

    const before = await events();
    await crashAfterNextEnqueue(() => commands.execute(new RequestRefund(shopper.mno, order.ono, REASON)));
    expect([await refunds.refund.count({ where: { ono: order.ono } }), await events()]).toEqual([0, before]);

    const { body: refund } = await requestRefund(shopper, order.ono);
    const requested = await events();
    await crashAfterNextEnqueue(() =>
      commands.execute(new DecideRefund(refund.rfno, { mno: seller.mno, role: 'SELLER' }, { approve: true })),
    );
    expect(
      await refunds.refund.findUniqueOrThrow({ where: { rfno: refund.rfno }, include: { parts: true } }),
    ).toMatchObject({
      status: 'PENDING',
      parts: [expect.objectContaining({ status: 'PENDING' })],
    });
    expect(await events()).toBe(requested);
  });
});
