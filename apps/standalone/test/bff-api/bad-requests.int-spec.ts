import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorBody } from '@mkt/http';
import type { RunningStandalone } from '../../src/standalone';
import { startStandalone } from '../../src/standalone';
import { joinRequest } from './testing/accounts-stack';

jest.setTimeout(120_000);

const CONTROL_CHARACTER_MESSAGE = '제어 문자(NUL 등)는 입력할 수 없습니다.';
/** Over body-parser's 100 KB limit. */
const OVERSIZED_JSON = JSON.stringify({ m_name: 'x'.repeat(200_000) });

/** Input the server cannot use answers 4xx with a Korean `{error, message}`, never 5xx. */
describe('bad requests', () => {
  let app: RunningStandalone;
  let memberServiceUrl: string;

  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, init);
    return { status: response.status, body: (await response.json()) as ErrorBody };
  };
  const postJson = (url: string, body: string, contentType = 'application/json') =>
    send(url, { method: 'POST', headers: { 'content-type': contentType }, body });

  beforeAll(async () => {
    app = await startStandalone({
      dataDir: mkdtempSync(join(tmpdir(), 'bff-bad-requests-')),
      inMemory: true,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'error',
      demoProductsPerCategory: 1,
    });
    memberServiceUrl = await app.service('member').getUrl();
  });
  afterAll(() => app.close());

  it.each([
    ['a NUL', '%00'],
    ['a NUL inside a word', `${encodeURIComponent('김치')}%00`],
    ['an escape', 'a%1Bb'],
  ])('refuses %s in the search keyword, at the BFF and at catalog', async (_name, keyword) => {
    const fromBff = await send(`${app.url}/api/product/list?keyword=${keyword}`);
    expect(fromBff).toEqual({
      status: 400,
      body: { error: 'BAD_REQUEST', message: `keyword: ${CONTROL_CHARACTER_MESSAGE}` },
    });
    const catalogUrl = await app.service('catalog').getUrl();
    expect((await send(`${catalogUrl}/products?keyword=${keyword}`)).status).toBe(400);
  });

  it('refuses a control character in a form field and in a JSON field', async () => {
    const login = await send(`${app.url}/api/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=user%00@dealmarket.kr&password=user1234!',
    });
    expect(login).toEqual({
      status: 400,
      body: { error: 'BAD_REQUEST', message: `username: ${CONTROL_CHARACTER_MESSAGE}` },
    });
    const joined = await postJson(
      `${app.url}/api/member/join`,
      JSON.stringify(joinRequest('nul@example.kr', { def_addr: '(04524) 서울 중구\u0000 세종대로 110' })),
    );
    expect(joined).toEqual({
      status: 400,
      body: { error: 'BAD_REQUEST', message: `def_addr: ${CONTROL_CHARACTER_MESSAGE}` },
    });
  });

  it('answers a JSON body over the size limit with 413 PAYLOAD_TOO_LARGE, at the BFF and at a service', async () => {
    for (const url of [`${app.url}/api/member/join`, `${memberServiceUrl}/members`]) {
      expect(await postJson(url, OVERSIZED_JSON)).toEqual({
        status: 413,
        body: { error: 'PAYLOAD_TOO_LARGE', message: '요청 본문이 너무 큽니다.' },
      });
    }
  });

  it('answers malformed JSON with 400 and a Korean message, at the BFF and at a service', async () => {
    for (const url of [`${app.url}/api/member/join`, `${memberServiceUrl}/members`]) {
      const answer = await postJson(url, '{"email": ');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'BAD_REQUEST', message: expect.stringMatching(/JSON/) });
      expect(answer.body.message).toMatch(/요청을 읽을 수 없습니다/);
    }
  });

  it('answers a body in a character set it cannot read with 415', async () => {
    const answer = await postJson(`${app.url}/api/member/join`, '{}', 'application/json; charset=klingon');
    expect(answer).toEqual({
      status: 415,
      body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringMatching(/지원하지 않습니다/) },
    });
  });

  it('answers a path with a broken %-escape, and a file sent to the login form, with 400 in Korean', async () => {
    const brokenEscape = await send(`${app.url}/api/product/%FF`);
    expect(brokenEscape.status).toBe(400);
    expect(brokenEscape.body.message).toMatch(/요청을 읽을 수 없습니다/);

    // A query's broken escape too (the query parser would keep `%ZZ` as text), at the BFF and at a service.
    for (const query of ['keyword=%ZZ', 'keyword=%E0%A4%A', 'keyword=%FF']) {
      const brokenQuery = await send(`${app.url}/api/product/list?${query}`);
      expect([brokenQuery.status, brokenQuery.body.message]).toEqual([
        400,
        expect.stringMatching(/요청을 읽을 수 없습니다/),
      ]);
    }
    expect((await send(`${memberServiceUrl}/health/live?x=%ZZ`)).status).toBe(400);
    expect((await fetch(`${app.url}/api/product/list?keyword=%EA%B9%80%EC%B9%98`)).status).toBe(200);

    const form = new FormData();
    form.set('username', 'user@dealmarket.kr');
    form.set('password', 'user1234!');
    form.set('photo', new Blob(['x']), 'photo.png');
    const withFile = await send(`${app.url}/api/member/login`, { method: 'POST', body: form });
    expect(withFile.status).toBe(400);
    expect(withFile.body.message).toMatch(/요청을 읽을 수 없습니다/);
  });
});
