import type { ExecutionContext, INestApplication } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProductDetailDto } from '@mkt/contracts';
import { ProductChangedV1 } from '@mkt/contracts';
import { busMigrationsDir, eventMessage, InProcessTransport } from '@mkt/messaging';
import { applyMigrations, openEmbeddedDatabase } from '@mkt/persistence';
import { Metrics } from '@mkt/observability';
import type { Histogram } from 'prom-client';
import type { OpenedStore } from '../../test/support/key-value-stores';
import { openRedisStore } from '../../test/support/key-value-stores';
import { createBffAlone, startBffAlone } from '../../test/support/bff-alone';
import type { SessionClaims } from '../auth/refresh-sessions';
import { ProductManagementController } from '../products/product-management.controller';
import { InMemoryCallCounter } from '../security/request-rate-limit';
import { CACHED_LIST_PAGES, CatalogReadCache } from './catalog-read-cache';

jest.setTimeout(60_000);

/**
 * A product as catalog answers it (the BFF checks every answer against its contract schema), its
 * sales volume counting catalog's answers: each answer differs from the one before.
 */
const product = (pno: number, salesVolume = 0): ProductDetailDto => ({
  pno,
  pName: `상품 ${pno}`,
  p_name: `상품 ${pno}`,
  pPrice: 1_000,
  p_price: 1_000,
  pSalePer: 0,
  p_salePer: 0,
  p_salesVol: salesVolume,
  p_stock: 5,
  delFlag: false,
  businessName: '바른농부',
  productImage: [],
  pContent: '',
  sno: 9,
  optionDetail: [],
  category: [],
});

/**
 * A BFF with its cache in front of a catalog stand-in that counts the calls it gets, its changes
 * coming over the standalone bus (on an embedded database): what is served from memory, what is not.
 */
describe("the BFF's catalogue read cache", () => {
  const calls = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    calls.set(path, (calls.get(path) ?? 0) + 1);
    const detail = /^\/products\/(\d+)$/.exec(path);
    const body = detail
      ? product(Number(detail[1]), calls.get(path))
      : path.startsWith('/products?')
        ? { items: [product(1), product(2)], totalCount: 2 }
        : path.endsWith('/with-ancestors')
          ? Array.from({ length: 20 }, (_, i) => ({
              ctno: i + 2,
              cateName: `분류 ${i}`,
              depth: 1,
              superCate: null,
            }))
          : [{ ctno: 2, cateName: '과일', depth: 2, superCate: 1 }];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  let db: Awaited<ReturnType<typeof openEmbeddedDatabase>>;
  let bus: InProcessTransport;
  let bff: INestApplication;
  let url: string;
  const callsTo = (path: string) => calls.get(path) ?? 0;
  const read = async (path: string) => expect((await fetch(`${url}${path}`)).status).toBe(200);
  const announce = (pno: number) => {
    const { envelope, headers } = eventMessage(
      'catalog',
      ProductChangedV1,
      { pno, changes: ['details'] },
      {
        aggregateId: pno,
      },
    );
    return bus.publish([
      { topic: ProductChangedV1.topic, key: String(pno), value: JSON.stringify(envelope), headers },
    ]);
  };

  let sessions: OpenedStore;
  let catalogUrl: string;

  beforeAll(async () => {
    sessions = await openRedisStore();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    catalogUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    db = await openEmbeddedDatabase();
    await applyMigrations({ kind: 'embedded', db, schema: 'bus' }, [{ scope: 'bus', dir: busMigrationsDir }]);
    bus = new InProcessTransport(
      { query: async (sql, params) => (await db.query<never>(sql, params)).rows },
      { schema: 'bus' },
    );
    bff = await startBffAlone(sessions.store, {
      services: { catalog: catalogUrl },
      catalogCache: { changes: bus, maxBytes: 1 << 20 },
    });
    url = await bff.getUrl();
    // The cache serves once its feed has looked for changes: until a second read is not passed on.
    for (let tries = 0; tries < 100; tries++) {
      const before = callsTo('/products/99');
      await read(`/api/product/${btoa('99')}`);
      if (callsTo('/products/99') === before) break;
    }
  });
  afterAll(async () => {
    await bff?.close();
    await bus?.close();
    await db?.close();
    await sessions?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks catalog once for a product, a list page and a category level, however often they are read', async () => {
    const paths = [
      `/api/product/${btoa('1')}`,
      '/api/product/list?page=1&size=10&sortBy=p_price&sort=asc',
      `/api/product/list?page=${CACHED_LIST_PAGES}&size=10&ctno=2`,
      '/api/categories/depth/1',
      '/api/categories/sub/1',
      '/api/categories/random?depth=1&count=3',
    ];
    const before = [...calls.values()].reduce((sum, n) => sum + n, 0);
    for (let round = 0; round < 3; round++) for (const path of paths) await read(path);
    expect([...calls.values()].reduce((sum, n) => sum + n, 0) - before).toBe(paths.length);
  });

  it('draws random categories afresh from the cached ones on every read', async () => {
    const draws = new Set<string>();
    for (let round = 0; round < 10; round++) {
      const answer = (await (await fetch(`${url}/api/categories/random?depth=1&count=3`)).json()) as {
        ctno: number;
      }[];
      expect(answer).toHaveLength(3);
      draws.add(answer.map((category) => category.ctno).join());
    }
    expect(draws.size).toBeGreaterThan(1);
  });

  it('passes every keyword search and every page past the first ones to catalog', async () => {
    const before = [...calls.values()].reduce((sum, n) => sum + n, 0);
    for (let round = 0; round < 2; round++) {
      await read('/api/product/list?page=1&size=10&keyword=사과');
      await read(`/api/product/list?page=${CACHED_LIST_PAGES + 1}&size=10`);
    }
    expect([...calls.values()].reduce((sum, n) => sum + n, 0) - before).toBe(4);
  });

  it("drops a changed product's detail and every list page, and keeps other products", async () => {
    const list = '/api/product/list?page=1&size=10';
    for (const path of [`/api/product/${btoa('3')}`, `/api/product/${btoa('4')}`, list]) await read(path);
    const before = { three: callsTo('/products/3'), four: callsTo('/products/4') };
    await announce(3);
    // The bus delivers after publish returns: read until catalog is asked again.
    for (let tries = 0; tries < 50 && callsTo('/products/3') === before.three; tries++)
      await read(`/api/product/${btoa('3')}`);
    expect(callsTo('/products/3')).toBe(before.three + 1);
    await read(`/api/product/${btoa('4')}`);
    expect(callsTo('/products/4')).toBe(before.four);
    const listCalls = [...calls].filter(([path]) => path.startsWith('/products?')).map(([, n]) => n);
    await read(list);
    const after = [...calls].filter(([path]) => path.startsWith('/products?')).map(([, n]) => n);
    expect(after.reduce((a, b) => a + b, 0)).toBe(listCalls.reduce((a, b) => a + b, 0) + 1);
  });

  it('drops a product this BFF changed before answering its writer, who reads the change back at once', async () => {
    const writes = bff.get(ProductManagementController);
    const seller: SessionClaims = {
      mno: 7,
      email: 'seller@dealmarket.kr',
      role: 'SELLER',
      roleSet: ['SELLER'],
    };
    const detail = `/api/product/${btoa('5')}`;
    const list = '/api/product/list?page=1&size=20';
    const listCalls = () =>
      [...calls].filter(([path]) => path.startsWith('/products?')).reduce((sum, [, n]) => sum + n, 0);
    const catalogAsked = () => ({ detail: callsTo('/products/5'), list: listCalls() });
    for (const write of [
      () => writes.edit({ encodedPno: 5 }, { pName: '새 이름' }, seller),
      () => writes.setDeleted({ encodedPno: 5 }, { status: false }, seller),
    ]) {
      await read(detail);
      await read(list);
      const cached = catalogAsked();
      await read(detail);
      await read(list);
      expect(catalogAsked()).toEqual(cached);
      await write();
      // No change announced on the feed: what comes back is the writer's own dropping.
      await read(detail);
      await read(list);
      expect(catalogAsked()).toEqual({ detail: cached.detail + 1, list: cached.list + 1 });
    }
  });

  describe('cache hits, in the one pipeline', () => {
    const detail = `/api/product/${btoa('6')}`;
    const withoutPerRequestHeaders = (headers: Headers) =>
      [...headers].filter(([name]) => name !== 'date' && name !== 'x-correlation-id');

    it("answers a cached read again with the same answer, its headers, and the caller's correlation id", async () => {
      const first = await fetch(`${url}${detail}`);
      const again = await fetch(`${url}${detail}`, { headers: { 'x-correlation-id': 'pipeline-test-1' } });
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(await first.text());
      expect(withoutPerRequestHeaders(again.headers)).toEqual(withoutPerRequestHeaders(first.headers));
      expect(again.headers.get('x-correlation-id')).toBe('pipeline-test-1');
      expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');

      const signedIn = await fetch(`${url}${detail}`, { headers: { authorization: 'Bearer someone' } });
      expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    });

    it('sends the bytes and the ETag made when the answer was stored', async () => {
      const cache = bff.get(CatalogReadCache);
      const stored = cache.cachedAnswerOf(await cache.product(6));
      expect(stored).toBeDefined();
      const answer = await fetch(`${url}${detail}`);
      expect(answer.headers.get('etag')).toBe(stored?.etag);
      expect(Buffer.from(await answer.arrayBuffer()).equals(stored?.json ?? Buffer.alloc(0))).toBe(true);
    });

    it('answers 304 to a caller holding the current ETag, and the whole answer after a change', async () => {
      const etag = (await fetch(`${url}${detail}`)).headers.get('etag') ?? '';
      // What a browser sends to revalidate (fetch would add `no-cache`, which asks for the whole answer).
      const revalidation = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
      const unchanged = await fetch(`${url}${detail}`, { headers: revalidation });
      expect(unchanged.status).toBe(304);

      const catalogCalls = callsTo('/products/6');
      await announce(6);
      const answers: Response[] = [];
      for (let tries = 0; tries < 50 && callsTo('/products/6') === catalogCalls; tries++)
        answers.push(await fetch(`${url}${detail}`, { headers: revalidation }));
      expect(callsTo('/products/6')).toBe(catalogCalls + 1);
      // 304 until the change arrived; then catalog's new answer, with its own ETag.
      const changed = answers.pop();
      expect(answers.every((answer) => answer.status === 304)).toBe(true);
      expect(changed?.status).toBe(200);
      expect(changed?.headers.get('etag')).not.toBe(etag);
    });

    it('counts cached answers in the metrics under their route', async () => {
      const answered = async () => {
        const { registry } = bff.get(Metrics);
        const metric = registry.getSingleMetric('mkt_http_request_duration_seconds') as Histogram;
        const { values } = await metric.get();
        return values
          .filter(
            ({ metricName, labels }) =>
              metricName?.endsWith('_count') && labels.route === '/api/product/:encodedPno',
          )
          .reduce((sum, { value }) => sum + value, 0);
      };
      await read(detail);
      const before = await answered();
      await read(detail);
      await read(detail);
      expect(await answered()).toBe(before + 2);
    });

    it('honours a guard on a cached answer', async () => {
      // A guard added after the answer was cached: it refuses the marked requests.
      const guarded = await createBffAlone(sessions.store, {
        services: { catalog: catalogUrl },
        catalogCache: { changes: bus, maxBytes: 1 << 20 },
      });
      guarded.useGlobalGuards({
        canActivate: (context: ExecutionContext) =>
          context.switchToHttp().getRequest<FastifyRequest>().headers['x-refuse-me'] === undefined,
      });
      await guarded.listen(0, '127.0.0.1');
      try {
        const guardedUrl = await guarded.getUrl();
        // The cache keeps answers once its feed was heard from: read until a read is not passed on.
        let catalogCalls = -1;
        for (let tries = 0; tries < 100 && callsTo('/products/6') !== catalogCalls; tries++) {
          catalogCalls = callsTo('/products/6');
          expect((await fetch(`${guardedUrl}${detail}`)).status).toBe(200);
        }
        const answered = callsTo('/products/6');
        expect(answered).toBe(catalogCalls);
        const refused = await fetch(`${guardedUrl}${detail}`, { headers: { 'x-refuse-me': '1' } });
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ error: 'FORBIDDEN' });
        // Served from memory all along: the guard refused a cached answer.
        expect(callsTo('/products/6')).toBe(answered);
      } finally {
        await guarded.close();
      }
    });

    it('keeps to the general rate limit per client address as TRUST_PROXY names it, counting a refused call once', async () => {
      const counts = new InMemoryCallCounter();
      let counted = 0;
      const limited = await startBffAlone(sessions.store, {
        services: { catalog: catalogUrl },
        catalogCache: { changes: bus, maxBytes: 1 << 20 },
        requestsPerMinute: 3,
        callCounter: { increment: (key) => (counted++, counts.increment(key)) },
        trustProxy: 1,
      });
      try {
        const limitedUrl = await limited.getUrl();
        const readAs = async (client: string) =>
          (await fetch(`${limitedUrl}${detail}`, { headers: { 'x-forwarded-for': client } })).status;
        const statuses: number[] = [];
        for (let call = 0; call < 5; call++) statuses.push(await readAs('203.0.113.7'));
        expect(counted).toBe(5);
        // The minute may turn between calls, restarting the count once.
        expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
        expect(statuses.slice(0, 3)).not.toContain(429);
        expect(await readAs('203.0.113.8')).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  // Last: it stops the feed.
  it('stops serving from memory once its feed falls silent', async () => {
    const path = `/api/product/${btoa('5')}`;
    await read(path);
    await bus.close();
    // Past the silence limit, every read goes to catalog.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = callsTo('/products/5');
    await read(path);
    await read(path);
    expect(callsTo('/products/5')).toBe(before + 2);
  });
});
