import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { DailyVisits } from '@mkt/contracts';
import { testInfrastructure } from '@mkt/testing';
import { RedisKeyValueStore, RedisVisitNotices, VisitorCounters } from '@mkt/bff';
import type { AccountsStack, StackBff } from '../testing/accounts-stack';
import { signIn, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(90_000);

const NEW_VISITORS_PER_ADDRESS = 3;

/**
 * `POST /api/admin/visitor/log` is public (the spec's footer posts it with no body), so what it
 * counts must not be a script's to choose: only visitor ids the server issued count, each once a day
 * as a visitor and once an hour as a visit, and an address gets a few new ids a day.
 */
describe('visitor log', () => {
  let stack: AccountsStack;
  let bff: StackBff;
  let redis: Redis;
  let visitors: VisitorCounters;
  let adminToken: string;

  const log = (cookie?: string) =>
    fetch(`${bff.url}/api/admin/visitor/log`, { method: 'POST', headers: cookie ? { cookie } : {} });
  const today = async (): Promise<DailyVisits> => {
    const response = await fetch(`${bff.url}/api/admin/visitor/daily?days=1`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    return ((await response.json()) as DailyVisits[])[0];
  };

  beforeAll(async () => {
    stack = await startAccountsStack('visitor_log');
    redis = new Redis((await testInfrastructure()).redisUrl);
    const namespace = `test:${randomBytes(3).toString('hex')}:`;
    visitors = new VisitorCounters(
      new RedisKeyValueStore(redis, namespace),
      new RedisVisitNotices(redis, namespace),
      NEW_VISITORS_PER_ADDRESS,
    );
    bff = await stack.startBff({ visitors });
    adminToken = (await signIn(bff.url, 'admin@dealmarket.kr', 'admin1234!')).body.accessToken;
  });

  afterAll(async () => {
    await bff?.close();
    visitors?.close();
    redis?.disconnect();
    await stack?.close();
  });

  it('counts a visitor once however often it posts, ignores made-up ids, and limits new visitors per address', async () => {
    const first = await log();
    expect(first.status).toBe(204);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^mkt_vid=[0-9a-f-]{36}$/);
    for (let i = 0; i < 10; i++) expect((await log(cookie)).status).toBe(204);
    expect(await today()).toMatchObject({ visits: 1, visitors: 1 });

    // An id the server never issued is no visitor: the call gets a real one, from the address's share.
    const madeUp = await log('mkt_vid=11111111-2222-4333-8444-555555555555');
    expect(madeUp.headers.get('set-cookie')).toMatch(/^mkt_vid=[0-9a-f-]{36};/);
    expect(madeUp.headers.get('set-cookie')).not.toContain('11111111-2222');
    expect(await today()).toMatchObject({ visits: 2, visitors: 2 });

    // Cookie-less calls, a new visitor each, until the address had its share of the day.
    for (let i = 0; i < 20; i++) expect((await log()).status).toBe(204);
    expect(await today()).toMatchObject({
      visits: NEW_VISITORS_PER_ADDRESS,
      visitors: NEW_VISITORS_PER_ADDRESS,
    });
  });
});
