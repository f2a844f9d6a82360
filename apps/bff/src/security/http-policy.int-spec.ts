import type { INestApplication } from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedDatabase } from '@mkt/persistence';
import { EmbeddedKeyValueStore } from '../auth/embedded-key-value-store';
import { startBffAlone } from '../../test/support/bff-alone';

// Opening PGlite (PostgreSQL in WebAssembly) takes seconds on a busy machine.
jest.setTimeout(60_000);

const ALLOWED = 'https://shop.example.kr';
const OTHER_ALLOWED = 'http://localhost:5173';
const REFUSED = 'https://evil.example.com';
/** A call that needs no service behind the BFF. */
const PROVIDERS = '/api/member/social/providers';

/**
 * Cross-origin calls (only origins in CORS_ORIGINS may read the API's answers, with credentials),
 * and the security headers on every answer.
 */
describe('the BFF towards browsers', () => {
  const started: INestApplication[] = [];
  let withOrigins: string;
  let sameOriginOnly: string;
  // The standalone mode's store, in memory.
  let database: PGlite;
  let store: EmbeddedKeyValueStore;

  const start = async (corsOrigins?: string[], requestsPerMinute?: number) => {
    const app = await startBffAlone(store, { corsOrigins, requestsPerMinute });
    started.push(app);
    return app.getUrl();
  };

  const preflight = (url: string, origin: string) =>
    fetch(`${url}/api/member/modify`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type,idempotency-key,x-correlation-id',
      },
    });

  beforeAll(async () => {
    database = await openEmbeddedDatabase();
    store = await EmbeddedKeyValueStore.open(database);
    withOrigins = await start([ALLOWED, OTHER_ALLOWED]);
    sameOriginOnly = await start();
  });
  afterAll(async () => {
    await Promise.all(started.map((app) => app.close()));
    store.close();
    await database.close();
  });

  it('lets an allowed origin read an answer, with credentials', async () => {
    for (const origin of [ALLOWED, OTHER_ALLOWED]) {
      const response = await fetch(`${withOrigins}${PROVIDERS}`, { headers: { origin } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect(response.headers.get('vary')).toMatch(/Origin/);
    }
  });

  it('gives a refused origin no Access-Control-Allow-Origin', async () => {
    const response = await fetch(`${withOrigins}${PROVIDERS}`, { headers: { origin: REFUSED } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    // Caches keep answers apart by origin, so an allowed origin never gets this one.
    expect(response.headers.get('vary')).toMatch(/Origin/);
  });

  it("answers an allowed origin's preflight with 204, the spec's methods and headers", async () => {
    const response = await preflight(withOrigins, ALLOWED);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
    );
    const allowedHeaders = response.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/);
    expect(allowedHeaders).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-correlation-id']),
    );
  });

  it("allows no refused origin's preflight", async () => {
    const response = await preflight(withOrigins, REFUSED);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends no CORS headers at all without CORS_ORIGINS (same origin only)', async () => {
    const response = await fetch(`${sameOriginOnly}${PROVIDERS}`, { headers: { origin: ALLOWED } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const refusedPreflight = await preflight(sameOriginOnly, ALLOWED);
    expect(refusedPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(refusedPreflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('sends security headers on every answer, errors included: CSP, no framing, nosniff, no X-Powered-By', async () => {
    for (const path of [PROVIDERS, '/api/no-such-route']) {
      const response = await fetch(`${sameOriginOnly}${path}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toMatch(
        /script-src 'self' [^;]*https:\/\/t1\.daumcdn\.net[^;]*https:\/\/cdn\.iamport\.kr/,
      );
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers 429 with Retry-After once a client made its calls of the minute', async () => {
    const limited = await start(undefined, 5);
    const minute = () => Math.floor(Date.now() / 60_000);
    // Five calls and a sixth within one clock minute (tried again if a minute boundary fell between).
    for (let attempt = 0; ; attempt += 1) {
      const first = minute();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await fetch(`${limited}${PROVIDERS}`)).status);
      const sixth = await fetch(`${limited}${PROVIDERS}`);
      if (minute() !== first && attempt === 0) continue;
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect(sixth.status).toBe(429);
      expect(await sixth.json()).toEqual({ error: 'TOO_MANY_REQUESTS', message: expect.any(String) });
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      break;
    }
  });
});
