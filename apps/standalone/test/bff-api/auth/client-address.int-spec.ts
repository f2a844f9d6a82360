import { randomBytes } from 'node:crypto';
import type { AccountsStack } from '../testing/accounts-stack';
import { callApi, JOIN_PASSWORD, joinRequest, signIn, startAccountsStack } from '../testing/accounts-stack';
import { LOGIN_LIMITS } from '@mkt/bff/testing';

jest.setTimeout(90_000);

/**
 * The login throttle counts the client address the BFF works out under TRUST_PROXY: per address,
 * per (account, address) pair, and per account for addresses the account never signed in from.
 */
describe('client addresses behind a proxy', () => {
  let stack: AccountsStack;
  let trustingNoProxy: string;
  let trustingOneHop: string;
  const run = randomBytes(3).toString('hex');

  beforeAll(async () => {
    stack = await startAccountsStack('proxy');
    trustingNoProxy = stack.url;
    trustingOneHop = (await stack.startBff({ trustProxy: 1 })).url;
  });

  afterAll(() => stack?.close());

  /** Fails as many logins as one address may, each on an account of its own so no account limit is reached. */
  async function exhaustAddressLimit(bffUrl: string, forwardedFor: (attempt: number) => string) {
    const attempts = Array.from({ length: LOGIN_LIMITS.perAddress }, (_, attempt) =>
      signIn(bffUrl, `nobody${attempt}.${run}@example.kr`, 'wrong-pass1!', {
        'x-forwarded-for': forwardedFor(attempt),
      }),
    );
    const answers = await Promise.all(attempts);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 401));
  }

  const shopperSignIn = (bffUrl: string, forwardedFor: string) =>
    signIn(bffUrl, 'user@dealmarket.kr', 'user1234!', { 'x-forwarded-for': forwardedFor });

  it('counts the connection address when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    await exhaustAddressLimit(trustingNoProxy, (attempt) => `198.51.100.${attempt + 1}`);
    const next = await shopperSignIn(trustingNoProxy, '198.51.100.200');
    expect(next.status).toBe(429);
    expect(next.body.error).toBe('TOO_MANY_ATTEMPTS');
  });

  it('counts the forwarded address when one proxy hop is trusted, one counter per client', async () => {
    await exhaustAddressLimit(trustingOneHop, () => '203.0.113.7');
    expect((await shopperSignIn(trustingOneHop, '203.0.113.7')).status).toBe(429);
    // The proxy appends the address it saw: one a client writes in front of it counts for nothing.
    expect((await shopperSignIn(trustingOneHop, '198.51.100.9, 203.0.113.7')).status).toBe(429);
    expect((await shopperSignIn(trustingOneHop, '203.0.113.8')).status).toBe(200);
  });

  describe('wrong passwords', () => {
    const email = (name: string) => `${name}.${run}@example.kr`;
    const join = (name: string) =>
      callApi(trustingOneHop, 'POST', '/api/member/join', { json: joinRequest(email(name)) });
    const from = (address: string, username: string, password: string) =>
      signIn(trustingOneHop, username, password, { 'x-forwarded-for': address });

    it(`slow down the guessing (account, address) pair after ${LOGIN_LIMITS.perPair}, even for the right password`, async () => {
      await join('guessed');
      for (let i = 0; i < LOGIN_LIMITS.perPair; i++)
        expect((await from('198.51.100.10', email('guessed'), 'wrong-pass1!')).status).toBe(401);
      const waiting = await from('198.51.100.10', email('guessed'), JOIN_PASSWORD);
      expect(waiting.status).toBe(429);
      expect(waiting.body).toEqual({
        error: 'TOO_MANY_ATTEMPTS',
        message: `로그인 시도가 너무 많습니다. ${LOGIN_LIMITS.firstWaitSeconds}초 후 다시 시도해 주세요.`,
      });
    });

    it('from another address never lock the shopper out', async () => {
      await join('victim');
      for (let i = 0; i < LOGIN_LIMITS.perPair * 3; i++)
        await from('203.0.113.66', email('victim'), 'wrong-pass1!');
      expect((await from('198.51.100.20', email('victim'), JOIN_PASSWORD)).status).toBe(200);
    });

    it(`from ${LOGIN_LIMITS.perAccount} addresses slow down new addresses only, never one the member signed in from`, async () => {
      await join('targeted');
      expect((await from('198.51.100.30', email('targeted'), JOIN_PASSWORD)).status).toBe(200);
      for (let i = 0; i < LOGIN_LIMITS.perAccount; i++)
        expect((await from(`192.0.2.${i + 1}`, email('targeted'), 'wrong-pass1!')).status).toBe(401);
      expect((await from('192.0.2.200', email('targeted'), JOIN_PASSWORD)).status).toBe(429);
      expect((await from('198.51.100.30', email('targeted'), JOIN_PASSWORD)).status).toBe(200);
    });
  });
});
