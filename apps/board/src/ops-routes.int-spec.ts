import { OPS_TOKEN_HEADER } from '@mkt/observability';
import type { TestService } from '@mkt/testing';
import { startTestService } from '@mkt/testing';
import { boardService } from './board.service';

jest.setTimeout(60_000);

const TOKEN = 'ops-token-for-the-test-0123456789';

/** The outbox operations routes answer operators with the service's token, and nobody else. */
describe("a service's outbox operations routes", () => {
  let withToken: TestService;
  let withoutToken: TestService;
  const call = (service: TestService, method: 'GET' | 'POST', path: string, token?: string) =>
    fetch(`${service.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { [OPS_TOKEN_HEADER]: token } : {}) },
      body: method === 'POST' ? '{}' : undefined,
    });

  beforeAll(async () => {
    // Board calls catalog only when an inquiry is written: an address that is never used will do.
    const serviceUrls = { catalog: 'http://127.0.0.1:9' };
    withToken = await startTestService(boardService, { serviceUrls, opsToken: TOKEN });
    withoutToken = await startTestService(boardService, { serviceUrls });
  });
  afterAll(async () => {
    await withToken?.close();
    await withoutToken?.close();
  });

  it('lists and re-drives parked events for a caller with the token', async () => {
    const listed = await call(withToken, 'GET', '/ops/outbox?status=FAILED', TOKEN);
    expect([listed.status, await listed.json()]).toEqual([200, []]);
    const redriven = await call(withToken, 'POST', '/ops/outbox/redrive', TOKEN);
    expect([redriven.status, await redriven.json()]).toEqual([201, { redriven: 0 }]);
  });

  it('are not found without the token, with a wrong one, or on a service given none', async () => {
    for (const [service, token] of [
      [withToken, undefined],
      [withToken, `${TOKEN.slice(0, -1)}x`],
      [withToken, 'short'],
      [withoutToken, TOKEN],
    ] as const) {
      expect((await call(service, 'GET', '/ops/outbox', token)).status).toBe(404);
      expect((await call(service, 'POST', '/ops/outbox/redrive', token)).status).toBe(404);
    }
  });
});
