import type { InquiryDto, Slice } from '@mkt/contracts';
import { InquiryMessages, NOT_YOUR_INQUIRY, SECRET_INQUIRY_TITLE } from '@mkt/contracts';
import type { CatalogStandIn, TestService } from '@mkt/testing';
import { callService, startCatalogStandIn, startTestService } from '@mkt/testing';
import { boardService } from '../board.service';
import { BoardDatabase } from '../database';

jest.setTimeout(60_000);

const SELLER = 7;
const OTHER_SELLER = 8;
const AUTHOR = 21;
const OTHER_MEMBER = 22;
/** Products the catalog stand-in knows: two of SELLER's, one of OTHER_SELLER's, one deleted. */
const PRODUCT = 101;
const SECOND_PRODUCT = 102;
const OTHERS_PRODUCT = 201;
const DELETED_PRODUCT = 301;

/** The board service on its own PostgreSQL database, reading products' sellers from a catalog over HTTP. */
describe('board service: product inquiries', () => {
  let catalog: CatalogStandIn;
  let board: TestService;
  let db: BoardDatabase;

  const send = <T>(method: string, path: string, body?: unknown) => callService<T>(board, method, path, body);
  type Refusal = { error: string; message: string };
  const ask = (mno: number, inquiry: Record<string, unknown>) =>
    send<InquiryDto & Refusal>('POST', '/inquiries', { mno, nickname: `회원${mno}`, inquiry });
  const question = (pno: number, overrides: Record<string, unknown> = {}) => ({
    pno,
    title: '배송 문의',
    content: '언제 도착하나요?',
    secret: false,
    ...overrides,
  });
  const listAs = (pno: number, viewer?: { mno: number; role: string }) =>
    send<Slice<InquiryDto>>(
      'GET',
      `/inquiries/product/${pno}?page=1&size=10${viewer ? `&viewer=${viewer.mno}&role=${viewer.role}` : ''}`,
    );
  const answer = (qno: number, mno: number, role: string, qr_content = '내일 도착합니다.') =>
    send<InquiryDto & Refusal>('PUT', `/inquiries/${qno}/reply`, { mno, role, qr_content });

  beforeAll(async () => {
    catalog = await startCatalogStandIn(
      [],
      [
        { pno: PRODUCT, sno: SELLER, delFlag: false },
        { pno: SECOND_PRODUCT, sno: SELLER, delFlag: false },
        { pno: OTHERS_PRODUCT, sno: OTHER_SELLER, delFlag: false },
        { pno: DELETED_PRODUCT, sno: SELLER, delFlag: true },
      ],
    );
    board = await startTestService(boardService, { serviceUrls: { catalog: catalog.url } });
    db = board.app.get(BoardDatabase);
  });

  afterAll(async () => {
    await board?.close();
    await catalog?.close();
  });

  beforeEach(() => db.productInquiry.deleteMany());

  it('keeps an asked inquiry with its author and the seller catalog names; nothing answered yet', async () => {
    const asked = await ask(AUTHOR, question(PRODUCT, { secret: true }));

    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      pno: PRODUCT,
      mno: AUTHOR,
      m_nickName: `회원${AUTHOR}`,
      title: '배송 문의',
      content: '언제 도착하나요?',
      secret: true,
      replyCheck: false,
      proQAReply: null,
    });
    const stored = await db.productInquiry.findUniqueOrThrow({ where: { qno: asked.body.qno } });
    expect(stored).toMatchObject({ sellerId: SELLER, mno: AUTHOR });
  });

  it('refuses a blank title or content with the messages of the inquiry modal, storing nothing', async () => {
    const noTitle = await ask(AUTHOR, question(PRODUCT, { title: '   ' }));
    const noContent = await ask(AUTHOR, question(PRODUCT, { content: '' }));
    const neither = await ask(AUTHOR, { pno: PRODUCT });

    expect([noTitle.status, noTitle.body.message]).toEqual([
      400,
      `inquiry.title: ${InquiryMessages.titleRequired}`,
    ]);
    expect([noContent.status, noContent.body.message]).toEqual([
      400,
      `inquiry.content: ${InquiryMessages.contentRequired}`,
    ]);
    expect(neither.body.message).toContain(InquiryMessages.titleRequired);
    expect(await db.productInquiry.count()).toBe(0);
  });

  it('refuses an inquiry about a product catalog does not have, or deleted, with 404', async () => {
    const unknown = await ask(AUTHOR, question(999));
    const deleted = await ask(AUTHOR, question(DELETED_PRODUCT));

    expect([unknown.status, unknown.body.message]).toEqual([404, InquiryMessages.productNotFound]);
    expect([deleted.status, deleted.body.message]).toEqual([404, InquiryMessages.productNotFound]);
    expect(await db.productInquiry.count()).toBe(0);
  });

  it('answers 502 and stores nothing while catalog is down', async () => {
    catalog.state.down = true;
    try {
      expect((await ask(AUTHOR, question(PRODUCT))).status).toBe(502);
    } finally {
      catalog.state.down = false;
    }
    expect(await db.productInquiry.count()).toBe(0);
  });

  it('ignores a reply the author sends along: only the seller answers', async () => {
    const asked = await ask(
      AUTHOR,
      question(PRODUCT, { replyCheck: true, proQAReply: { qr_content: '제가 답합니다' } }),
    );

    expect(asked.body.replyCheck).toBe(false);
    expect(await db.inquiryReply.count()).toBe(0);
  });

  it('shows a secret inquiry whole to its author, the product seller and admins, masked to everyone else', async () => {
    const secret = (await ask(AUTHOR, question(PRODUCT, { title: '비밀 질문', secret: true }))).body;
    await answer(secret.qno, SELLER, 'SELLER', '비밀 답변');
    const seen = async (viewer?: { mno: number; role: string }) =>
      (await listAs(PRODUCT, viewer)).body.items.find((item) => item.qno === secret.qno);
    const whole = {
      title: '비밀 질문',
      content: '언제 도착하나요?',
      proQAReply: { qr_content: '비밀 답변' },
    };
    const masked = { title: SECRET_INQUIRY_TITLE, content: '', proQAReply: null, replyCheck: true };

    expect(await seen({ mno: AUTHOR, role: 'MEMBER' })).toMatchObject(whole);
    expect(await seen({ mno: SELLER, role: 'SELLER' })).toMatchObject(whole);
    expect(await seen({ mno: 1, role: 'ADMIN' })).toMatchObject(whole);
    expect(await seen()).toMatchObject(masked);
    expect(await seen({ mno: OTHER_MEMBER, role: 'MEMBER' })).toMatchObject(masked);
    expect(await seen({ mno: OTHER_SELLER, role: 'SELLER' })).toMatchObject(masked);
    // A member whose number happens to be the seller's is not the seller.
    expect(await seen({ mno: SELLER, role: 'MEMBER' })).toMatchObject(masked);
  });

  it('refuses a viewer without a role (the BFF always names both)', async () => {
    const response = await send('GET', `/inquiries/product/${PRODUCT}?viewer=${AUTHOR}`);
    expect(response.status).toBe(400);
  });

  it('lets the author edit an unanswered inquiry, and nobody else (404)', async () => {
    const asked = (await ask(AUTHOR, question(PRODUCT))).body;
    const edit = { title: '수정한 제목', content: '수정한 내용', secret: true };

    const byOther = await send<Refusal>('PUT', `/inquiries/member/${OTHER_MEMBER}/${asked.qno}`, edit);
    expect([byOther.status, byOther.body.message]).toEqual([404, InquiryMessages.notFound]);
    const blank = await send<Refusal>('PUT', `/inquiries/member/${AUTHOR}/${asked.qno}`, {
      ...edit,
      content: ' ',
    });
    expect(blank.status).toBe(400);
    expect(await db.productInquiry.findUniqueOrThrow({ where: { qno: asked.qno } })).toMatchObject({
      title: '배송 문의',
      secret: false,
    });

    const changed = await send<InquiryDto>('PUT', `/inquiries/member/${AUTHOR}/${asked.qno}`, edit);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ qno: asked.qno, ...edit, replyCheck: false });
  });

  it('refuses editing an answered inquiry (409): the answer speaks to the question as it was', async () => {
    const asked = (await ask(AUTHOR, question(PRODUCT))).body;
    await answer(asked.qno, SELLER, 'SELLER');

    const edited = await send<Refusal>('PUT', `/inquiries/member/${AUTHOR}/${asked.qno}`, {
      title: '바꾼 제목',
      content: '바꾼 내용',
      secret: false,
    });

    expect([edited.status, edited.body]).toEqual([
      409,
      { error: 'ALREADY_ANSWERED', message: InquiryMessages.answeredNotEditable },
    ]);
    expect((await db.productInquiry.findUniqueOrThrow({ where: { qno: asked.qno } })).title).toBe(
      '배송 문의',
    );
  });

  it('lets the author delete an inquiry with its answer, and nobody else (404)', async () => {
    const asked = (await ask(AUTHOR, question(PRODUCT))).body;
    await answer(asked.qno, SELLER, 'SELLER');

    const byOther = await send<Refusal>('DELETE', `/inquiries/member/${OTHER_MEMBER}/${asked.qno}`);
    expect(byOther.status).toBe(404);
    expect(await db.productInquiry.count()).toBe(1);

    const removed = await send('DELETE', `/inquiries/member/${AUTHOR}/${asked.qno}`);
    expect(removed.status).toBe(204);
    expect(await db.productInquiry.count()).toBe(0);
    expect(await db.inquiryReply.count()).toBe(0);
    expect((await send('DELETE', `/inquiries/member/${AUTHOR}/${asked.qno}`)).status).toBe(404);
  });

  it("lets the product's seller (and an admin) answer; another seller is refused with NOT_YOUR_INQUIRY", async () => {
    const asked = (await ask(AUTHOR, question(PRODUCT))).body;

    const byOther = await answer(asked.qno, OTHER_SELLER, 'SELLER');
    expect([byOther.status, byOther.body]).toEqual([
      403,
      { error: NOT_YOUR_INQUIRY, message: InquiryMessages.notYours },
    ]);
    expect(await db.inquiryReply.count()).toBe(0);
    const byMember = await answer(asked.qno, AUTHOR, 'MEMBER');
    expect(byMember.status).toBe(400);
    const blank = await answer(asked.qno, SELLER, 'SELLER', '  ');
    expect([blank.status, blank.body.message]).toEqual([
      400,
      `qr_content: ${InquiryMessages.answerRequired}`,
    ]);
    expect((await answer(999_999, SELLER, 'SELLER')).status).toBe(404);

    const answered = await answer(asked.qno, SELLER, 'SELLER', '오늘 출고됩니다.');
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      replyCheck: true,
      proQAReply: { qr_content: '오늘 출고됩니다.', regDate: expect.any(String) },
    });
    const visitorSees = (await listAs(PRODUCT)).body.items[0];
    expect(visitorSees).toMatchObject({ replyCheck: true, proQAReply: { qr_content: '오늘 출고됩니다.' } });

    // Answering again replaces the answer and its date; an admin may answer any inquiry.
    const corrected = await answer(asked.qno, 1, 'ADMIN', '내일 출고됩니다.');
    expect(corrected.body.proQAReply?.qr_content).toBe('내일 출고됩니다.');
    expect(Date.parse(corrected.body.proQAReply!.regDate)).toBeGreaterThanOrEqual(
      Date.parse(answered.body.proQAReply!.regDate),
    );
    expect(await db.inquiryReply.count()).toBe(1);
  });

  it("lists a seller's inquiries, unanswered first (newest first), then answered; an admin's list has all", async () => {
    const first = (await ask(AUTHOR, question(PRODUCT, { title: '첫 문의' }))).body;
    const second = (await ask(OTHER_MEMBER, question(SECOND_PRODUCT, { title: '둘째 문의', secret: true })))
      .body;
    const third = (await ask(AUTHOR, question(PRODUCT, { title: '셋째 문의' }))).body;
    const others = (await ask(AUTHOR, question(OTHERS_PRODUCT, { title: '다른 판매자 문의' }))).body;
    await answer(first.qno, SELLER, 'SELLER');

    const mine = await send<Slice<InquiryDto>>('GET', `/inquiries/to-answer?mno=${SELLER}&role=SELLER`);
    expect(mine.body.totalCount).toBe(3);
    expect(mine.body.items.map((item) => item.qno)).toEqual([third.qno, second.qno, first.qno]);
    expect(mine.body.items[1]).toMatchObject({ title: '둘째 문의', secret: true });

    const paged = await send<Slice<InquiryDto>>(
      'GET',
      `/inquiries/to-answer?mno=${SELLER}&role=SELLER&page=2&size=2`,
    );
    expect(paged.body.items.map((item) => item.qno)).toEqual([first.qno]);

    const waiting = await send<Slice<InquiryDto>>(
      'GET',
      `/inquiries/to-answer?mno=${SELLER}&role=SELLER&answered=false`,
    );
    expect([waiting.body.totalCount, waiting.body.items.map((item) => item.qno)]).toEqual([
      2,
      [third.qno, second.qno],
    ]);
    const done = await send<Slice<InquiryDto>>(
      'GET',
      `/inquiries/to-answer?mno=${SELLER}&role=SELLER&answered=true`,
    );
    expect(done.body.items.map((item) => item.qno)).toEqual([first.qno]);
    expect((await send('GET', `/inquiries/to-answer?mno=${SELLER}&role=SELLER&answered=yes`)).status).toBe(
      400,
    );

    const all = await send<Slice<InquiryDto>>('GET', '/inquiries/to-answer?mno=1&role=ADMIN');
    expect(all.body.items.map((item) => item.qno)).toEqual([others.qno, third.qno, second.qno, first.qno]);
    expect((await send('GET', `/inquiries/to-answer?mno=${AUTHOR}&role=MEMBER`)).status).toBe(400);
  });

  it("lists a member's own inquiries whole, newest first, with their answers", async () => {
    const open = (await ask(AUTHOR, question(PRODUCT, { title: '공개 문의' }))).body;
    const secret = (await ask(AUTHOR, question(OTHERS_PRODUCT, { title: '비밀 문의', secret: true }))).body;
    await ask(OTHER_MEMBER, question(PRODUCT, { title: '남의 문의' }));
    await answer(secret.qno, OTHER_SELLER, 'SELLER', '답변드립니다.');

    const mine = await send<InquiryDto[]>('GET', `/inquiries/member/${AUTHOR}`);

    expect(mine.body.map((item) => [item.qno, item.title])).toEqual([
      [secret.qno, '비밀 문의'],
      [open.qno, '공개 문의'],
    ]);
    expect(mine.body[0].proQAReply).toMatchObject({ qr_content: '답변드립니다.' });
  });
});
