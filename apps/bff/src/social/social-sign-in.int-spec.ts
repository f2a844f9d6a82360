import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResult, MemberDto, SocialProvider, SocialProviderLink } from '@mkt/contracts';
import { KafkaTransport } from '@mkt/messaging';
import { JsonLogger, startService } from '@mkt/platform';
import type { TestDatabase } from '@mkt/testing';
import { createTestDatabase, testInfrastructure, uniqueTopicPrefix } from '@mkt/testing';
import { MemberDatabase } from '../../../member/src/database';
import { memberService } from '../../../member/src/member.service';
import { seedDemoAccounts } from '../../../member/src/seed/demo-accounts';
import { RedisKeyValueStore } from '../auth/key-value-store';
import { startBff } from '../bff';
import { RedisVisitorCounters } from '../visitors/visitor-counters';
import type { LocalSocialProvider } from './local-provider';
import { startLocalSocialProvider } from './local-provider';
import { SocialGateway } from './social-gateway';

jest.setTimeout(90_000);

const REDIRECT = 'http://127.0.0.1:5173/member/return';

interface Identity {
  name: string;
  email: string;
  emailVerified?: boolean;
}

/**
 * Kakao, Naver and Google sign-in through the BFF, each against the local stand-in that speaks the
 * provider's API, with the member service on PostgreSQL and the tickets and sessions in Redis.
 */
describe('social sign-in', () => {
  let database: TestDatabase;
  let member: INestApplication;
  let bff: INestApplication;
  let provider: LocalSocialProvider;
  let transport: KafkaTransport;
  let redis: Redis;
  let base: string;
  const run = randomBytes(3).toString('hex');
  const email = (name: string) => `${name}.${run}@example.kr`;
  const members = () => member.get(MemberDatabase).member;

  async function call<T>(method: string, path: string, init: { token?: string; json?: unknown } = {}) {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** The browser's part: the provider's page, where the person signs in and allows; answers the code. */
  async function authorize(name: SocialProvider, identity: Identity, state = 'state-1'): Promise<string> {
    const links = (await call<SocialProviderLink[]>('GET', '/api/member/social/providers')).body;
    const link = links.find((candidate) => candidate.provider === name);
    if (!link) throw new Error(`${name} is not offered`);
    const page = new URL(link.authorizeUrl);
    page.searchParams.set('redirect_uri', REDIRECT);
    page.searchParams.set('state', state);
    expect((await fetch(page)).status).toBe(200);
    const form = new URLSearchParams({
      client_id: page.searchParams.get('client_id') ?? '',
      redirect_uri: REDIRECT,
      state,
      name: identity.name,
      email: identity.email,
      decision: 'allow',
    });
    if (identity.emailVerified !== false) form.set('email_verified', 'true');
    const answer = await fetch(`${page.origin}${page.pathname}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe(state);
    return back.searchParams.get('code') ?? '';
  }

  const exchange = (name: string, code: string) =>
    call<{ accessToken: string; error?: string }>('POST', `/api/member/${name}/token/${code}`, {
      json: { redirect_uri: REDIRECT, state: 'state-1' },
    });

  const finish = (name: string, ticket: string) =>
    call<LoginResult & { error?: string }>('GET', `/api/member/${name}/suc/${ticket}`, { token: ticket });

  async function signIn(name: SocialProvider, identity: Identity) {
    const ticket = (await exchange(name, await authorize(name, identity))).body.accessToken;
    return finish(name, ticket);
  }

  beforeAll(async () => {
    const infra = await testInfrastructure();
    database = await createTestDatabase('social');
    transport = new KafkaTransport({
      brokers: infra.kafkaBrokers,
      clientId: 'member',
      topicPrefix: uniqueTopicPrefix('social'),
    });
    member = await startService(
      memberService,
      {
        name: 'member',
        database: { kind: 'postgres', url: database.url, schema: 'public' },
        transport,
        logger: new JsonLogger('member', 'error'),
        dataDir: mkdtempSync(join(tmpdir(), 'member-')),
      },
      { port: 0, host: '127.0.0.1' },
    );
    provider = await startLocalSocialProvider();
    redis = new Redis(infra.redisUrl);
    const unused = 'http://127.0.0.1:9';
    bff = await startBff(
      {
        services: { member: await member.getUrl(), catalog: unused, board: unused },
        auth: {
          jwtSecret: randomBytes(32).toString('hex'),
          store: new RedisKeyValueStore(redis, `test:${run}:`),
        },
        visitors: new RedisVisitorCounters(redis, `test:${run}:`),
        social: provider.settings,
        logger: new JsonLogger('bff', 'error'),
      },
      { port: 0, host: '127.0.0.1' },
    );
    base = await bff.getUrl();
    await seedDemoAccounts(member.get(MemberDatabase));
  });

  afterAll(async () => {
    await bff?.close();
    await provider?.close();
    await member?.close();
    await transport?.close();
    redis?.disconnect();
    await database?.drop();
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
      json: {
        email: email('linked'),
        m_pw: 'secret12!',
        m_name: '연결회원',
        m_nickname: '연결',
        m_phoNum: '01012345678',
        def_addr: '(04524) 서울 중구 세종대로 110',
        isMan: false,
        info_agree: true,
      },
    });
    expect(joined.status).toBe(201);
    for (const name of ['kakao', 'google'] as const) {
      const signedIn = await signIn(name, { name: '다른 이름', email: email('linked') });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ mno: joined.body.mno, formSns: false, m_name: '연결회원' });
    }
    const accounts = await member
      .get(MemberDatabase)
      .socialAccount.findMany({ where: { mno: joined.body.mno } });
    expect(accounts.map((account) => account.provider).sort()).toEqual(['google', 'kakao']);
    const passwordLogin = await fetch(`${base}/api/member/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: email('linked'), password: 'secret12!' }),
    });
    expect(passwordLogin.status).toBe(200);
  });

  it('never links an unverified e-mail or a Naver e-mail to an existing member', async () => {
    const existing = await call<MemberDto>('POST', '/api/member/join', {
      json: {
        email: email('unverified'),
        m_pw: 'secret12!',
        m_name: '기존회원',
        m_nickname: '기존',
        m_phoNum: '01012345678',
        def_addr: '(04524) 서울 중구 세종대로 110',
        isMan: true,
        info_agree: true,
      },
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
      json: { redirect_uri: REDIRECT },
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
    await expect(gateway.exchangeCode('kakao', 'code', { redirect_uri: REDIRECT })).rejects.toMatchObject({
      status: 502,
      response: {
        error: 'SOCIAL_PROVIDER_UNAVAILABLE',
        message: expect.stringMatching(/카카오 로그인 서버/),
      },
    });
  });
});
