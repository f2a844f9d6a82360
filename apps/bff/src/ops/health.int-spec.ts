import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import { testInfrastructure } from '@mkt/testing';
import { RedisKeyValueStore } from '../auth/key-value-store';
import { startBffAlone } from '../../test/support/bff-alone';

jest.setTimeout(60_000);

/** The BFF's probes (libs/observability's health) while its Redis connection is open, closed, and open again. */
describe("the BFF's liveness and readiness", () => {
  let redis: Redis;
  let app: INestApplication;
  let url: string;
  const probe = async (path: string) => {
    const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(5_000) });
    return [response.status, await response.json()];
  };

  beforeAll(async () => {
    redis = new Redis((await testInfrastructure()).redisUrl);
    app = await startBffAlone(new RedisKeyValueStore(redis, 'test:health:'));
    url = await app.getUrl();
  });
  afterAll(async () => {
    await app?.close();
    redis?.disconnect();
  });

  it('are live whatever Redis does, and ready only while it answers', async () => {
    expect(await probe('/api/health/live')).toEqual([200, { status: 'live' }]);
    expect(await probe('/api/health/ready')).toEqual([
      200,
      { status: 'ready', dependencies: { sessionStore: 'up' } },
    ]);

    redis.disconnect();
    expect(await probe('/api/health/ready')).toEqual([
      503,
      { status: 'unready', dependencies: { sessionStore: 'down' } },
    ]);
    expect(await probe('/api/health/live')).toEqual([200, { status: 'live' }]);

    await redis.connect();
    expect(await probe('/api/health/ready')).toEqual([
      200,
      { status: 'ready', dependencies: { sessionStore: 'up' } },
    ]);
  });

  it('name the services that are not ready, without being unready for them', async () => {
    // startBffAlone points every service where nothing answers.
    const [status, body] = await probe('/api/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'degraded', services: { catalog: 'down', member: 'down' } });
    expect((await probe('/api/health/ready'))[0]).toBe(200);
  });
});
