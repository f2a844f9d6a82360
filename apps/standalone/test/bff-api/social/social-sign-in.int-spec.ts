import { randomBytes } from 'node:crypto';
import type { LoginResult, MemberDto, SocialProvider, SocialProviderLink } from '@mkt/contracts';
import type { AccountsStack } from '../testing/accounts-stack';
import { callApi, JOIN_PASSWORD, joinRequest, startAccountsStack } from '../testing/accounts-stack';
import type { ProviderIdentity } from '../testing/social-sign-in';
import {
  authorizeAtProvider,
  exchangeCode,
  socialTicket,
  TEST_RETURN_ADDRESS,
} from '../testing/social-sign-in';
import type { LocalSocialProvider } from '../../../src/local-social-provider';
import { startLocalSocialProvider } from '../../../src/local-social-provider';
import { SocialGateway } from '@mkt/bff/testing';

jest.setTimeout(90_000);

/**
 * Kakao, Naver and Google sign-in through the BFF, each against the local stand-in that speaks the
 * provider's API, with the member service on PostgreSQL and the tickets and sessions in Redis.
 */
describe('social sign-in', () => {
  let stack: AccountsStack;
  let provider: LocalSocialProvider;
  let base: string;
  const run = randomBytes(3).toString('hex');
  const email = (name: string) => `${name}.${run}@example.kr`;
  const members = () => stack.members.member;

  const call = <T>(method: string, path: string, request: { token?: string; json?: unknown } = {}) =>
    callApi<T>(base, method, path, request);
  const authorize = (name: SocialProvider, identity: ProviderIdentity) =>
    authorizeAtProvider(base, name, identity);
  const exchange = (name: string, code: string) => exchangeCode(base, name, code);
  const finish = (name: string, ticket: string) =>
    call<LoginResult & { error?: string }>('GET', `/api/member/${name}/suc/${ticket}`, { token: ticket });
  const signIn = async (name: SocialProvider, identity: ProviderIdentity) =>
    finish(name, await socialTicket(base, name, identity));

  beforeAll(async () => {
    provider = await startLocalSocialProvider();
    stack = await startAccountsStack('social', { social: provider.settings });
    base = stack.url;
  });

  afterAll(async () => {
    await stack?.close();
    await provider?.close();
  });

  it('offers the three providers with their authorization pages', async () => {
    const { status, body } = await call<SocialProviderLink[]>('GET', '/api/member/social/providers');
    expect(status).toBe(200);
    expect(body.map((link) => link.provider)).toEqual(['kakao', 'naver', 'google']);
    for (const link of body) {
      const url = new URL(link.authorizeUrl);
      expect(url.searchParams.get('client_id')).toBe(`dev-${link.provider}`);
      expect(url.searchParams.get('response_type')).toBe('code');
    }
    expect(new URL(body[2].authorizeUrl).searchParams.get('scope')).toBe('openid email profile');
  });

  it.each(['kakao', 'naver', 'google'] as const)(
    '%s: the first sign-in creates a social member with a working session; the next finds the same member',
    async (name) => {
      const identity = { name: `${name} 회원`, email: email(`first-${name}`) };
      const first = await signIn(name, identity);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        formSns: true,
        role: 'MEMBER',
        membership: ['USER'],
        roleSet: ['USER'],
        totalPay: 0,
        m_name: identity.name,
        isBan: false,
      });
      expect(JSON.stringify(first.body)).not.toMatch(/scrypt|password|dev-.*-secret/i);
      const info = await call<MemberDto>('GET', `/api/member/info/${encodeURIComponent(first.body.email)}`, {
        token: first.body.accessToken,
      });
      expect(info.status).toBe(200);
      expect(info.body.mno).toBe(first.body.mno);
      const refreshed = await call<{ accessToken: string }>(
        'GET',
        `/api/member/refresh?refreshToken=${encodeURIComponent(first.body.refreshToken)}`,
      );
      expect(refreshed.status).toBe(200);

      const again = await signIn(name, identity);
      expect(again.status).toBe(200);
      expect(again.body.mno).toBe(first.body.mno);
      expect(await members().count({ where: { mno: first.body.mno } })).toBe(1);
    },
  );

  it('keeps a verified e-mail of Kakao and Google, and gives Naver sign-ins a placeholder address', async () => {
    const kakao = await signIn('kakao', { name: '카카오', email: email('kept-kakao') });
    expect(kakao.body.email).toBe(email('kept-kakao'));
    const naver = await signIn('naver', { name: '네이버', email: email('kept-naver') });
    expect(naver.body.email).toMatch(/^naver-[0-9a-f]{20}@sns\.dealmarket\.invalid$/);
  });

  it('links a verified e-mail to the member who joined with it, who keeps the password login', async () => {
    const joined = await call<MemberDto>('POST', '/api/member/join', {
      json: joinRequest(email('linked'), { m_name: '연결회원' }),
    });
    expect(joined.status).toBe(201);
    for (const name of ['kakao', 'google'] as const) {
      const signedIn = await signIn(name, { name: '다른 이름', email: email('linked') });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ mno: joined.body.mno, formSns: false, m_name: '연결회원' });
    }
    const accounts = await stack.members.socialAccount.findMany({ where: { mno: joined.body.mno } });
    expect(accounts.map((account) => account.provider).sort()).toEqual(['google', 'kakao']);
    const passwordLogin = await fetch(`${base}/api/member/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: email('linked'), password: JOIN_PASSWORD }),
    });
    expect(passwordLogin.status).toBe(200);
  });

  it('never links an unverified e-mail or a Naver e-mail to an existing member', async () => {
    const existing = await call<MemberDto>('POST', '/api/member/join', {
      json: joinRequest(email('unverified')),
    });
    const google = await signIn('google', { name: '사칭', email: email('unverified'), emailVerified: false });
    const naver = await signIn('naver', { name: '사칭', email: email('unverified') });
    for (const attempt of [google, naver]) {
      expect(attempt.status).toBe(200);
      expect(attempt.body.mno).not.toBe(existing.body.mno);
      expect(attempt.body.email).not.toBe(email('unverified'));
      expect(attempt.body.formSns).toBe(true);
    }
  });

  it('never signs anyone in as a seller or an admin, even with their verified e-mail', async () => {
    for (const staff of ['seller@dealmarket.kr', 'admin@dealmarket.kr']) {
      const signedIn = await signIn('google', { name: '직원 사칭', email: staff });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ role: 'MEMBER', roleSet: ['USER'], formSns: true });
      expect(signedIn.body.email).toMatch(/@sns\.dealmarket\.invalid$/);
    }
  });

  it('takes a ticket once, and only for the provider that issued it', async () => {
    const ticket = (await exchange('kakao', await authorize('kakao', { name: '한번', email: email('once') })))
      .body.accessToken;
    const elsewhere = await finish('google', ticket);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error).toBe('ERROR_SOCIAL_LOGIN');
    expect((await finish('kakao', ticket)).status).toBe(401);

    const fresh = (await exchange('kakao', await authorize('kakao', { name: '한번', email: email('once') })))
      .body.accessToken;
    expect((await finish('kakao', fresh)).status).toBe(200);
    const reused = await finish('kakao', fresh);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ error: 'ERROR_SOCIAL_LOGIN', message: expect.any(String) });
    expect(reused.body).not.toHaveProperty('accessToken');
  });

  it.each(['kakao', 'naver', 'google'] as const)(
    '%s: a made-up or spent code signs nobody in and creates nobody',
    async (name) => {
      const before = await members().count();
      const madeUp = await exchange(name, 'not-a-real-code');
      expect(madeUp.status).toBe(401);
      expect(madeUp.body.error).toBe('ERROR_SOCIAL_LOGIN');

      const code = await authorize(name, { name: '재사용', email: email(`spent-${name}`) });
      expect((await exchange(name, code)).status).toBe(200);
      expect((await exchange(name, code)).status).toBe(401);
      expect(await members().count()).toBe(before);
    },
  );

  it('refuses a code that was issued for another return address', async () => {
    const code = await authorize('google', { name: '주소', email: email('redirect') });
    const { status, body } = await call<{ error: string }>('POST', `/api/member/google/token/${code}`, {
      json: { redirect_uri: 'http://127.0.0.1:5173/elsewhere' },
    });
    expect(status).toBe(401);
    expect(body.error).toBe('ERROR_SOCIAL_LOGIN');
  });

  it('refuses a suspended member with ERROR_BANNED and no token', async () => {
    const identity = { name: '정지', email: email('banned') };
    const first = await signIn('kakao', identity);
    await members().update({ where: { mno: first.body.mno }, data: { isBan: true } });
    const refused = await signIn('kakao', identity);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERROR_BANNED');
    expect(refused.body).not.toHaveProperty('accessToken');
  });

  it('answers 404 for a provider it does not offer and 400 for a malformed request', async () => {
    const unknown = await call<{ error: string }>('POST', '/api/member/facebook/token/abc', {
      json: { redirect_uri: TEST_RETURN_ADDRESS },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('SOCIAL_PROVIDER_UNKNOWN');
    expect((await call('GET', '/api/member/facebook/suc/abc')).status).toBe(404);
    const noReturn = await call<{ message: string }>('POST', '/api/member/kakao/token/abc', { json: {} });
    expect(noReturn.status).toBe(400);
    expect(noReturn.body.message).toMatch(/redirect_uri/);
  });

  it('answers 502 with a readable message when the provider cannot be reached', async () => {
    const closed = 'http://127.0.0.1:9/token';
    const gateway = new SocialGateway({ kakao: { ...provider.settings.kakao!, tokenUrl: closed } });
    await expect(
      gateway.exchangeCode('kakao', 'code', { redirect_uri: TEST_RETURN_ADDRESS }),
    ).rejects.toMatchObject({
      status: 502,
      response: {
        error: 'SOCIAL_PROVIDER_UNAVAILABLE',
        message: expect.stringMatching(/카카오 로그인 서버/),
      },
    });
  });
});
