import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResult } from '@mkt/contracts';
import { KafkaTransport } from '@mkt/messaging';
import { JsonLogger, startService } from '@mkt/platform';
import type { TestDatabase } from '@mkt/testing';
import { createTestDatabase, testInfrastructure, uniqueTopicPrefix } from '@mkt/testing';
import { MemberDatabase } from '../../../member/src/database';
import { memberService } from '../../../member/src/member.service';
import { seedDemoAccounts } from '../../../member/src/seed/demo-accounts';
import { ACCESS_TOKEN_ISSUER } from '../auth/access-tokens';
import { RedisKeyValueStore } from '../auth/key-value-store';
import { startBff } from '../bff';
import { RedisVisitorCounters } from './visitor-counters';
import type { VisitorStreamClient } from './visitor-stream.test-client';
import { connectVisitorStream, todayVisits } from './visitor-stream.test-client';

jest.setTimeout(90_000);

const SECRET = randomBytes(32).toString('hex');

interface BffInstance {
  app: INestApplication;
  redis: Redis;
  visitors: RedisVisitorCounters;
  base: string;
}

/**
 * The live visitor stream across two BFF instances that share one Redis (as in distributed mode):
 * a visit logged on one instance reaches stream clients on both, through Redis pub/sub.
 */
describe('visitor stream across BFF instances', () => {
  let database: TestDatabase;
  let member: INestApplication;
  let transport: KafkaTransport;
  let first: BffInstance;
  let second: BffInstance;
  let adminToken: string;
  const clients: VisitorStreamClient[] = [];
  const namespace = `test:${randomBytes(3).toString('hex')}:`;

  async function startInstance(memberUrl: string, redisUrl: string): Promise<BffInstance> {
    const redis = new Redis(redisUrl);
    const visitors = new RedisVisitorCounters(redis, namespace);
    const unused = 'http://127.0.0.1:9';
    const app = await startBff(
      {
        services: { member: memberUrl, catalog: unused, board: unused },
        auth: { jwtSecret: SECRET, store: new RedisKeyValueStore(redis, namespace) },
        visitors,
        logger: new JsonLogger('bff', 'error'),
      },
      { port: 0, host: '127.0.0.1' },
    );
    return { app, redis, visitors, base: await app.getUrl() };
  }

  async function stopInstance(instance: BffInstance | undefined): Promise<void> {
    await instance?.app.close();
    instance?.visitors.close();
    instance?.redis.disconnect();
  }

  async function login(base: string, username: string, password: string): Promise<string> {
    const response = await fetch(`${base}/api/member/login`, {
      method: 'POST',
      body: new URLSearchParams({ username, password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as LoginResult).accessToken;
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
    const infra = await testInfrastructure();
    database = await createTestDatabase('visitor_stream');
    transport = new KafkaTransport({
      brokers: infra.kafkaBrokers,
      clientId: 'member',
      topicPrefix: uniqueTopicPrefix('visitor-stream'),
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
    await seedDemoAccounts(member.get(MemberDatabase));
    const memberUrl = await member.getUrl();
    first = await startInstance(memberUrl, infra.redisUrl);
    second = await startInstance(memberUrl, infra.redisUrl);
    expect(first.base).not.toBe(second.base);
    adminToken = await login(first.base, 'admin@dealmarket.kr', 'admin1234!');
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    await stopInstance(first);
    await stopInstance(second);
    await member?.close();
    await transport?.close();
    await database?.drop();
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
      SECRET,
      { subject: '1', issuer: ACCESS_TOKEN_ISSUER },
    );
    const withExpired = await connect(second, expired);
    expect(withExpired.status).toBe(401);
    expect(withExpired.error?.error).toBe('ERROR_TOKEN_ACCESS');
  });

  it('ends open streams when an instance shuts down, so it can stop', async () => {
    const extra = await startInstance(await member.getUrl(), (await testInfrastructure()).redisUrl);
    const client = await connect(extra, adminToken);
    await client.next(() => true);
    const stopping = stopInstance(extra);
    await client.ended;
    await stopping;
  });
});
