import type { TestService } from '@mkt/testing';
import { cutOffDatabase, eventually, startTestService } from '@mkt/testing';
import { boardService } from './board.service';

jest.setTimeout(60_000);

/** libs/observability's probes, on a service of the test's own whose database goes away and comes back. */
describe("a service's liveness and readiness", () => {
  let service: TestService;
  const probe = async (path: string) => {
    const response = await fetch(`${service.url}${path}`, { signal: AbortSignal.timeout(5_000) });
    return [response.status, await response.json()];
  };

  beforeAll(async () => {
    service = await startTestService(boardService, { serviceUrls: { catalog: 'http://127.0.0.1:9' } });
  });
  afterAll(() => service?.close());

  it('are both 200 while the database answers', async () => {
    expect(await probe('/health/live')).toEqual([200, { status: 'live' }]);
    expect(await probe('/health/ready')).toEqual([
      200,
      { status: 'ready', dependencies: { database: 'up' } },
    ]);
  });

  it('keep the process alive but out of service while the database is unreachable, and back once it returns', async () => {
    const restore = await cutOffDatabase(service.databaseUrl);
    try {
      expect(await probe('/health/ready')).toEqual([
        503,
        { status: 'unready', dependencies: { database: 'down' } },
      ]);
      expect(await probe('/health/live')).toEqual([200, { status: 'live' }]);
    } finally {
      await restore();
    }
    await eventually(async () => expect((await probe('/health/ready'))[0]).toBe(200));
    expect(await probe('/health/live')).toEqual([200, { status: 'live' }]);
  });
});
