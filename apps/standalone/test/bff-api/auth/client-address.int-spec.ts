import { randomBytes } from 'node:crypto';
import type { AccountsStack } from '../testing/accounts-stack';
import { signIn, startAccountsStack } from '../testing/accounts-stack';
import { LOGIN_LIMITS } from '@mkt/bff/src/auth/login-throttle';

jest.setTimeout(90_000);

/** The login throttle's per-address limit counts the client address the BFF works out under TRUST_PROXY. */
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
});
