import jwt from 'jsonwebtoken';
import type { InquiryDto, InquiryWithProductDto, PageResult } from '@mkt/contracts';
import { AuthErrors, InquiryMessages, NOT_YOUR_INQUIRY, SECRET_INQUIRY_TITLE } from '@mkt/contracts';
import { BoardDatabase } from '@mkt/board';
import { createProduct } from '@mkt/catalog/testing';
import { ACCESS_TOKEN_ISSUER, encodeBase64Id } from '@mkt/bff/testing';
import type { AccountsStack, ApiRequest, Shopper } from '../testing/accounts-stack';
import { callApi, joinShopper, JOIN_PASSWORD, signIn, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(180_000);

type Refusal = { error: string; message: string };

/** Product inquiries through the BFF, with member, catalog and board on their own PostgreSQL databases. */
describe('product inquiries API', () => {
  let stack: AccountsStack;
  let board: BoardDatabase;
  let seller: Shopper;
  let otherSeller: Shopper;
  let admin: Shopper;
  let product: number;
  let othersProduct: number;

  const call = <T>(method: string, path: string, caller?: Shopper, request: ApiRequest = {}) =>
    callApi<T & Refusal>(stack.url, method, path, { ...request, token: caller?.token });
  const newShopper = () => joinShopper(stack.url, 'qa');

  async function signedIn(email: string, password: string): Promise<Shopper> {
    const { body } = await signIn(stack.url, email, password);
    return { mno: body.mno, email, token: body.accessToken };
  }

  const newProduct = (sellerId: number, pName: string) =>
    createProduct(stack.catalog!, {
      pName,
      pContent: '',
      pPrice: 10_000,
      pSalePer: 0,
      sellerId,
      businessName: `판매자${sellerId}`,
      ctnos: [],
      options: [{ odName: '기본', odPrice: 0, odStock: 10 }],
      imageNames: [],
    });

  /** The spec client's `POST /api/qa/add` body. */
  const addBody = (shopper: Shopper, overrides: Record<string, unknown> = {}) => ({
    title: '배송 문의',
    content: '언제 도착하나요?',
    secret: false,
    mno: shopper.mno,
    pno: product,
    replyCheck: false,
    ...overrides,
  });
  const ask = (shopper: Shopper, overrides: Record<string, unknown> = {}) =>
    call<InquiryDto>('POST', '/api/qa/add', shopper, { json: addBody(shopper, overrides) });
  const listed = async (pno: number, qno: number, caller?: Shopper, path = 'list') => {
    const page = await call<PageResult<InquiryDto>>(
      'GET',
      `/api/qa/${path}/${pno}?page=1&size=10&sortBy=qno`,
      caller,
    );
    expect(page.status).toBe(200);
    return page.body.dtoList.find((inquiry) => inquiry.qno === qno);
  };
  const answer = (caller: Shopper | undefined, qno: number, qr_content = '내일 출고됩니다.') =>
    call<InquiryDto>('PUT', `/api/qa/${qno}/reply`, caller, { json: { qr_content } });
  const stored = () => board.productInquiry.count();

  beforeAll(async () => {
    stack = await startAccountsStack('inquiries', {}, { shop: true });
    board = stack.service('board').get(BoardDatabase);
    seller = await signedIn('seller@dealmarket.kr', 'seller1234!');
    admin = await signedIn('admin@dealmarket.kr', 'admin1234!');
    const joined = await joinShopper(stack.url, 'qa-seller');
    await stack.members.member.update({ where: { mno: joined.mno }, data: { role: 'SELLER' } });
    otherSeller = await signedIn(joined.email, JOIN_PASSWORD);
    product = await newProduct(seller.mno, '문의 상품');
    othersProduct = await newProduct(otherSeller.mno, '다른 판매자 상품');
  });

  afterAll(() => stack?.close());

  it('a member asks with the spec body; the inquiry carries their nickname, unanswered', async () => {
    const author = await newShopper();

    const asked = await ask(author);

    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      pno: product,
      mno: author.mno,
      m_nickName: '길동이',
      title: '배송 문의',
      replyCheck: false,
      proQAReply: null,
    });
    expect(await listed(product, asked.body.qno)).toMatchObject({ title: '배송 문의', mno: author.mno });
  });

  it('shows a secret inquiry whole to its author, the owning seller and an admin; masked to the others', async () => {
    const author = await newShopper();
    const other = await newShopper();
    const { qno } = (await ask(author, { title: '비밀 질문', secret: true })).body;
    const whole = { title: '비밀 질문', content: '언제 도착하나요?', secret: true };
    const masked = { title: SECRET_INQUIRY_TITLE, content: '', secret: true, proQAReply: null };

    expect(await listed(product, qno, author)).toMatchObject({ ...whole, mno: author.mno });
    expect(await listed(product, qno, author, 'product')).toMatchObject(whole);
    expect(await listed(product, qno, seller)).toMatchObject(whole);
    expect(await listed(product, qno, admin)).toMatchObject(whole);
    // Masked, it does not name its author by member number either.
    for (const viewer of [undefined, other, otherSeller]) {
      const seen = await listed(product, qno, viewer);
      expect(seen).toMatchObject(masked);
      expect(seen).not.toHaveProperty('mno');
    }
  });

  it('answers an expired token on the public list with ERROR_TOKEN_ACCESS (the client refreshes), a bad one as a visitor', async () => {
    const author = await newShopper();
    const expired = jwt.sign({ email: author.email, role: 'MEMBER', roleSet: ['USER'] }, stack.jwtSecret, {
      algorithm: 'HS256',
      subject: String(author.mno),
      issuer: ACCESS_TOKEN_ISSUER,
      expiresIn: -10,
    });

    const refused = await call('GET', `/api/qa/list/${product}`, { ...author, token: expired });
    const bad = await call<PageResult<InquiryDto>>('GET', `/api/qa/list/${product}`, {
      ...author,
      token: 'not-a-token',
    });

    expect([refused.status, refused.body.error]).toEqual([401, AuthErrors.tokenExpired]);
    expect(bad.status).toBe(200);
  });

  it('refuses a blank title or content with the modal messages, and stores nothing', async () => {
    const author = await newShopper();
    const before = await stored();

    const noTitle = await ask(author, { title: ' ' });
    const noContent = await ask(author, { content: '' });

    expect([noTitle.status, noTitle.body.message]).toEqual([400, `title: ${InquiryMessages.titleRequired}`]);
    expect([noContent.status, noContent.body.message]).toEqual([
      400,
      `content: ${InquiryMessages.contentRequired}`,
    ]);
    expect(await stored()).toBe(before);
  });

  it('refuses a visitor (401), a seller or admin (403), and a body naming another member (403)', async () => {
    const author = await newShopper();
    const other = await newShopper();
    const before = await stored();

    const visitor = await call('POST', '/api/qa/add', undefined, { json: addBody(author) });
    const asSeller = await call('POST', '/api/qa/add', seller, { json: addBody(seller) });
    const asAdmin = await call('POST', '/api/qa/add', admin, { json: addBody(admin) });
    const forged = await call('POST', '/api/qa/add', author, { json: addBody(other) });

    expect([visitor.status, visitor.body.error]).toEqual([401, AuthErrors.requiredLogin]);
    expect([asSeller.status, asSeller.body.error]).toEqual([403, AuthErrors.accessDenied]);
    expect([asAdmin.status, asAdmin.body.error]).toEqual([403, AuthErrors.accessDenied]);
    expect([forged.status, forged.body.error]).toEqual([403, AuthErrors.accessDenied]);
    expect(await stored()).toBe(before);
  });

  it('refuses an unknown or deleted product (404) and a malformed pno (400)', async () => {
    const author = await newShopper();
    const gone = await newProduct(seller.mno, '삭제된 상품');
    await stack.catalog!.product.update({ where: { pno: gone }, data: { delFlag: true } });
    const before = await stored();

    const unknown = await ask(author, { pno: 987_654 });
    const deleted = await ask(author, { pno: gone });
    const malformed = await ask(author, { pno: 'abc' });

    expect([unknown.status, unknown.body.message]).toEqual([404, InquiryMessages.productNotFound]);
    expect([deleted.status, deleted.body.message]).toEqual([404, InquiryMessages.productNotFound]);
    expect(malformed.status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('cannot be answered by its author: replyCheck and a reply in add or change are not read', async () => {
    const author = await newShopper();
    const forged = { replyCheck: true, proQAReply: { qr_content: '셀프 답변', regDate: '2026-01-01' } };

    const asked = await ask(author, forged);
    const changed = await call<InquiryDto>('PUT', '/api/qa/change', author, {
      json: { ...asked.body, ...forged, title: '바꾼 제목' },
    });

    expect(asked.body).toMatchObject({ replyCheck: false, proQAReply: null });
    expect(changed.body).toMatchObject({ title: '바꾼 제목', replyCheck: false, proQAReply: null });
    expect(await listed(product, asked.body.qno)).toMatchObject({ replyCheck: false, proQAReply: null });
  });

  it('lets the author change the whole question, and nobody else', async () => {
    const author = await newShopper();
    const other = await newShopper();
    const asked = (await ask(author)).body;
    const edited = { ...asked, title: '수정한 제목', content: '수정한 내용', secret: true };

    const byOther = await call('PUT', '/api/qa/change', other, { json: { ...edited, mno: other.mno } });
    const naming = await call('PUT', '/api/qa/change', author, { json: { ...edited, mno: other.mno } });
    const bySeller = await call('PUT', '/api/qa/change', seller, { json: { ...edited, mno: seller.mno } });
    const blank = await call('PUT', '/api/qa/change', author, { json: { ...edited, title: '' } });
    const visitor = await call('PUT', '/api/qa/change', undefined, { json: edited });

    expect([byOther.status, byOther.body.message]).toEqual([404, InquiryMessages.notFound]);
    expect([naming.status, naming.body.error]).toEqual([403, AuthErrors.accessDenied]);
    expect([bySeller.status, bySeller.body.error]).toEqual([403, AuthErrors.accessDenied]);
    expect([blank.status, blank.body.message]).toEqual([400, `title: ${InquiryMessages.titleRequired}`]);
    expect(visitor.status).toBe(401);
    expect(await listed(product, asked.qno)).toMatchObject({ title: '배송 문의', secret: false });

    const changed = await call<InquiryDto>('PUT', '/api/qa/change', author, { json: edited });
    expect(changed.status).toBe(200);
    expect(await listed(product, asked.qno, author)).toMatchObject({
      title: '수정한 제목',
      content: '수정한 내용',
      secret: true,
    });
    expect(await listed(product, asked.qno, other)).toMatchObject({ title: SECRET_INQUIRY_TITLE });
  });

  it('refuses changing an answered question (409)', async () => {
    const author = await newShopper();
    const asked = (await ask(author)).body;
    await answer(seller, asked.qno);

    const changed = await call('PUT', '/api/qa/change', author, { json: { ...asked, title: '바꾼 제목' } });

    expect([changed.status, changed.body.message]).toEqual([409, InquiryMessages.answeredNotEditable]);
  });

  it('lets the author delete their inquiry, and nobody else', async () => {
    const author = await newShopper();
    const other = await newShopper();
    const { qno } = (await ask(author)).body;

    const byOther = await call('DELETE', `/api/qa/delete/${qno}`, other);
    const bySeller = await call('DELETE', `/api/qa/delete/${qno}`, seller);
    const visitor = await call('DELETE', `/api/qa/delete/${qno}`);
    const malformed = await call('DELETE', '/api/qa/delete/abc', author);
    expect(byOther.status).toBe(404);
    expect(bySeller.status).toBe(403);
    expect(visitor.status).toBe(401);
    expect(malformed.status).toBe(400);
    expect(await listed(product, qno)).toBeDefined();

    expect((await call('DELETE', `/api/qa/delete/${qno}`, author)).status).toBe(204);
    expect(await listed(product, qno)).toBeUndefined();
    expect((await call('DELETE', `/api/qa/delete/${qno}`, author)).status).toBe(404);
  });

  it("lists a member's own inquiries with answers and product names; another member's number answers 403", async () => {
    const author = await newShopper();
    const other = await newShopper();
    const first = (await ask(author, { title: '첫 문의' })).body;
    const second = (await ask(author, { title: '비밀 문의', secret: true, pno: othersProduct })).body;
    await ask(other, { title: '남의 문의' });
    await answer(otherSeller, second.qno, '답변드립니다.');

    const mine = await call<InquiryWithProductDto[]>('GET', `/api/qa/list/my/${author.mno}`, author);

    expect(mine.status).toBe(200);
    expect(mine.body.map((inquiry) => [inquiry.qno, inquiry.title, inquiry.p_name])).toEqual([
      [second.qno, '비밀 문의', '다른 판매자 상품'],
      [first.qno, '첫 문의', '문의 상품'],
    ]);
    expect(mine.body[0].proQAReply).toEqual({ qr_content: '답변드립니다.', regDate: expect.any(String) });
    for (const caller of [other, seller, admin]) {
      const refused = await call('GET', `/api/qa/list/my/${author.mno}`, caller);
      expect([refused.status, refused.body.error]).toEqual([403, AuthErrors.accessDenied]);
    }
    expect((await call('GET', `/api/qa/list/my/${author.mno}`)).status).toBe(401);
  });

  it("pages a member's own inquiries on the server (my page's list): newest first, the page's rows and the total only", async () => {
    const author = await newShopper();
    const other = await newShopper();
    const asked: number[] = [];
    for (const title of ['문의 1', '문의 2', '문의 3', '문의 4', '문의 5'])
      asked.push((await ask(author, { title })).body.qno);
    await ask(other, { title: '남의 문의' });
    const page = (number: number) =>
      call<PageResult<InquiryWithProductDto>>('GET', `/api/qa/my?page=${number}&size=2`, author);

    const first = await page(1);
    const last = await page(3);

    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(5);
    expect(first.body.dtoList.map((inquiry) => [inquiry.qno, inquiry.p_name])).toEqual([
      [asked[4], '문의 상품'],
      [asked[3], '문의 상품'],
    ]);
    expect(last.body.dtoList.map((inquiry) => inquiry.qno)).toEqual([asked[0]]);
    expect((await call('GET', '/api/qa/my?page=1&size=2')).status).toBe(401);
  });

  it("lets the product's seller answer, shown with its date to everyone who may read it; another seller gets NOT_YOUR_INQUIRY", async () => {
    const author = await newShopper();
    const { qno } = (await ask(author, { secret: true })).body;

    const byOtherSeller = await answer(otherSeller, qno);
    const byMember = await answer(author, qno);
    const byVisitor = await answer(undefined, qno);
    const blank = await answer(seller, qno, ' ');
    const unknown = await answer(seller, 987_654);
    expect([byOtherSeller.status, byOtherSeller.body]).toEqual([
      403,
      { error: NOT_YOUR_INQUIRY, message: InquiryMessages.notYours },
    ]);
    expect([byMember.status, byMember.body.error]).toEqual([403, AuthErrors.accessDenied]);
    expect(byVisitor.status).toBe(401);
    expect([blank.status, blank.body.message]).toEqual([
      400,
      `qr_content: ${InquiryMessages.answerRequired}`,
    ]);
    expect(unknown.status).toBe(404);
    expect(await listed(product, qno, author)).toMatchObject({ replyCheck: false, proQAReply: null });

    const answered = await answer(seller, qno, '오늘 출고됩니다.');
    expect(answered.status).toBe(200);
    expect(await listed(product, qno, author)).toMatchObject({
      replyCheck: true,
      proQAReply: { qr_content: '오늘 출고됩니다.', regDate: answered.body.proQAReply!.regDate },
    });
    expect(await listed(product, qno)).toMatchObject({ replyCheck: true, proQAReply: null });

    // Answering again corrects the answer; an admin may answer any inquiry.
    await answer(admin, qno, '내일 출고됩니다.');
    expect((await listed(product, qno, author))?.proQAReply?.qr_content).toBe('내일 출고됩니다.');
  });

  it("lists a seller's own products' inquiries, unanswered first, with product names; an admin sees every one", async () => {
    const author = await newShopper();
    const answered = (await ask(author, { title: '답변된 문의' })).body;
    await answer(seller, answered.qno);
    const waiting = (await ask(author, { title: '기다리는 비밀 문의', secret: true })).body;
    const others = (await ask(author, { title: '다른 판매자 문의', pno: othersProduct })).body;

    const page = await call<PageResult<InquiryWithProductDto>>(
      'GET',
      '/api/qa/seller?page=1&size=100',
      seller,
    );

    expect(page.status).toBe(200);
    const qnos = page.body.dtoList.map((inquiry) => inquiry.qno);
    expect(qnos).not.toContain(others.qno);
    expect(qnos.indexOf(waiting.qno)).toBeLessThan(qnos.indexOf(answered.qno));
    expect(page.body.dtoList.slice(0, qnos.indexOf(waiting.qno)).every((i) => !i.replyCheck)).toBe(true);
    expect(page.body.dtoList.find((i) => i.qno === waiting.qno)).toMatchObject({
      title: '기다리는 비밀 문의',
      p_name: '문의 상품',
    });
    const ofOther = await call<PageResult<InquiryDto>>('GET', '/api/qa/seller?size=100', otherSeller);
    expect(ofOther.body.dtoList.map((inquiry) => inquiry.qno)).toContain(others.qno);
    expect(ofOther.body.dtoList.map((inquiry) => inquiry.qno)).not.toContain(waiting.qno);
    const all = await call<PageResult<InquiryDto>>('GET', '/api/qa/seller?size=100', admin);
    expect(all.body.dtoList.map((inquiry) => inquiry.qno)).toEqual(
      expect.arrayContaining([waiting.qno, others.qno]),
    );

    const onlyAnswered = await call<PageResult<InquiryDto>>(
      'GET',
      '/api/qa/seller?answered=true&size=100',
      seller,
    );
    expect(onlyAnswered.body.dtoList.map((inquiry) => inquiry.qno)).toContain(answered.qno);
    expect(onlyAnswered.body.dtoList.every((inquiry) => inquiry.replyCheck)).toBe(true);
    const onlyWaiting = await call<PageResult<InquiryDto>>(
      'GET',
      '/api/qa/seller?answered=false&size=100',
      seller,
    );
    expect(onlyWaiting.body.dtoList.map((inquiry) => inquiry.qno)).toContain(waiting.qno);
    expect(onlyWaiting.body.dtoList.some((inquiry) => inquiry.replyCheck)).toBe(false);

    const asMember = await call('GET', '/api/qa/seller', author);
    expect([asMember.status, asMember.body.error]).toEqual([403, AuthErrors.accessDenied]);
    expect((await call('GET', '/api/qa/seller?size=500', seller)).status).toBe(400);
  });

  it('a banned member can no longer write: the ban ends the sessions their token belongs to', async () => {
    const author = await newShopper();
    const { qno } = (await ask(author)).body;
    const before = await stored();

    const banned = await call('PUT', `/api/admin/ban/${encodeBase64Id(author.mno)}`, admin);
    expect(banned.status).toBe(200);

    const added = await ask(author);
    const changed = await call('PUT', '/api/qa/change', author, {
      json: { qno, title: '제목', content: '내용' },
    });
    const removed = await call('DELETE', `/api/qa/delete/${qno}`, author);
    for (const refused of [added, changed, removed]) {
      expect([refused.status, refused.body.error]).toEqual([401, AuthErrors.sessionEnded]);
    }
    expect(await stored()).toBe(before);
  });
});
