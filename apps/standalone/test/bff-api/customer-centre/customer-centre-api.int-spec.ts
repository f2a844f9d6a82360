import type { FaqDto, NoticeDto, PageResult, VisitorCountDto } from '@mkt/contracts';
import { AuthErrors, FaqMessages, NoticeMessages } from '@mkt/contracts';
import { BoardDatabase } from '@mkt/board';
import { encodeBase64Id } from '@mkt/bff/testing';
import type { AccountsStack, ApiRequest, Shopper } from '../testing/accounts-stack';
import { callApi, joinShopper, signIn, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(90_000);

/** Notices, FAQs and the visitor count through the BFF, with the board and member services on PostgreSQL. */
describe('customer centre API', () => {
  let stack: AccountsStack;
  let admin: Shopper;
  let member: Shopper;
  let seller: Shopper;
  let board: BoardDatabase;

  const call = <T>(method: string, path: string, caller?: Shopper, request: ApiRequest = {}) =>
    callApi<T>(stack.url, method, path, { ...request, token: caller?.token });

  async function signedIn(email: string, password: string): Promise<Shopper> {
    const { body } = await signIn(stack.url, email, password);
    return { mno: body.mno, email, token: body.accessToken };
  }

  const writeNotice = (title: string, isPrivate = false) =>
    call<NoticeDto>('POST', '/api/notice/', admin, {
      json: { title, content: `${title} 내용`, isPrivate, adno: 999_999 },
    });

  beforeAll(async () => {
    stack = await startAccountsStack('centre', {}, { board: true });
    board = stack.service('board').get(BoardDatabase);
    admin = await signedIn('admin@dealmarket.kr', 'admin1234!');
    seller = await signedIn('seller@dealmarket.kr', 'seller1234!');
    member = await joinShopper(stack.url, 'centre');
  });

  afterAll(async () => {
    await stack?.close();
  });

  beforeEach(async () => {
    await board.notice.deleteMany();
    await board.faq.deleteMany();
  });

  it('lists public notices newest first in the spec page shape; admins ask for private ones too', async () => {
    for (let n = 1; n <= 11; n++) expect((await writeNotice(`공지 ${n}`, n === 11)).status).toBe(201);

    const page = await call<PageResult<NoticeDto>>('GET', '/api/notice/list?page=1&size=10');
    expect(page.status).toBe(200);
    expect(page.body.dtoList.map((notice) => notice.title)).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `공지 ${n}`),
    );
    expect(page.body).toMatchObject({
      prev: false,
      next: false,
      pageNumList: [1],
      current: 1,
      totalCount: 10,
      pageRequestDTO: { page: 1, size: 10 },
    });
    const dashboard = await call<PageResult<NoticeDto>>('GET', '/api/notice/list?page=2&size=5', member);
    expect(dashboard.body.dtoList.map((notice) => notice.title)).toEqual(
      [5, 4, 3, 2, 1].map((n) => `공지 ${n}`),
    );

    const everything = '/api/notice/list?page=1&size=10&includePrivate=true';
    const asAdmin = await call<PageResult<NoticeDto>>('GET', everything, admin);
    expect(asAdmin.body.totalCount).toBe(11);
    expect(asAdmin.body.dtoList[0]).toMatchObject({ title: '공지 11', isPrivate: true, adno: admin.mno });
    expect((await call<{ error: string }>('GET', everything)).body.error).toBe(AuthErrors.requiredLogin);
    for (const caller of [member, seller]) {
      const refused = await call<{ error: string }>('GET', everything, caller);
      expect(refused).toEqual({
        status: 403,
        body: expect.objectContaining({ error: AuthErrors.accessDenied }),
      });
    }
  });

  it('shows a private notice to admins only; others get 404', async () => {
    const secret = (await writeNotice('내부 공지', true)).body;
    const open = (await writeNotice('공개 공지')).body;
    const path = `/api/notice/${encodeBase64Id(secret.nno)}`;
    for (const caller of [undefined, member, seller])
      expect((await call('GET', path, caller)).status).toBe(404);
    expect((await call<NoticeDto>('GET', path, admin)).body.title).toBe('내부 공지');
    const read = await call<NoticeDto>('GET', `/api/notice/${open.encodedId}`);
    expect(read.body).toMatchObject({ nno: open.nno, title: '공개 공지', content: '공개 공지 내용' });
    expect(typeof read.body.regDate).toBe('string');
    expect((await call('GET', '/api/notice/not-base64!')).status).toBe(400);
    expect((await call('GET', `/api/notice/${encodeBase64Id(999_999)}`)).status).toBe(404);
  });

  it('a visitor with an expired or forged token is not taken for a visitor', async () => {
    const answer = await call<{ error: string }>('GET', '/api/notice/list', {
      mno: 0,
      email: '',
      token: 'not-a-token',
    });
    expect(answer).toEqual({
      status: 401,
      body: expect.objectContaining({ error: AuthErrors.requiredLogin }),
    });
  });

  it('lets only admins write, with the writer taken from the token', async () => {
    const form = { title: '점검 안내', content: '새벽 점검', isPrivate: false, adno: member.mno };
    expect((await call('POST', '/api/notice/', undefined, { json: form })).status).toBe(401);
    for (const caller of [member, seller])
      expect((await call('POST', '/api/notice/', caller, { json: form })).status).toBe(403);
    expect(await board.notice.count()).toBe(0);

    const created = await call<NoticeDto>('POST', '/api/notice/', admin, { json: form });
    expect(created.status).toBe(201);
    expect((await board.notice.findUniqueOrThrow({ where: { nno: created.body.nno } })).adno).toBe(admin.mno);

    const path = `/api/notice/${encodeBase64Id(created.body.nno)}`;
    const edit = { nno: 12345, title: '점검 시간 변경', content: '새벽 3시', isPrivate: true };
    expect((await call('PUT', path, member, { json: edit })).status).toBe(403);
    expect((await call('DELETE', path, seller)).status).toBe(403);
    expect((await call('DELETE', path)).status).toBe(401);
    const edited = await call<NoticeDto>('PUT', path, admin, { json: edit });
    expect(edited.body).toMatchObject({ nno: created.body.nno, title: '점검 시간 변경', isPrivate: true });

    expect((await call('DELETE', path, admin)).status).toBe(204);
    expect((await call('GET', path, admin)).status).toBe(404);
    expect((await call('DELETE', path, admin)).status).toBe(404);
  });

  it.each([
    ['POST', { title: '', content: '내용' }, NoticeMessages.blank],
    ['POST', { title: '제목', content: '   ' }, NoticeMessages.blank],
    ['POST', { title: '가'.repeat(101), content: '내용' }, `title: ${NoticeMessages.titleTooLong}`],
    ['PUT', { title: '제목' }, NoticeMessages.blank],
  ])('refuses a %s of the notice %j and changes nothing', async (method, form, message) => {
    const existing = (await writeNotice('원래 제목')).body;
    const path = method === 'POST' ? '/api/notice/' : `/api/notice/${existing.encodedId}`;
    const answer = await call<{ message: string }>(method, path, admin, { json: form });
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ message }) });
    expect(await board.notice.findMany({ select: { title: true } })).toEqual([{ title: '원래 제목' }]);
  });

  it('keeps FAQs by the same rules', async () => {
    const write = (question: string, isPrivate: boolean) =>
      call<FaqDto>('POST', '/api/faq/', admin, {
        json: { question, answer: `${question}의 답`, isPrivate, adno: 1 },
      });
    const open = (await write('배송은 얼마나 걸리나요?', false)).body;
    const secret = (await write('내부 환불 기준', true)).body;
    expect(open.adno).toBe(admin.mno);

    const list = await call<PageResult<FaqDto>>('GET', '/api/faq/list?page=1&size=10');
    expect(list.body.dtoList.map((faq) => faq.question)).toEqual(['배송은 얼마나 걸리나요?']);
    const all = await call<PageResult<FaqDto>>('GET', '/api/faq/list?includePrivate=true', admin);
    expect(all.body.dtoList.map((faq) => faq.fno)).toEqual([secret.fno, open.fno]);
    expect((await call('GET', '/api/faq/list?includePrivate=true', member)).status).toBe(403);
    expect((await call('GET', `/api/faq/${encodeBase64Id(secret.fno)}`, member)).status).toBe(404);
    expect((await call<FaqDto>('GET', `/api/faq/${encodeBase64Id(secret.fno)}`, admin)).body.answer).toBe(
      '내부 환불 기준의 답',
    );

    const blank = await call<{ message: string }>('POST', '/api/faq/', admin, { json: { question: '질문' } });
    expect(blank).toEqual({ status: 400, body: expect.objectContaining({ message: FaqMessages.blank }) });
    const path = `/api/faq/${encodeBase64Id(open.fno)}`;
    expect((await call('PUT', path, member, { json: { question: 'q', answer: 'a' } })).status).toBe(403);
    const edited = await call<FaqDto>('PUT', path, admin, {
      json: { question: '배송 기간', answer: '하루' },
    });
    expect(edited.body).toMatchObject({ question: '배송 기간', answer: '하루' });
    expect((await call('DELETE', path, member)).status).toBe(403);
    expect((await call('DELETE', path, admin)).status).toBe(204);
    expect(await board.faq.count()).toBe(1);
  });

  it("counts today's distinct visitors for the admin", async () => {
    const count = async () =>
      (await call<VisitorCountDto>('GET', '/api/admin/visitor/count', admin)).body.counter;
    const before = await count();
    const first = await fetch(`${stack.url}/api/admin/visitor/log`, { method: 'POST' });
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
    await fetch(`${stack.url}/api/admin/visitor/log`, { method: 'POST', headers: { cookie } });
    await fetch(`${stack.url}/api/admin/visitor/log`, { method: 'POST' });
    expect(await count()).toBe(before + 2);
    expect((await call('GET', '/api/admin/visitor/count', member)).status).toBe(403);
    expect((await call('GET', '/api/admin/visitor/count')).status).toBe(401);
  });
});
