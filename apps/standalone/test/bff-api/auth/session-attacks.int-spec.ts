import { randomBytes } from 'node:crypto';
import type { LoginResult, MemberDto } from '@mkt/contracts';
import { eventually, mailsTo, resetLinkIn } from '@mkt/testing';
import type { AccountsStack, ApiRequest } from '../testing/accounts-stack';
import {
  callApi,
  JOIN_PASSWORD,
  joinRequest,
  sendApiRequest,
  sessionClock,
  signIn,
  startAccountsStack,
} from '../testing/accounts-stack';

jest.setTimeout(90_000);

const PARTNER = 'https://partner.example';

type Answer = LoginResult & { error?: string; message?: string; result?: string };

/**
 * The session attacks of issue 22: tokens outliving their session, cookie-authenticated writes
 * from other sites, per-member answers a shared cache could keep, and the web app's HttpOnly
 * per-role sessions; and the password reset that ends them all.
 */
describe('sessions an attacker cannot bend', () => {
  let stack: AccountsStack;
  let base: string;
  const run = randomBytes(3).toString('hex');
  const email = (name: string) => `${name}.${run}@example.kr`;
  const call = <T = Answer>(method: string, path: string, request?: ApiRequest) =>
    callApi<T>(base, method, path, request);
  const infoPath = (address: string) => `/api/member/info/${encodeURIComponent(address)}`;

  async function joined(name: string): Promise<LoginResult> {
    await call('POST', '/api/member/join', { json: joinRequest(email(name)) });
    const { status, body } = await signIn(base, email(name), JOIN_PASSWORD);
    expect(status).toBe(200);
    return body;
  }

  const clock = sessionClock();

  /** The spec client's own cookie: the whole login answer as JSON, written by its script. */
  const specCookie = (session: LoginResult) => `member=${encodeURIComponent(JSON.stringify(session))}`;

  beforeAll(async () => {
    // One BFF only: a second in this process would take over the first's token checks (passport's strategies are global).
    stack = await startAccountsStack('sessions', {
      corsOrigins: [PARTNER],
      sessionTiming: clock.sessionTiming,
    });
    base = stack.url;
  });

  afterAll(() => stack?.close());

  describe('access tokens end with their session', () => {
    it('at logout', async () => {
      const session = await joined('logout');
      expect((await call('GET', infoPath(session.email), { token: session.accessToken })).status).toBe(200);
      await call('POST', '/api/member/logout', { json: { refreshToken: session.refreshToken } });
      const after = await call('GET', infoPath(session.email), { token: session.accessToken });
      expect(after).toEqual({
        status: 401,
        body: { error: 'ERROR_SESSION_ENDED', message: expect.any(String) },
      });
    });

    it('when a copied refresh token is used again (the whole family ends)', async () => {
      const session = await joined('reuse');
      const rotated = await call<{ accessToken: string; refreshToken: string }>(
        'GET',
        `/api/member/refresh?refreshToken=${session.refreshToken}`,
      );
      expect(rotated.status).toBe(200);
      clock.passRefreshGrace();
      // The thief replays the old refresh token: the session ends, tokens before and after the rotation too.
      expect((await call('GET', `/api/member/refresh?refreshToken=${session.refreshToken}`)).status).toBe(
        401,
      );
      for (const token of [session.accessToken, rotated.body.accessToken]) {
        const after = await call('GET', infoPath(session.email), { token });
        expect(after.status).toBe(401);
        expect(after.body.error).toBe('ERROR_SESSION_ENDED');
      }
    });

    it('at a ban, with a message saying so', async () => {
      const session = await joined('banned');
      const admin = (await signIn(base, 'admin@dealmarket.kr', 'admin1234!')).body.accessToken;
      const b64 = Buffer.from(String(session.mno)).toString('base64');
      expect((await call('PUT', `/api/admin/ban/${b64}`, { token: admin })).status).toBe(200);
      const after = await call('GET', infoPath(session.email), { token: session.accessToken });
      expect(after).toEqual({
        status: 401,
        body: {
          error: 'ERROR_SESSION_ENDED',
          message: '이용이 정지된 계정입니다. 고객센터로 문의해 주세요.',
        },
      });
    });

    it('at a password change, every session of the member', async () => {
      const session = await joined('changer');
      const other = (await signIn(base, email('changer'), JOIN_PASSWORD)).body;
      const changed = await call('PUT', '/api/member/modify', {
        token: session.accessToken,
        json: { now_pw: JOIN_PASSWORD, new_m_pw: 'changed12!' },
      });
      expect(changed.status).toBe(200);
      for (const token of [session.accessToken, other.accessToken]) {
        const after = await call('GET', infoPath(session.email), { token });
        expect(after.status).toBe(401);
        expect(after.body.error).toBe('ERROR_SESSION_ENDED');
      }
    });
  });

  describe('cookie-authenticated writes', () => {
    const modifyWithCookie = (session: LoginResult, origin: string | undefined, defAddr: string) =>
      call<MemberDto & { error?: string }>('PUT', '/api/member/modify', {
        json: { def_addr: defAddr },
        headers: { cookie: specCookie(session), ...(origin ? { origin } : {}) },
      });

    it('are refused from another site, changing nothing, and accepted from our own pages', async () => {
      const session = await joined('csrf');
      const crossSite = await modifyWithCookie(
        session,
        'https://evil.example',
        '(06236) 서울 강남구 해커로 1',
      );
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.error).toBe('ERROR_CROSS_SITE');
      expect((await modifyWithCookie(session, undefined, '(06236) 서울 강남구 해커로 2')).status).toBe(403);
      const unchanged = await call<MemberDto>('GET', infoPath(session.email), { token: session.accessToken });
      expect(unchanged.body.def_addr).toBe(joinRequest(session.email).def_addr);

      const own = await modifyWithCookie(session, new URL(base).origin, '(04524) 서울 중구 세종대로 110 2층');
      expect(own.status).toBe(200);
      expect(own.body.def_addr).toBe('(04524) 서울 중구 세종대로 110 2층');
    });

    it('from an allowed CORS origin pass', async () => {
      const session = await joined('cors');
      const answer = await call<MemberDto>('PUT', '/api/member/modify', {
        json: { def_addr: '(04524) 서울 중구 세종대로 110 3층' },
        headers: { cookie: specCookie(session), origin: PARTNER },
      });
      expect(answer.status).toBe(200);
    });
  });

  it('marks every per-member answer private, varying by Cookie and Authorization', async () => {
    const session = await joined('private');
    for (const request of [{ token: session.accessToken }, { headers: { cookie: specCookie(session) } }]) {
      const response = await sendApiRequest(base, 'GET', infoPath(session.email), request);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      const vary = (response.headers.get('vary') ?? '').toLowerCase();
      expect(vary).toContain('cookie');
      expect(vary).toContain('authorization');
    }
    const visitor = await sendApiRequest(base, 'GET', '/api/notice/list?page=1&size=10');
    expect((visitor.headers.get('vary') ?? '').toLowerCase()).toContain('cookie');
  });

  describe("the web app's sessions", () => {
    /** A browser's cookie jar, enough for one origin. */
    class Jar {
      private readonly cookies = new Map<string, string>();
      readonly raw: string[] = [];

      take(response: Response): void {
        for (const line of response.headers.getSetCookie()) {
          this.raw.push(line);
          const [pair] = line.split(';');
          const at = pair.indexOf('=');
          const name = pair.slice(0, at);
          const value = pair.slice(at + 1);
          if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.set(name, value);
          else this.cookies.delete(name);
        }
      }

      header(): string {
        return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      }
    }

    const origin = () => new URL(base).origin;
    async function webCall(jar: Jar, role: string, method: string, path: string, request: ApiRequest = {}) {
      const response = await sendApiRequest(base, method, path, {
        ...request,
        headers: { cookie: jar.header(), 'x-mkt-session': role, origin: origin(), ...request.headers },
      });
      jar.take(response);
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Answer };
    }
    const webSignIn = (jar: Jar, role: string, username: string, password: string) =>
      webCall(jar, role, 'POST', '/api/member/login', { form: { username, password } });

    it('keep the tokens in HttpOnly, Secure, SameSite cookies, one pair per role, each used by its own console', async () => {
      const jar = new Jar();
      const shopper = await webSignIn(jar, 'any', 'user@dealmarket.kr', 'user1234!');
      expect(shopper.status).toBe(200);
      expect(shopper.body).toMatchObject({ email: 'user@dealmarket.kr', roleSet: ['USER'] });
      expect(shopper.body.accessToken).toBeUndefined();
      expect(shopper.body.refreshToken).toBeUndefined();
      const tokenCookies = jar.raw.filter((line) => !line.startsWith('mkt-member-renewed='));
      expect(tokenCookies).toHaveLength(2);
      for (const line of tokenCookies) {
        expect(line).toMatch(/^mkt-member-(access|refresh)=/);
        expect(line).toMatch(/; HttpOnly/);
        expect(line).toMatch(/; Secure/);
        expect(line).toMatch(/; SameSite=Strict/);
      }
      // Beside them, when they were renewed, for the tabs' scripts: a time, no token.
      const renewed = jar.raw.find((line) => line.startsWith('mkt-member-renewed='));
      expect(renewed).toMatch(/^mkt-member-renewed=\d+;/);
      expect(renewed).not.toMatch(/HttpOnly/);

      expect((await webSignIn(jar, 'seller', 'seller@dealmarket.kr', 'seller1234!')).status).toBe(200);
      // The shopper's session is still there, and each role's calls use that role's own token.
      expect((await webCall(jar, 'member', 'GET', infoPath('user@dealmarket.kr'))).status).toBe(200);
      expect((await webCall(jar, 'seller', 'GET', infoPath('seller@dealmarket.kr'))).status).toBe(200);
      expect((await webCall(jar, 'seller', 'GET', infoPath('user@dealmarket.kr'))).status).toBe(403);
      // Without the header the HttpOnly cookies sign nobody in (a page of another site cannot set it).
      const bare = await sendApiRequest(base, 'GET', infoPath('user@dealmarket.kr'), {
        headers: { cookie: jar.header() },
      });
      expect(bare.status).toBe(401);

      // Signing out of the console leaves the shopper signed in.
      expect((await webCall(jar, 'seller', 'POST', '/api/member/logout')).status).toBe(200);
      expect((await webCall(jar, 'seller', 'GET', infoPath('seller@dealmarket.kr'))).status).toBe(401);
      expect((await webCall(jar, 'member', 'GET', infoPath('user@dealmarket.kr'))).status).toBe(200);
    });

    it("start no session when the account is not the console's role", async () => {
      const jar = new Jar();
      const wrongRole = await webSignIn(jar, 'seller', 'user@dealmarket.kr', 'user1234!');
      expect(wrongRole.status).toBe(200);
      expect(wrongRole.body.roleSet).toEqual(['USER']);
      expect(jar.raw).toEqual([]);
    });

    it('refresh through the role cookie, rotating it', async () => {
      const jar = new Jar();
      await webSignIn(jar, 'any', 'user@dealmarket.kr', 'user1234!');
      const before = jar.header();
      const refreshed = await webCall(jar, 'member', 'GET', '/api/member/refresh');
      expect(refreshed).toEqual({ status: 200, body: { result: 'ok' } });
      expect(jar.header()).not.toBe(before);
      // The sign-in and the refresh each said when.
      expect(jar.raw.filter((line) => line.startsWith('mkt-member-renewed='))).toHaveLength(2);
      expect((await webCall(jar, 'member', 'GET', infoPath('user@dealmarket.kr'))).status).toBe(200);
      clock.passRefreshGrace();
      const stale = await sendApiRequest(base, 'GET', '/api/member/refresh', {
        headers: { cookie: before, 'x-mkt-session': 'member' },
      });
      expect(stale.status).toBe(401);
    });
  });

  describe('two tabs refreshing one session at once', () => {
    it("both keep the web app's session: one successor for the same refresh cookie", async () => {
      const login = await sendApiRequest(base, 'POST', '/api/member/login', {
        form: { username: 'user@dealmarket.kr', password: 'user1234!' },
        headers: { 'x-mkt-session': 'any', origin: new URL(base).origin },
      });
      const cookie = login.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const tabs = await Promise.all(
        [1, 2].map(() =>
          sendApiRequest(base, 'GET', '/api/member/refresh', {
            headers: { cookie, 'x-mkt-session': 'member' },
          }),
        ),
      );
      expect(tabs.map((tab) => tab.status)).toEqual([200, 200]);
      const refreshCookies = tabs.map((tab) =>
        tab.headers.getSetCookie().find((line) => line.startsWith('mkt-member-refresh=')),
      );
      expect(refreshCookies[0]?.split(';')[0]).toBe(refreshCookies[1]?.split(';')[0]);
      for (const tab of tabs) {
        const next = tab.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
        const info = await call('GET', infoPath('user@dealmarket.kr'), {
          headers: { cookie: next, 'x-mkt-session': 'member' },
        });
        expect(info.status).toBe(200);
      }
    });

    it("both keep the spec client's session, and the token still counts as copied after the grace", async () => {
      const session = await joined('two-tabs');
      const refresh = (token: string) =>
        call<{ accessToken: string; refreshToken: string }>(
          'GET',
          `/api/member/refresh?refreshToken=${token}`,
        );
      const [one, two] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
      expect([one.status, two.status]).toEqual([200, 200]);
      expect(one.body.refreshToken).toBe(two.body.refreshToken);
      for (const { body } of [one, two])
        expect((await call('GET', infoPath(session.email), { token: body.accessToken })).status).toBe(200);

      clock.passRefreshGrace();
      expect((await refresh(session.refreshToken)).status).toBe(401);
      const after = await call('GET', infoPath(session.email), { token: one.body.accessToken });
      expect(after.body.error).toBe('ERROR_SESSION_ENDED');
    });
  });

  describe('password reset', () => {
    const ask = (address: string) => call('POST', '/api/member/password-reset', { json: { email: address } });
    const confirm = (token: string, password: string) =>
      call('POST', '/api/member/password-reset/confirm', { json: { token, password } });
    const tokenOf = (link: string) => new URL(link).hash.replace('#token=', '');

    const linkFor = (address: string) =>
      eventually(async () => {
        const mails = await mailsTo(stack.mailFolder, address);
        if (!mails.length) throw new Error(`no mail to ${address} yet`);
        return resetLinkIn(mails[mails.length - 1]);
      });

    it('answers alike for an account and an unknown address, and mails only the account', async () => {
      await joined('forgetful');
      const known = await ask(email('forgetful'));
      const unknown = await ask(email('nobody'));
      expect(known).toEqual(unknown);
      expect(known).toEqual({ status: 200, body: { result: 'ok' } });
      const link = await linkFor(email('forgetful'));
      expect(link).toMatch(new RegExp(`^${base}/member/reset-password#token=`));
      expect(await mailsTo(stack.mailFolder, email('nobody'))).toEqual([]);
    });

    it('sets the new password once, ending every session, refresh and access tokens alike', async () => {
      const session = await joined('resetter');
      await ask(email('resetter'));
      const token = tokenOf(await linkFor(email('resetter')));

      expect((await confirm(token, 'short')).status).toBe(400);
      expect(await confirm(token, 'renewed12!')).toEqual({ status: 200, body: { result: 'ok' } });
      const after = await call('GET', infoPath(session.email), { token: session.accessToken });
      expect(after.status).toBe(401);
      expect(after.body.error).toBe('ERROR_SESSION_ENDED');
      expect((await call('GET', `/api/member/refresh?refreshToken=${session.refreshToken}`)).status).toBe(
        401,
      );
      expect((await signIn(base, email('resetter'), JOIN_PASSWORD)).status).toBe(401);
      expect((await signIn(base, email('resetter'), 'renewed12!')).status).toBe(200);

      const again = await confirm(token, 'another12!');
      expect(again.status).toBe(400);
      expect(again.body.error).toBe('RESET_LINK_INVALID');
    });

    it('voids a link sent before the password changed', async () => {
      const session = await joined('stale-link');
      await ask(email('stale-link'));
      const token = tokenOf(await linkFor(email('stale-link')));
      await call('PUT', '/api/member/modify', {
        token: session.accessToken,
        json: { now_pw: JOIN_PASSWORD, new_m_pw: 'changed12!' },
      });
      expect((await confirm(token, 'renewed12!')).body.error).toBe('RESET_LINK_INVALID');
      expect((await signIn(base, email('stale-link'), 'changed12!')).status).toBe(200);
    });
  });
});
