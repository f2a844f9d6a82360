import type { FaqDto, NoticeDto, Slice } from '@mkt/contracts';
import { FaqMessages, NoticeMessages } from '@mkt/contracts';
import type { TestService } from '@mkt/testing';
import { callService, startTestService } from '@mkt/testing';
import { boardService } from '../board.service';
import { BoardDatabase } from '../database';

jest.setTimeout(60_000);

const ADMIN = 7;

/** Notices and FAQs of the board service on its own PostgreSQL database. */
describe('customer centre (board service)', () => {
  let board: TestService;
  let db: BoardDatabase;

  const send = <T>(method: string, path: string, body?: unknown) => callService<T>(board, method, path, body);

  beforeAll(async () => {
    // Notices and FAQs never read catalog (inquiries do: their test has a catalog stand-in).
    board = await startTestService(boardService, { serviceUrls: { catalog: 'http://127.0.0.1:9' } });
    db = board.app.get(BoardDatabase);
  });

  afterAll(async () => {
    await board?.close();
  });

  beforeEach(async () => {
    await db.notice.deleteMany();
    await db.faq.deleteMany();
  });

  async function notice(title: string, isPrivate = false): Promise<NoticeDto> {
    const created = await send<NoticeDto>('POST', '/notices', {
      adno: ADMIN,
      title,
      content: `${title} 본문`,
      isPrivate,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  it('lists public notices newest first, ten to a page, and private ones only when asked', async () => {
    const made: NoticeDto[] = [];
    for (let n = 1; n <= 12; n++) made.push(await notice(`공지 ${n}`, n === 12 || n === 5));

    const first = await send<Slice<NoticeDto>>('GET', '/notices?page=1&size=10');
    expect(first.body.totalCount).toBe(10);
    expect(first.body.items.map((item) => item.title)).toEqual(
      [11, 10, 9, 8, 7, 6, 4, 3, 2, 1].map((n) => `공지 ${n}`),
    );
    const all = await send<Slice<NoticeDto>>('GET', '/notices?page=2&size=10&includePrivate=true');
    expect(all.body.totalCount).toBe(12);
    expect(all.body.items.map((item) => item.title)).toEqual(['공지 2', '공지 1']);
    const newest = (await send<Slice<NoticeDto>>('GET', '/notices?size=1&includePrivate=true')).body.items[0];
    expect(newest).toMatchObject({ nno: made[11].nno, isPrivate: true, adno: ADMIN });
    expect(newest.encodedId).toBe(Buffer.from(String(made[11].nno)).toString('base64'));
  });

  it('hides a private notice from readers not allowed private ones', async () => {
    const secret = await notice('내부 공지', true);
    const open = await notice('공개 공지');
    expect((await send('GET', `/notices/${secret.nno}`)).status).toBe(404);
    expect((await send<{ message: string }>('GET', `/notices/${secret.nno}`)).body.message).toBe(
      NoticeMessages.notFound,
    );
    expect((await send<NoticeDto>('GET', `/notices/${secret.nno}?includePrivate=true`)).body.title).toBe(
      '내부 공지',
    );
    expect((await send<NoticeDto>('GET', `/notices/${open.nno}`)).body.content).toBe('공개 공지 본문');
  });

  it.each([
    ['a blank title', { title: ' ', content: '본문' }, NoticeMessages.blank],
    ['an empty content', { title: '제목', content: '' }, NoticeMessages.blank],
    ['no content', { title: '제목' }, NoticeMessages.blank],
    [
      'a title of 101 characters',
      { title: 'x'.repeat(101), content: '본문' },
      `title: ${NoticeMessages.titleTooLong}`,
    ],
    [
      'a content of 5,001 characters',
      { title: '제목', content: 'x'.repeat(5_001) },
      `content: ${NoticeMessages.contentTooLong}`,
    ],
  ])('refuses a notice with %s, with its message, and stores nothing', async (_case, form, message) => {
    const answer = await send<{ message: string }>('POST', '/notices', { adno: ADMIN, ...form });
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ message }) });
    expect(await db.notice.count()).toBe(0);
  });

  it('refuses a notice without its writer', async () => {
    expect((await send('POST', '/notices', { title: '제목', content: '본문' })).status).toBe(400);
    expect(await db.notice.count()).toBe(0);
  });

  it('edits a notice (trimmed) and deletes it; unknown ones are not found', async () => {
    const written = await notice('처음 제목');
    const edited = await send<NoticeDto>('PUT', `/notices/${written.nno}`, {
      title: '  바뀐 제목 ',
      content: '바뀐 본문',
      isPrivate: true,
      adno: 999,
    });
    expect(edited.body).toMatchObject({ nno: written.nno, title: '바뀐 제목', isPrivate: true, adno: ADMIN });
    expect((await send('PUT', `/notices/${written.nno}`, { title: '', content: '' })).status).toBe(400);
    expect((await db.notice.findUniqueOrThrow({ where: { nno: written.nno } })).title).toBe('바뀐 제목');

    expect((await send('DELETE', `/notices/${written.nno}`)).status).toBe(204);
    expect((await send('DELETE', `/notices/${written.nno}`)).status).toBe(404);
    expect((await send('PUT', `/notices/${written.nno}`, { title: '제목', content: '본문' })).status).toBe(
      404,
    );
    expect((await send('GET', `/notices/abc`)).status).toBe(400);
  });

  it('keeps FAQs by the same rules', async () => {
    const made: FaqDto[] = [];
    for (const [question, isPrivate] of [
      ['가입은?', false],
      ['내부 기준', true],
      ['배송은?', false],
    ] as const) {
      const created = await send<FaqDto>('POST', '/faqs', {
        adno: ADMIN,
        question,
        answer: `${question} 답`,
        isPrivate,
      });
      expect(created.status).toBe(201);
      made.push(created.body);
    }
    const list = await send<Slice<FaqDto>>('GET', '/faqs?page=1&size=10');
    expect(list.body.items.map((faq) => faq.question)).toEqual(['배송은?', '가입은?']);
    expect((await send<Slice<FaqDto>>('GET', '/faqs?includePrivate=true')).body.totalCount).toBe(3);
    expect((await send('GET', `/faqs/${made[1].fno}`)).status).toBe(404);
    expect((await send<FaqDto>('GET', `/faqs/${made[1].fno}?includePrivate=true`)).body.answer).toBe(
      '내부 기준 답',
    );

    const blank = await send<{ message: string }>('POST', '/faqs', {
      adno: ADMIN,
      question: '질문',
      answer: '  ',
    });
    expect(blank).toEqual({ status: 400, body: expect.objectContaining({ message: FaqMessages.blank }) });
    const long = await send<{ message: string }>('PUT', `/faqs/${made[0].fno}`, {
      question: 'x'.repeat(201),
      answer: '답',
    });
    expect(long.body.message).toBe(`question: ${FaqMessages.questionTooLong}`);
    const edited = await send<FaqDto>('PUT', `/faqs/${made[0].fno}`, {
      question: '가입 방법',
      answer: '이메일로',
    });
    expect(edited.body).toMatchObject({ question: '가입 방법', isPrivate: false });
    expect((await send('DELETE', `/faqs/${made[0].fno}`)).status).toBe(204);
    expect(await db.faq.count()).toBe(2);
    expect((await send('GET', `/faqs/${made[0].fno}?includePrivate=true`)).status).toBe(404);
  });
});
