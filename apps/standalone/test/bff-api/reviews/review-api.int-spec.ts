import type { OrderDto, PageResult, ReviewDto, ReviewLikeDto } from '@mkt/contracts';
import {
  OrderCompletedV1,
  PaymentRefundedV2,
  RefundMessages,
  RefundPartRejectedV2,
  RefundRequestedV1,
  ReviewMessages,
  ReviewWrittenV1,
} from '@mkt/contracts';
import { eventually, publishEvent } from '@mkt/testing';
import { randomUUID } from 'node:crypto';
import { createProduct, ReviewWrites } from '@mkt/catalog/testing';
import type { AccountsStack, ApiRequest, Shopper } from '../testing/accounts-stack';
import { callApi, joinShopper, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(180_000);

const REVIEW = { title: '신선해요', rate: 5, content: '포장이 꼼꼼하고\n맛있어요.' };

/**
 * Reviews end to end through the BFF: catalog learns of bought lines and their refunds from order's,
 * refund's and payment's events (sent here as those services send them, through Kafka), saves the
 * review of one and announces it through its outbox; order marks the line reviewed.
 */
describe('reviews', () => {
  let stack: AccountsStack;
  let shopper: Shopper;
  let other: Shopper;
  let pno: number;
  let odno: number;

  const call = <T>(method: string, path: string, caller?: Shopper, request: ApiRequest = {}) =>
    callApi<T>(stack.url, method, path, { ...request, token: caller?.token });
  const add = (caller: Shopper | undefined, orno: number, json: unknown = REVIEW) =>
    call<{ error: string; message: string } | null>('POST', `/api/review/add/${orno}`, caller, { json });
  const like = (caller: Shopper | undefined, review: ReviewDto | { rno: unknown }) =>
    call<ReviewLikeDto & { error: string }>('PUT', '/api/review/change', caller, { json: review });
  const count = async () => (await call<number>('GET', `/api/review/cnt/${pno}`)).body;
  const line = async (orno: number) => stack.orders!.orderDetail.findUniqueOrThrow({ where: { orno } });
  /** What a refused write must leave as it was: the product's reviews and the line. */
  const stateOf = async (orno: number) => ({
    count: await count(),
    line: await line(orno),
    reviews: await stack.catalog!.review.count({ where: { orno } }),
  });

  /**
   * A paid order of the buyer's, one line: saved in order as its process leaves it and announced
   * (order.completed) as order does; answers once catalog has recorded the line.
   */
  /** A complete order of one line, and how order announces it (order.completed); catalog hears it once announced. */
  async function completeOrder(buyer: Shopper): Promise<{ orno: number; announce: () => Promise<unknown> }> {
    const order = await stack.orders!.order.create({
      data: {
        mno: buyer.mno,
        oTotalPrice: 12_000,
        status: 'ORDER_COMPLETE',
        stock: 'RESERVED',
        oAddress: '(06236) 서울 강남구 테헤란로 1',
        oReceiver: '김민수',
        oReceiverPhoNum: '01012345678',
        idempotencyKey: randomUUID(),
        details: {
          create: [
            {
              odno,
              pno,
              sellerId: 1,
              pName: '리뷰 상품',
              odName: '1kg',
              orCount: 1,
              orPrice: 12_000,
              orAmount: 12_000,
            },
          ],
        },
      },
      include: { details: true },
    });
    const [{ orno }] = order.details;
    const line = { orno, odno, pno, sellerId: 1, count: 1, price: 12_000 };
    const announce = () =>
      publishEvent(
        stack.transport('order'),
        OrderCompletedV1,
        { ono: order.ono, mno: buyer.mno, totalPrice: 12_000, lines: [line], cartItemIds: [] },
        order.ono,
      );
    return { orno, announce };
  }

  async function boughtLine(buyer: Shopper): Promise<number> {
    const { orno, announce } = await completeOrder(buyer);
    await announce();
    await catalogSees(orno, 'COMPLETE');
    return orno;
  }

  const catalogSees = (orno: number, status: string) =>
    eventually(async () =>
      expect(await stack.catalog!.purchasedLine.findUnique({ where: { orno } })).toMatchObject({ status }),
    );

  /** The refund's events about the line's order, as refund and payment send them; and the order's status they lead to. */
  async function refund(orno: number, step: 'requested' | 'rejected' | 'refunded'): Promise<void> {
    const { ono, order } = await stack.orders!.orderDetail.findUniqueOrThrow({
      where: { orno },
      include: { order: true },
    });
    const lines = [{ orno, odno, pno, count: 1 }];
    const mno = order.mno;
    const part = { sellerId: 1, amount: 12_000, lines };
    if (step === 'requested') {
      const parts = [part];
      const payload = { rfno: ono, ono, mno, requestDate: new Date().toISOString(), amount: 12_000, parts };
      await publishEvent(stack.transport('refund'), RefundRequestedV1, payload, ono);
    } else if (step === 'rejected') {
      await publishEvent(
        stack.transport('refund'),
        RefundPartRejectedV2,
        { rfno: ono, ono, mno, part, reason: '사용 흔적' },
        ono,
      );
    } else {
      const completeDate = new Date().toISOString();
      const payload = { rfno: ono, ono, mno, sellerId: 1, amount: 12_000, completeDate, lines };
      await publishEvent(stack.transport('payment'), PaymentRefundedV2, payload, ono);
    }
    const status = { requested: 'REFUND_PENDING', rejected: 'COMPLETE', refunded: 'REFUND_COMPLETE' }[step];
    await catalogSees(orno, status);
  }

  /** Waits for order to mark the line with its review, then answers the review. */
  async function reviewOfLine(orno: number): Promise<ReviewDto> {
    const { rno } = await eventually(async () => {
      const reviewed = await line(orno);
      expect(reviewed).toMatchObject({ rno: expect.any(Number), reviewFlag: true });
      return reviewed;
    });
    return (await call<ReviewDto>('GET', `/api/review/review/${rno}`)).body;
  }

  beforeAll(async () => {
    stack = await startAccountsStack('reviews', {}, { shop: true });
    shopper = await joinShopper(stack.url, 'reviewer');
    other = await joinShopper(stack.url, 'other');
    pno = await createProduct(stack.catalog!, {
      pName: '리뷰 상품',
      pContent: '',
      pPrice: 12_000,
      pSalePer: 0,
      sellerId: 1,
      businessName: '컬리신선',
      ctnos: [],
      options: [{ odName: '1kg', odPrice: 0, odStock: 10 }],
      imageNames: [],
    });
    odno = (await stack.catalog!.productOption.findFirstOrThrow({ where: { pno } })).odno;
  });

  afterAll(() => stack?.close());

  it('saves the review of a bought line, which the line then carries, and lists and counts it', async () => {
    const orno = await boughtLine(shopper);
    const before = await count();

    const added = await add(shopper, orno, { ...REVIEW, mno: other.mno, odno: 999 });
    expect(added.status).toBe(201);

    const review = await reviewOfLine(orno);
    expect(review).toMatchObject({ ...REVIEW, pno, od_name: '1kg', reviewLike: 0, businessName: '컬리신선' });
    const { m_name } = (await call<{ m_name: string }>('GET', `/api/member/info/${shopper.email}`, shopper))
      .body;
    // Everyone reads the reviewer's name masked, first and last letters kept (김민수 → 김*수).
    const letters = [...m_name];
    expect(review.m_name).toBe(`${letters[0]}${'*'.repeat(letters.length - 2)}${letters.at(-1)}`);
    expect(review.m_name).not.toBe(m_name);
    expect(await stack.catalog!.review.findUniqueOrThrow({ where: { rno: review.rno } })).toMatchObject({
      mno: shopper.mno,
      orno,
    });
    expect(await count()).toBe(before + 1);
    const listed = await call<PageResult<ReviewDto>>(
      'GET',
      `/api/review/list/${pno}?page=1&size=10&sortBy=rno`,
    );
    expect(listed.body.dtoList[0]).toEqual(review);

    // My page's orders show the line reviewed.
    const orders = (await call<OrderDto[]>('GET', `/api/orders/member/${shopper.mno}`, shopper)).body;
    expect(orders.flatMap((order) => order.orderDetails).find((l) => l.orno === orno)).toMatchObject({
      rno: review.rno,
      review_flag: true,
    });
  });

  it('changes nothing when the event comes again, or another review of the line is announced', async () => {
    const orno = await boughtLine(shopper);
    await add(shopper, orno);
    const review = await reviewOfLine(orno);
    const [written] = await stack.catalog!.$queryRaw<
      { topic: string; message_key: string; envelope: string; headers: Record<string, string> }[]
    >`SELECT topic, message_key, envelope, headers FROM outbox_event
      WHERE event_type = 'review.written' AND envelope::jsonb -> 'payload' ->> 'orno' = ${String(orno)}`;
    const handled = () =>
      stack.orders!.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM inbox_event
        WHERE handler = 'order.mark-line-reviewed'`.then((rows) => rows[0].n);
    const handledBefore = await handled();

    // The same event again (the inbox has it), then one naming another review (the line keeps its own).
    await stack
      .transport('catalog')
      .publish([
        { topic: written.topic, key: written.message_key, value: written.envelope, headers: written.headers },
      ]);
    const { ono } = await stack.orders!.orderDetail.findUniqueOrThrow({ where: { orno } });
    await publishEvent(
      stack.transport('catalog'),
      ReviewWrittenV1,
      { rno: review.rno + 1000, orno, ono, mno: shopper.mno, pno },
      ono,
    );
    await eventually(async () => expect(await handled()).toBe(handledBefore + 1));
    expect(await line(orno)).toMatchObject({ rno: review.rno, reviewFlag: true });
  });

  it.each([
    ['no title', { ...REVIEW, title: '  ' }, ReviewMessages.titleRequired],
    ['no title, rating or content: the title first', {}, ReviewMessages.titleRequired],
    ['no rating', { ...REVIEW, rate: undefined }, ReviewMessages.rateRequired],
    [
      'a rating of 0 (the modal starts there), and no content',
      { ...REVIEW, rate: 0, content: '' },
      ReviewMessages.rateRequired,
    ],
    ['a rating of 6', { ...REVIEW, rate: 6 }, ReviewMessages.rateRange],
    ['a rating of 2.5', { ...REVIEW, rate: 2.5 }, ReviewMessages.rateRange],
    ['no content', { ...REVIEW, content: '\n ' }, ReviewMessages.contentRequired],
    ['a title of 101 characters', { ...REVIEW, title: '가'.repeat(101) }, ReviewMessages.titleTooLong],
  ])('refuses a review with %s, changing nothing', async (_case, json, message) => {
    const orno = await boughtLine(shopper);
    const before = await stateOf(orno);
    const refused = await add(shopper, orno, json);
    expect([refused.status, refused.body]).toEqual([400, { error: 'BAD_REQUEST', message }]);
    expect(await stateOf(orno)).toEqual(before);
  });

  it('keeps a line reviewable when the refusal of its refund overtook the request (another topic)', async () => {
    const orno = await boughtLine(shopper);
    const { ono, order } = await stack.orders!.orderDetail.findUniqueOrThrow({
      where: { orno },
      include: { order: true },
    });
    const rfno = ono + 500_000;
    const lines = [{ orno, odno, pno, count: 1 }];
    await publishEvent(
      stack.transport('refund'),
      RefundPartRejectedV2,
      { rfno, ono, mno: order.mno, part: { sellerId: 1, amount: 12_000, lines }, reason: '사용 흔적' },
      ono,
    );
    await eventually(async () =>
      expect(
        await stack.catalog!.rejectedRefund.findUnique({ where: { rfno_sellerId: { rfno, sellerId: 1 } } }),
      ).not.toBeNull(),
    );
    await publishEvent(
      stack.transport('refund'),
      RefundRequestedV1,
      {
        rfno,
        ono,
        mno: order.mno,
        requestDate: new Date().toISOString(),
        amount: 12_000,
        parts: [{ sellerId: 1, amount: 12_000, lines }],
      },
      ono,
    );
    await eventually(async () =>
      expect(await stack.transport('catalog').lag('catalog', RefundRequestedV1.topic)).toBe(0),
    );
    expect(await stack.catalog!.purchasedLine.findUnique({ where: { orno } })).toMatchObject({
      status: 'COMPLETE',
    });
    expect((await add(shopper, orno)).status).toBe(201);
  });

  it('refuses a review while the order is being refunded or once it is, and takes it when the refund is refused', async () => {
    const orno = await boughtLine(shopper);
    const before = await stateOf(orno);
    await refund(orno, 'requested');
    const pending = await add(shopper, orno);
    expect([pending.status, pending.body?.message]).toEqual([400, ReviewMessages.notReviewable]);
    expect(await stateOf(orno)).toEqual(before);

    await refund(orno, 'rejected');
    expect((await add(shopper, orno)).status).toBe(201);
    await reviewOfLine(orno);

    const refunded = await boughtLine(shopper);
    await refund(refunded, 'requested');
    await refund(refunded, 'refunded');
    const closed = await add(shopper, refunded);
    expect([closed.status, closed.body?.message]).toEqual([400, ReviewMessages.notReviewable]);
    expect(await stack.catalog!.review.count({ where: { orno: refunded } })).toBe(0);
  });

  it('does not find a line of an order that never completed (waiting for payment, cancelled)', async () => {
    const { details } = await stack.orders!.order.create({
      data: {
        mno: shopper.mno,
        oTotalPrice: 12_000,
        oAddress: '(06236) 서울 강남구 테헤란로 1',
        oReceiver: '김민수',
        oReceiverPhoNum: '01012345678',
        idempotencyKey: randomUUID(),
        details: {
          create: [
            {
              odno,
              pno,
              sellerId: 1,
              pName: '리뷰 상품',
              odName: '1kg',
              orCount: 1,
              orPrice: 12_000,
              orAmount: 12_000,
            },
          ],
        },
      },
      include: { details: true },
    });
    const refused = await add(shopper, details[0].orno);
    expect([refused.status, refused.body?.message]).toEqual([404, ReviewMessages.lineNotFound]);
    expect(await stack.catalog!.review.count({ where: { orno: details[0].orno } })).toBe(0);
  });

  it('takes a review written the moment the order shows complete, before catalog heard of it', async () => {
    const { orno, announce } = await completeOrder(shopper);
    // The shopper sees the order complete and writes at once; catalog hears of it only after the
    // review reached it.
    const writes = stack.service('catalog').get(ReviewWrites);
    const write = writes.write.bind(writes);
    let reached: () => void = () => undefined;
    const reachedCatalog = new Promise<void>((resolve) => (reached = resolve));
    const spy = jest.spyOn(writes, 'write').mockImplementation((...args) => {
      reached();
      return write(...args);
    });
    const adding = add(shopper, orno);
    await reachedCatalog;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await announce();
    const added = await adding;
    spy.mockRestore();
    expect(added.status).toBe(201);
    expect(await reviewOfLine(orno)).toMatchObject({ pno, title: REVIEW.title });
  });

  it("does not find another member's line or an unknown one, and asks a visitor to sign in", async () => {
    const orno = await boughtLine(shopper);
    const before = await stateOf(orno);
    const notTheirs = await add(other, orno);
    expect([notTheirs.status, notTheirs.body?.message]).toEqual([404, ReviewMessages.lineNotFound]);
    expect((await add(shopper, 99_999_999)).status).toBe(404);
    expect((await add(undefined, orno)).body).toMatchObject({ error: 'REQUIRED_LOGIN' });
    expect((await add(shopper, 0)).status).toBe(400);
    expect(await stateOf(orno)).toEqual(before);
  });

  it('takes one review per line: a second, and two at once, leave one', async () => {
    const orno = await boughtLine(shopper);
    expect((await add(shopper, orno)).status).toBe(201);
    const again = await add(shopper, orno, { ...REVIEW, title: '두 번째' });
    expect([again.status, again.body?.message]).toEqual([400, ReviewMessages.alreadyWritten]);

    const raced = await boughtLine(shopper);
    const answers = await Promise.all([add(shopper, raced), add(shopper, raced), add(shopper, raced)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    expect(await stack.catalog!.review.count({ where: { orno: { in: [orno, raced] } } })).toBe(2);
    expect((await reviewOfLine(orno)).title).toBe(REVIEW.title);
    await reviewOfLine(raced);
    const events = await stack.catalog!.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_event
      WHERE event_type = 'review.written' AND (envelope::jsonb -> 'payload' ->> 'orno')::int IN (${orno}, ${raced})`;
    expect(events[0].n).toBe(2);
  });

  it('keeps refusing the refund of an order whose every line is reviewed', async () => {
    const orno = await boughtLine(shopper);
    await add(shopper, orno);
    await reviewOfLine(orno);
    const { ono } = await line(orno);
    const refund = await call<{ message: string }>('POST', `/api/orders/${ono}/refund`, shopper, {
      json: { rf_reason: '상품이 설명과 달라서 환불을 요청합니다.' },
    });
    expect([refund.status, refund.body.message]).toEqual([400, RefundMessages.allReviewed]);
  });

  it("toggles the caller's own like, counting on the server whatever count the body says", async () => {
    const orno = await boughtLine(shopper);
    await add(shopper, orno);
    const review = await reviewOfLine(orno);
    const liked = () => call<number[]>('GET', `/api/review/liked/${pno}`, shopper).then((a) => a.body);

    const first = await like(shopper, { ...review, reviewLike: review.reviewLike + 1 });
    expect([first.status, first.body]).toEqual([200, { rno: review.rno, liked: true, reviewLike: 1 }]);
    expect(await liked()).toContain(review.rno);
    // Another member's like counts too; a forged count in the body is never stored.
    expect((await like(other, { ...review, reviewLike: 999 })).body).toMatchObject({
      liked: true,
      reviewLike: 2,
    });
    expect((await like(shopper, { ...review, reviewLike: 0 })).body).toMatchObject({
      liked: false,
      reviewLike: 1,
    });
    expect(await liked()).not.toContain(review.rno);
    expect((await call<ReviewDto>('GET', `/api/review/review/${review.rno}`)).body.reviewLike).toBe(1);

    // One like per member even when the toggles race: the count always equals the likes kept.
    await Promise.all([like(shopper, review), like(shopper, review), like(shopper, review)]);
    const kept = await stack.catalog!.reviewLike.count({ where: { rno: review.rno } });
    expect((await stack.catalog!.review.findUniqueOrThrow({ where: { rno: review.rno } })).reviewLike).toBe(
      kept,
    );
  });

  it('refuses likes of unknown reviews, without a review number, and from visitors', async () => {
    expect((await like(shopper, { rno: 99_999_999 })).status).toBe(404);
    expect((await like(shopper, { rno: 'x' })).status).toBe(400);
    expect((await like(undefined, { rno: 1 })).body).toMatchObject({ error: 'REQUIRED_LOGIN' });
    expect((await call('GET', '/api/review/review/99999999')).status).toBe(404);
    expect((await call('GET', '/api/review/review/abc')).status).toBe(400);
  });
});
