import jwt from 'jsonwebtoken';
import { randomBytes } from 'node:crypto';
import type { LoginResult, MemberDto } from '@mkt/contracts';
import type { AccountsStack, ApiRequest } from '../testing/accounts-stack';
import {
  callApi,
  JOIN_PASSWORD,
  joinRequest,
  sessionClock,
  signIn,
  startAccountsStack,
} from '../testing/accounts-stack';
import { ACCESS_TOKEN_ISSUER, LOGIN_LIMITS, signAccessToken } from '@mkt/bff/testing';

jest.setTimeout(90_000);

/** Join, sign-in, sessions and member information through the BFF, with member on PostgreSQL and sessions in Redis. */
describe('accounts API', () => {
  let stack: AccountsStack;
  let base: string;
  const run = randomBytes(3).toString('hex');
  const email = (name: string) => `${name}.${run}@example.kr`;
  const validJoin = (overrides: Record<string, unknown> = {}) => joinRequest(email('shopper'), overrides);
  const call = <T>(method: string, path: string, request?: ApiRequest) =>
    callApi<T>(base, method, path, request);
  const login = (username: string, password: string) => signIn(base, username, password);
  const clock = sessionClock();

  beforeAll(async () => {
    stack = await startAccountsStack('accounts', { sessionTiming: clock.sessionTiming });
    base = stack.url;
  });

  afterAll(() => stack?.close());

  describe('join', () => {
    it('creates a USER member with totalPay 0 whatever the client claims, and never answers the password', async () => {
      const { status, body } = await call<MemberDto>('POST', '/api/member/join', {
        json: { ...validJoin(), totalPay: 999_999, membership: ['PLATINUM'], role: 'ADMIN', isBan: true },
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({
        email: email('shopper'),
        totalPay: 0,
        membership: ['USER'],
        role: 'MEMBER',
        isBan: false,
        formSns: false,
      });
      expect(JSON.stringify(body)).not.toMatch(/scrypt|password/i);
      expect(JSON.stringify(body)).not.toContain(JOIN_PASSWORD);
      const stored = await stack.members.member.findUniqueOrThrow({ where: { email: email('shopper') } });
      expect(stored.passwordHash).toMatch(/^scrypt\$/);
    });

    it('refuses a second account with the same e-mail, in any letter case', async () => {
      const { status, body } = await call<{ error: string }>('POST', '/api/member/join', {
        json: validJoin({ email: email('shopper').toUpperCase() }),
      });
      expect(status).toBe(409);
      expect(body.error).toBe('DUPLICATE_EMAIL');
    });

    it.each([
      ['a malformed e-mail', { email: 'not-an-email' }, /이메일 형식/],
      ['a password without a symbol', { m_pw: 'secret123' }, /특수문자/],
      ['a password under 8 characters', { m_pw: 'se1!' }, /8자 이상/],
      ['a name with a symbol', { m_name: '홍길동!' }, /이름에는 특수문자/],
      ['a name of a lone jamo', { m_name: 'ㄱ' }, /낱자/],
      ['a name with lone jamo in it', { m_name: '김ㅁㅅ' }, /낱자/],
      ['a nickname with a symbol', { m_nickname: '길동#' }, /닉네임에는 특수문자/],
      ['a phone not starting with 01', { m_phoNum: '0212345678' }, /휴대폰/],
      ['a phone with dashes', { m_phoNum: '010-1234-5678' }, /휴대폰/],
      ['an empty address', { def_addr: '  ' }, /주소/],
      ['no gender', { isMan: undefined }, /성별/],
      ['no privacy consent', { info_agree: false }, /개인정보/],
    ])('refuses %s with a readable message and creates nothing', async (_case, overrides, message) => {
      const joinEmail = email(`bad${randomBytes(2).toString('hex')}`);
      const { status, body } = await call<{ message: string }>('POST', '/api/member/join', {
        json: validJoin({ email: joinEmail, ...overrides }),
      });
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
      expect(await stack.members.member.count({ where: { email: joinEmail } })).toBe(0);
    });
  });

  describe('login and sessions', () => {
    it('signs in with url-encoded and multipart forms, answering tokens, roleSet and the member', async () => {
      const encoded = await login('user@dealmarket.kr', 'user1234!');
      expect(encoded.status).toBe(200);
      expect(encoded.body).toMatchObject({
        mno: expect.any(Number),
        email: 'user@dealmarket.kr',
        roleSet: ['USER'],
      });
      expect(encoded.body.accessToken.split('.')).toHaveLength(3);
      expect(JSON.stringify(encoded.body)).not.toMatch(/scrypt|password/i);

      const form = new FormData();
      form.set('username', 'seller@dealmarket.kr');
      form.set('password', 'seller1234!');
      const multipart = await fetch(`${base}/api/member/login`, { method: 'POST', body: form });
      expect(multipart.status).toBe(200);
      expect(((await multipart.json()) as LoginResult).roleSet).toEqual(['SELLER']);
      expect((await login('admin@dealmarket.kr', 'admin1234!')).body.roleSet).toEqual(['ADMIN']);
    });

    it('answers wrong credentials and unknown accounts alike, with the error flag and no token', async () => {
      for (const attempt of [
        login('user@dealmarket.kr', 'wrong-pass1!'),
        login(email('nobody'), 'whatever1!'),
      ]) {
        const { status, body } = await attempt;
        expect(status).toBe(401);
        expect(body).toEqual({ error: 'ERROR_LOGIN', message: expect.any(String) });
      }
    });

    it('refuses a banned member', async () => {
      await call('POST', '/api/member/join', { json: validJoin({ email: email('banned') }) });
      await stack.members.member.update({ where: { email: email('banned') }, data: { isBan: true } });
      const { status, body } = await login(email('banned'), JOIN_PASSWORD);
      expect(status).toBe(403);
      expect(body.error).toBe('ERROR_BANNED');
      expect(body.accessToken).toBeUndefined();
    });

    it('rotates refresh tokens, and one used again after the grace revokes the whole session', async () => {
      const { body: session } = await login('user@dealmarket.kr', 'user1234!');
      const first = await call<{ accessToken: string; refreshToken: string }>(
        'GET',
        `/api/member/refresh?refreshToken=${session.refreshToken}`,
      );
      expect(first.status).toBe(200);
      expect(first.body.refreshToken).not.toBe(session.refreshToken);

      clock.passRefreshGrace();
      const replay = await call<{ error: string }>(
        'GET',
        `/api/member/refresh?refreshToken=${session.refreshToken}`,
      );
      expect(replay).toEqual({ status: 401, body: { error: 'ERROR_REFRESH', message: expect.any(String) } });
      const afterReplay = await call('GET', `/api/member/refresh?refreshToken=${first.body.refreshToken}`);
      expect(afterReplay.status).toBe(401);
    });

    it('ends the session on logout', async () => {
      const { body: session } = await login('user@dealmarket.kr', 'user1234!');
      expect(
        (await call('POST', '/api/member/logout', { json: { refreshToken: session.refreshToken } })).status,
      ).toBe(200);
      expect((await call('GET', `/api/member/refresh?refreshToken=${session.refreshToken}`)).status).toBe(
        401,
      );
    });

    it('stops refreshing a member banned after signing in', async () => {
      await call('POST', '/api/member/join', { json: validJoin({ email: email('later-banned') }) });
      const { body: session } = await login(email('later-banned'), JOIN_PASSWORD);
      await stack.members.member.update({ where: { email: email('later-banned') }, data: { isBan: true } });
      expect((await call('GET', `/api/member/refresh?refreshToken=${session.refreshToken}`)).status).toBe(
        401,
      );
    });

    it('counts wrong passwords of the re-check and of a password change against the same limit', async () => {
      await call('POST', '/api/member/join', { json: validJoin({ email: email('stolen-token') }) });
      const { accessToken } = (await login(email('stolen-token'), JOIN_PASSWORD)).body;
      const recheck = (password: string) =>
        call<{ error: boolean | string }>('POST', '/api/member/check-password', {
          token: accessToken,
          json: { email: email('stolen-token'), password },
        });
      const changePassword = () =>
        call<{ error: string }>('PUT', '/api/member/modify', {
          token: accessToken,
          json: { now_pw: 'wrong-pass1!', new_m_pw: 'another12!' },
        });
      for (let i = 0; i < LOGIN_LIMITS.perPair - 1; i++)
        expect((await recheck('wrong-pass1!')).body.error).toBe(true);
      expect((await changePassword()).body.error).toBe('WRONG_PASSWORD');

      for (const locked of [
        await recheck(JOIN_PASSWORD),
        await changePassword(),
        await login(email('stolen-token'), JOIN_PASSWORD),
      ]) {
        expect(locked.status).toBe(429);
        expect(locked.body.error).toBe('TOO_MANY_ATTEMPTS');
      }
    });
  });

  describe('who may read member information', () => {
    const infoOf = (target: string, token?: string) =>
      call<MemberDto & { error?: string }>('GET', `/api/member/info/${target}`, { token });
    const tokenOf = async (who: string, password: string) => (await login(who, password)).body.accessToken;

    it('answers visitor 401, the member itself 200, another member 403, a seller 403 and an admin 200', async () => {
      await call('POST', '/api/member/join', { json: validJoin({ email: email('other') }) });
      const target = 'user@dealmarket.kr';
      expect((await infoOf(target)).body.error).toBe('REQUIRED_LOGIN');
      expect((await infoOf(target, await tokenOf(target, 'user1234!'))).body.email).toBe(target);
      expect((await infoOf(target, await tokenOf(email('other'), JOIN_PASSWORD))).body.error).toBe(
        'ERROR_ACCESS_DENIED',
      );
      expect((await infoOf(target, await tokenOf('seller@dealmarket.kr', 'seller1234!'))).status).toBe(403);
      expect((await infoOf(target, await tokenOf('admin@dealmarket.kr', 'admin1234!'))).status).toBe(200);
    });

    it('tells an expired token (ERROR_TOKEN_ACCESS) from a forged one (REQUIRED_LOGIN)', async () => {
      const claims = { email: 'user@dealmarket.kr', role: 'MEMBER', roleSet: ['USER'] };
      const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, stack.jwtSecret, {
        subject: '1',
        issuer: ACCESS_TOKEN_ISSUER,
      });
      const forged = jwt.sign(claims, 'not-the-secret-not-the-secret-not-the', {
        subject: '1',
        issuer: ACCESS_TOKEN_ISSUER,
      });
      expect(await infoOf('user@dealmarket.kr', expired)).toEqual({
        status: 401,
        body: { error: 'ERROR_TOKEN_ACCESS', message: expect.any(String) },
      });
      expect((await infoOf('user@dealmarket.kr', forged)).body.error).toBe('REQUIRED_LOGIN');
    });
  });
  describe('profile', () => {
    it('re-checks the password of the caller only', async () => {
      const { body: session } = await login('user@dealmarket.kr', 'user1234!');
      const check = (password: string, who = 'user@dealmarket.kr') =>
        call<{ error: boolean }>('POST', '/api/member/check-password', {
          token: session.accessToken,
          json: { email: who, password },
        });
      expect((await check('user1234!')).body).toEqual({ error: false });
      expect((await check('nope-1234!')).body).toEqual({ error: true });
      expect((await check('admin1234!', 'admin@dealmarket.kr')).status).toBe(403);
    });

    it('changes the profile; a password change needs the current one and ends every session', async () => {
      await call('POST', '/api/member/join', { json: validJoin({ email: email('editor') }) });
      const { body: session } = await login(email('editor'), JOIN_PASSWORD);
      const modify = (json: Record<string, unknown>) =>
        call<MemberDto & { error?: string; message?: string }>('PUT', '/api/member/modify', {
          token: session.accessToken,
          json,
        });

      const renamed = await modify({
        m_nickname: '새닉네임',
        def_addr: '(06236) 서울 강남구 테헤란로 1 2층',
      });
      expect(renamed.body).toMatchObject({
        m_nickname: '새닉네임',
        def_addr: '(06236) 서울 강남구 테헤란로 1 2층',
        m_name: '홍길동',
      });
      expect((await modify({ m_name: '이름!' })).status).toBe(400);
      expect((await modify({ new_m_pw: 'another12!' })).body.message).toMatch(/현재 비밀번호/);
      expect((await modify({ now_pw: 'wrong-1234!', new_m_pw: 'another12!' })).body.error).toBe(
        'WRONG_PASSWORD',
      );
      expect((await modify({ mno: 1, m_nickname: '남의정보' })).status).toBe(403);

      expect((await modify({ now_pw: JOIN_PASSWORD, new_m_pw: 'another12!' })).status).toBe(200);
      expect((await call('GET', `/api/member/refresh?refreshToken=${session.refreshToken}`)).status).toBe(
        401,
      );
      expect((await login(email('editor'), JOIN_PASSWORD)).status).toBe(401);
      expect((await login(email('editor'), 'another12!')).status).toBe(200);
    });

    it('changes def_addr and reads it back; a road part of 2 characters or less is 400 and changes nothing', async () => {
      await call('POST', '/api/member/join', { json: validJoin({ email: email('mover') }) });
      const { body: session } = await login(email('mover'), JOIN_PASSWORD);
      const token = session.accessToken;
      const newAddress = '(04524) 서울 중구 세종대로 110 3층';
      const infoPath = `/api/member/info/${email('mover')}`;

      const saved = await call<MemberDto>('PUT', '/api/member/modify', {
        token,
        json: { def_addr: newAddress },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.def_addr).toBe(newAddress);
      expect((await call<MemberDto>('GET', infoPath, { token })).body.def_addr).toBe(newAddress);

      for (const def_addr of ['(06236) 서울', '(06236)', '   ']) {
        const refused = await call<{ error: string; message: string }>('PUT', '/api/member/modify', {
          token,
          json: { def_addr },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe('def_addr: 변경할 주소를 입력해 주세요.');
      }
      expect((await call<MemberDto>('GET', infoPath, { token })).body.def_addr).toBe(newAddress);
    });

    it('lets a social sign-in member change def_addr only', async () => {
      // A social sign-in account has no password to log in with: it is created directly and given a signed token.
      const social = await stack.members.member.create({
        data: {
          email: email('social'),
          passwordHash: null,
          mName: '소셜회원',
          mNickname: '소셜',
          mPhoNum: '01011112222',
          defAddr: '(06236) 서울 강남구 테헤란로 1',
          isMan: false,
          infoAgree: true,
          formSns: true,
        },
      });
      const token = signAccessToken(
        { mno: social.mno, email: social.email, role: 'MEMBER', roleSet: ['USER'] },
        stack.jwtSecret,
      );
      const modify = (json: Record<string, unknown>) =>
        call<MemberDto & { error?: string; message?: string }>('PUT', '/api/member/modify', { token, json });

      const moved = await modify({ def_addr: '(04524) 서울 중구 세종대로 110 3층' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ def_addr: '(04524) 서울 중구 세종대로 110 3층', formSns: true });

      for (const change of [
        { m_name: '새이름' },
        { def_addr: '(06236) 서울 강남구 테헤란로 2', m_nickname: '바꿈' },
        { now_pw: 'whatever1!', new_m_pw: 'another12!' },
      ]) {
        const refused = await modify(change);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({
          error: 'ERROR_SNS_MEMBER',
          message: 'SNS 로그인 회원은 정보를 수정할 수 없습니다.',
        });
      }
      const stored = await stack.members.member.findUniqueOrThrow({ where: { mno: social.mno } });
      expect(stored).toMatchObject({
        mName: '소셜회원',
        mNickname: '소셜',
        defAddr: '(04524) 서울 중구 세종대로 110 3층',
        passwordHash: null,
      });
    });
  });

  describe('user management (admin)', () => {
    const b64 = (mno: number) => Buffer.from(String(mno)).toString('base64');

    it('lists members 10 a page for admins only', async () => {
      const admin = (await login('admin@dealmarket.kr', 'admin1234!')).body.accessToken;
      const page = await call<{ dtoList: MemberDto[]; totalCount: number; pageRequestDTO: { size: number } }>(
        'GET',
        '/api/member/list?page=1&size=10',
        { token: admin },
      );
      expect(page.status).toBe(200);
      expect(page.body.pageRequestDTO.size).toBe(10);
      expect(page.body.dtoList.length).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify(page.body)).not.toMatch(/scrypt/);
      const shopper = (await login('user@dealmarket.kr', 'user1234!')).body.accessToken;
      expect((await call('GET', '/api/member/list', { token: shopper })).status).toBe(403);
    });

    it('suspends a member (ending their sessions, announcing member.banned) and lifts it', async () => {
      await call('POST', '/api/member/join', { json: validJoin({ email: email('suspended') }) });
      const { body: session } = await login(email('suspended'), JOIN_PASSWORD);
      const admin = (await login('admin@dealmarket.kr', 'admin1234!')).body.accessToken;
      const infoPath = `/api/member/info/${encodeURIComponent(email('suspended'))}`;
      expect((await call('GET', infoPath, { token: session.accessToken })).status).toBe(200);

      const banned = await call<MemberDto>('PUT', `/api/admin/ban/${b64(session.mno)}`, { token: admin });
      expect(banned.body).toMatchObject({ mno: session.mno, isBan: true });
      expect((await call('GET', `/api/member/refresh?refreshToken=${session.refreshToken}`)).status).toBe(
        401,
      );
      expect((await login(email('suspended'), JOIN_PASSWORD)).status).toBe(403);
      // The access token signed before the ban stops working at once, not when it expires.
      expect((await call('GET', infoPath, { token: session.accessToken })).status).toBe(401);
      expect(
        (await call<MemberDto>('GET', `/api/admin/${b64(session.mno)}`, { token: admin })).body.isBan,
      ).toBe(true);
      const events = await stack.members.$queryRawUnsafe<{ event_type: string }[]>(
        'SELECT event_type FROM outbox_event WHERE message_key = $1',
        String(session.mno),
      );
      expect(events.map((e) => e.event_type)).toEqual(['member.banned']);

      await call('PUT', `/api/admin/unban/${b64(session.mno)}`, { token: admin });
      const again = await login(email('suspended'), JOIN_PASSWORD);
      expect(again.status).toBe(200);
      expect((await call('GET', infoPath, { token: again.body.accessToken })).status).toBe(200);
    });

    it('refuses to suspend an admin, bad ids, and non-admins', async () => {
      const admin = await login('admin@dealmarket.kr', 'admin1234!');
      expect(
        (await call('PUT', `/api/admin/ban/${b64(admin.body.mno)}`, { token: admin.body.accessToken }))
          .status,
      ).toBe(400);
      expect((await call('PUT', '/api/admin/ban/%%%', { token: admin.body.accessToken })).status).toBe(400);
      const seller = (await login('seller@dealmarket.kr', 'seller1234!')).body.accessToken;
      expect((await call('PUT', `/api/admin/ban/${b64(1)}`, { token: seller })).status).toBe(403);
    });
  });

  describe('visitor counters', () => {
    it('counts visits per day and hour and distinct visitors, readable by admins only', async () => {
      const first = await fetch(`${base}/api/admin/visitor/log`, { method: 'POST' });
      expect(first.status).toBe(204);
      const cookie = first.headers.get('set-cookie')?.split(';')[0] ?? '';
      expect(cookie).toMatch(/^mkt_vid=[0-9a-f-]{36}$/);
      // The same visitor again within the hour is not another visit; a call without the cookie is a new visitor.
      await fetch(`${base}/api/admin/visitor/log`, { method: 'POST', headers: { cookie } });
      await fetch(`${base}/api/admin/visitor/log`, { method: 'POST' });

      const admin = (await login('admin@dealmarket.kr', 'admin1234!')).body.accessToken;
      const daily = await call<{ date: string; visits: number; visitors: number }[]>(
        'GET',
        '/api/admin/visitor/daily?days=3',
        { token: admin },
      );
      expect(daily.status).toBe(200);
      expect(daily.body).toHaveLength(3);
      const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
      expect(daily.body[2]).toEqual({ date: today, visits: 2, visitors: 2 });

      const hourly = await call<{ hour: number; visits: number }[]>('GET', '/api/admin/visitor/hourly', {
        token: admin,
      });
      expect(hourly.body).toHaveLength(24);
      expect(hourly.body.reduce((sum, h) => sum + h.visits, 0)).toBe(2);

      expect((await call('GET', '/api/admin/visitor/daily')).status).toBe(401);
      const shopper = (await login('user@dealmarket.kr', 'user1234!')).body.accessToken;
      expect((await call('GET', '/api/admin/visitor/daily', { token: shopper })).status).toBe(403);
      expect((await call('GET', '/api/admin/visitor/daily?days=99', { token: admin })).status).toBe(400);
    });
  });
});
