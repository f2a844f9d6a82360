import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VisitorCountDto } from '@mkt/contracts';
import type { RunningStandalone } from '../src/standalone';
import { startStandalone } from '../src/standalone';
import { callApi, signIn } from './bff-api/testing/accounts-stack';

jest.setTimeout(240_000);

/**
 * Standalone mode keeps the BFF's state in its embedded database: after a restart on the same
 * DATA_DIR a signed-in shopper stays signed in, a locked-out account stays locked, and today's
 * visitor count is what it was.
 */
describe('standalone mode across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'standalone-restart-'));
  let running: RunningStandalone | undefined;

  const start = async () =>
    (running = await startStandalone({
      dataDir,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'error',
      demoProductsPerCategory: 1,
    }));

  afterAll(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps sessions, login limits and visitor counts', async () => {
    const before = await start();
    const shopper = await signIn(before.url, 'user@dealmarket.kr', 'user1234!');
    expect(shopper.status).toBe(200);
    const admin = await signIn(before.url, 'admin@dealmarket.kr', 'admin1234!');
    expect(admin.status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await signIn(before.url, 'seller@dealmarket.kr', 'wrong-password1!')).status).toBe(401);
    expect((await signIn(before.url, 'seller@dealmarket.kr', 'seller1234!')).status).toBe(429);
    for (let visitor = 0; visitor < 2; visitor++)
      expect((await callApi(before.url, 'POST', '/api/admin/visitor/log')).status).toBe(204);
    await before.close();
    running = undefined;

    const after = await start();
    const refreshed = await callApi<{ accessToken: string; refreshToken: string }>(
      after.url,
      'GET',
      `/api/member/refresh?refreshToken=${encodeURIComponent(shopper.body.refreshToken)}`,
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refreshToken).not.toBe(shopper.body.refreshToken);
    expect((await signIn(after.url, 'seller@dealmarket.kr', 'seller1234!')).status).toBe(429);
    const count = await callApi<VisitorCountDto>(after.url, 'GET', '/api/admin/visitor/count', {
      token: admin.body.accessToken,
    });
    expect(count).toEqual({ status: 200, body: { counter: 2 } });
  });
});
