import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { randomBytes } from 'node:crypto';
import { testInfrastructure } from '@mkt/testing';
import { ACCESS_TOKEN_ISSUER, connectVisitorStream, todayVisits } from '@mkt/bff/testing';
import type { AccountsStack, StackBff } from '../testing/accounts-stack';
import { signIn, startAccountsStack } from '../testing/accounts-stack';
import { RedisKeyValueStore, RedisVisitNotices, VisitorCounters } from '@mkt/bff';
import type { VisitorStreamClient } from '@mkt/bff/testing';

jest.setTimeout(90_000);

/** A BFF of the stack with counters of its own Redis connection, under the namespace all of them share. */
interface BffInstance {
  bff: StackBff;
  redis: Redis;
  visitors: VisitorCounters;
  base: string;
}

/**
 * The live visitor stream across two BFF instances that share one Redis (as in distributed mode):
 * a visit logged on one instance reaches stream clients on both, through Redis pub/sub.
 */
describe('visitor stream across BFF instances', () => {
  let stack: AccountsStack;
  let first: BffInstance;
  let second: BffInstance;
  let adminToken: string;
  const clients: VisitorStreamClient[] = [];
  const namespace = `test:${randomBytes(3).toString('hex')}:`;

  async function startInstance(): Promise<BffInstance> {
    const redis = new Redis((await testInfrastructure()).redisUrl);
    const visitors = new VisitorCounters(
      new RedisKeyValueStore(redis, namespace),
      new RedisVisitNotices(redis, namespace),
    );
    const bff = await stack.startBff({ visitors });
    return { bff, redis, visitors, base: bff.url };
  }

  async function stopInstance(instance: BffInstance | undefined): Promise<void> {
    await instance?.bff.close();
    instance?.visitors.close();
    instance?.redis.disconnect();
  }

  async function login(base: string, username: string, password: string): Promise<string> {
    const { status, body } = await signIn(base, username, password);
    expect(status).toBe(200);
    return body.accessToken;
  }

  async function connect(instance: BffInstance, token?: string): Promise<VisitorStreamClient> {
    const client = await connectVisitorStream(`${instance.base}/api/admin/visitor/stream`, token);
    clients.push(client);
    return client;
  }

  const logVisit = (instance: BffInstance) =>
    fetch(`${instance.base}/api/admin/visitor/log`, { method: 'POST' }).then((response) =>
      expect(response.status).toBe(204),
    );

  beforeAll(async () => {
    stack = await startAccountsStack('visitor_stream');
    first = await startInstance();
    second = await startInstance();
    expect(first.base).not.toBe(second.base);
    adminToken = await login(first.base, 'admin@dealmarket.kr', 'admin1234!');
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    await stopInstance(first);
    await stopInstance(second);
    await stack?.close();
  });

  it('sends a snapshot on connect, then a visit logged on instance B reaches clients on A and B', async () => {
    const onFirst = await connect(first, adminToken);
    const onSecond = await connect(second, adminToken);
    expect(onFirst.status).toBe(200);
    const before = todayVisits(await onFirst.next(() => true));
    await onSecond.next(() => true);

    await logVisit(second);
    const after = await onFirst.next((snapshot) => todayVisits(snapshot) === before + 1);
    expect(after.daily.at(-1)).toMatchObject({ date: after.today, visits: before + 1 });
    expect(after.hourly.reduce((sum, hour) => sum + hour.visits, 0)).toBe(before + 1);
    await onSecond.next((snapshot) => todayVisits(snapshot) === before + 1);

    await logVisit(first);
    await onSecond.next((snapshot) => todayVisits(snapshot) === before + 2);
  });

  it('answers the stream with text/event-stream and no caching', async () => {
    const response = await fetch(`${second.base}/api/admin/visitor/stream`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toContain('no-cache');
    await response.body?.cancel();
  });

  it('refuses a shopper (403), no token (401 REQUIRED_LOGIN) and an expired token (401 ERROR_TOKEN_ACCESS)', async () => {
    const shopper = await login(second.base, 'user@dealmarket.kr', 'user1234!');
    const asShopper = await connect(first, shopper);
    expect(asShopper.status).toBe(403);
    expect(asShopper.error?.error).toBe('ERROR_ACCESS_DENIED');

    const anonymous = await connect(first);
    expect(anonymous.status).toBe(401);
    expect(anonymous.error?.error).toBe('REQUIRED_LOGIN');

    const expired = jwt.sign(
      {
        email: 'admin@dealmarket.kr',
        role: 'ADMIN',
        roleSet: ['ADMIN'],
        exp: Math.floor(Date.now() / 1000) - 60,
      },
      stack.jwtSecret,
      { subject: '1', issuer: ACCESS_TOKEN_ISSUER },
    );
    const withExpired = await connect(second, expired);
    expect(withExpired.status).toBe(401);
    expect(withExpired.error?.error).toBe('ERROR_TOKEN_ACCESS');
  });

  it('ends open streams when an instance shuts down, so it can stop', async () => {
    const extra = await startInstance();
    const client = await connect(extra, adminToken);
    await client.next(() => true);
    const stopping = stopInstance(extra);
    await client.ended;
    await stopping;
  });
});
