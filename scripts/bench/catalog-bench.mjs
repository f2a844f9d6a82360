#!/usr/bin/env node
// Storefront browsing under load, beside a floor. For each mode (standalone: `npm start`'s process on
// a fresh data folder; distributed: `npm run start:distributed` on databases, topics and ports of its
// own) it seeds the demo store plus N generated products, runs autocannon on the BFF for each
// scenario, then runs the same autocannon against a bare node:http server answering the very bytes
// the store answered for the same paths, from memory: the most this machine could serve. One
// scenario asks a single fixed URL (a cached product detail) of both, and the script prints whether
// the store reaches issue 23's share of the floor there (20% standalone, 25% distributed). Before
// the scenarios it walks the sitemap as a crawler does and fails unless it lists every product. Needs
// PostgreSQL, Redis and Kafka for the distributed mode (`npm run infra:up`, or MKT_TEST_* settings).
//   node scripts/bench/catalog-bench.mjs [--products 100000] [--seconds 10] [--connections 20]
//     [--modes standalone,distributed] [--smoke]
// --smoke: a quick check that every scenario runs (1,000 products, 2 s a scenario, 5 connections,
// standalone), not figures to quote.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { ManagedProcess, standaloneProcess, waitFor } from './processes.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    modes: { type: 'string', default: 'standalone,distributed' },
    smoke: { type: 'boolean', default: false },
  },
});
if (values.smoke)
  Object.assign(values, { products: '1000', seconds: '2', connections: '5', modes: 'standalone' });
const adminUrl = process.env.MKT_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:55432/postgres';
const servers = {
  MKT_TEST_DATABASE_URL: adminUrl,
  MKT_TEST_REDIS_URL: process.env.MKT_TEST_REDIS_URL ?? 'redis://127.0.0.1:56379',
  MKT_TEST_KAFKA_BROKERS: process.env.MKT_TEST_KAFKA_BROKERS ?? '127.0.0.1:59092',
};
const dbUrl = (name) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const work = mkdtempSync(join(tmpdir(), 'bench-catalog-'));
const SETTINGS = { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', HOST: '127.0.0.1' };
/** Ports of the distributed store: the topology's moved by this much (the distributed tests use 1500). */
const PORT_OFFSET = 2500;
const DATABASE_PREFIX = 'bench_';
const FLOOR_PORT = 18490;
/** Issue 23's target: a cached product detail through the whole pipeline, as a share of the floor's req/s. */
const FIXED_URL_SCENARIO = 'product detail, one fixed URL (cached)';
const FIXED_URL_TARGET = { standalone: 0.2, distributed: 0.25 };

function run(args, env) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
}

const addProducts = (env) =>
  run(['-r', '@swc-node/register', 'apps/catalog/src/seed/bulk-products.ts', values.products], env);

/** `npm start`'s process: a first start seeds the demo store; the products are added while it is stopped. */
async function standaloneStore() {
  const port = 18480;
  const dataDir = join(work, 'standalone');
  const store = standaloneProcess(port, dataDir, SETTINGS, join(work, 'standalone.log'));
  const url = `http://127.0.0.1:${port}`;
  store.start();
  await waitFor(`${url}/api/health`, (health) => health?.status === 'ok', 300_000);
  await store.stop();
  addProducts({ STANDALONE_DATA_DIR: dataDir });
  store.start();
  await waitFor(`${url}/api/health`, (health) => health?.status === 'ok', 300_000);
  return { url, stop: () => store.stop() };
}

/** `npm run start:distributed` on databases of its own, seeded and filled before it starts. */
async function distributedStore() {
  const dataDir = join(work, 'distributed');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of ['catalog', 'board', 'member']) {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE_PREFIX}${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE_PREFIX}${name}`);
  }
  await admin.end();
  run(['-r', '@swc-node/register', 'apps/standalone/src/seed-cli.ts'], {
    CATALOG_DATABASE_URL: dbUrl(`${DATABASE_PREFIX}catalog`),
    BOARD_DATABASE_URL: dbUrl(`${DATABASE_PREFIX}board`),
    MEMBER_DATABASE_URL: dbUrl(`${DATABASE_PREFIX}member`),
    CATALOG_DATA_DIR: join(dataDir, 'catalog'),
  });
  addProducts({ DATABASE_URL: dbUrl(`${DATABASE_PREFIX}catalog`) });
  const port = 8080 + PORT_OFFSET;
  const store = new ManagedProcess(
    'distributed',
    ['-r', '@swc-node/register', 'scripts/start-distributed.ts'],
    {
      ...SETTINGS,
      ...servers,
      PORT: String(port),
      PORT_OFFSET: String(PORT_OFFSET),
      DATABASE_PREFIX,
      KAFKA_TOPIC_PREFIX: `bench-${Date.now().toString(36)}.`,
      REDIS_URL: Object.assign(new URL(servers.MKT_TEST_REDIS_URL), { pathname: '/9' }).toString(),
      DATA_DIR: dataDir,
    },
    join(work, 'distributed.log'),
  );
  store.start();
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, (health) => health?.status === 'ok', 300_000);
  return { url, stop: () => store.stop(20_000) };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sample = (list, count) => Array.from({ length: Math.min(count, list.length) }, () => pick(list));
const base64 = (n) => Buffer.from(String(n)).toString('base64');
const keyword = (text) => `/api/product/list?keyword=${encodeURIComponent(text)}&size=40`;

/**
 * Each scenario: the paths the store is asked (one at random per request), and the ones the floor
 * answers (the same, or a sample of them where they are too many to fetch beforehand).
 */
async function scenarios(url) {
  const get = async (path) => (await fetch(`${url}${path}`)).json();
  const total = (await get('/api/product/list?size=1')).totalCount;
  const top = await get('/api/categories/sub/1');
  const words = (await get('/api/product/list?size=100&sortBy=pno&sort=desc')).dtoList.flatMap((product) =>
    product.pName
      .replace(/^\[[^\]]*\] /, '')
      .split(' ')
      .slice(0, 2),
  );
  const adjectives = [...new Set(words.filter((_, i) => i % 2 === 0))];
  const nouns = [...new Set(words.filter((_, i) => i % 2 === 1))];
  const searches = adjectives.flatMap((adjective) => nouns.map((noun) => keyword(`${adjective} ${noun}`)));
  // The same products as JSON (the API's detail) and as the server-rendered page (issue 24).
  const detailed = sample(
    Array.from({ length: total }, (_, i) => i + 1),
    200,
  );
  const sitemaps = Array.from({ length: Math.ceil(total / 100) }, (_, i) => `/sitemap/products-${i + 1}.xml`);
  return [
    [
      'categories: top and second level',
      ['/api/categories/sub/1', ...top.map((c) => `/api/categories/sub/${c.ctno}`)],
    ],
    // One fixed URL, answered from the read cache after the first request: the whole pipeline's cost
    // on a cache hit, beside the floor's for the very same bytes (issue 23's target).
    [FIXED_URL_SCENARIO, [`/api/product/${base64(detailed[0])}`]],
    ['product detail, 200 products', detailed.map((pno) => `/api/product/${base64(pno)}`)],
    ['product page rendered on the server, the same 200', detailed.map((pno) => `/product/${pno}`)],
    // Crawlers' pages (issue 24): the index, and any one of the child sitemaps (100 products each).
    ['sitemap index', ['/sitemap.xml']],
    [`child sitemap, any of ${sitemaps.length}`, sitemaps, sample(sitemaps, 50)],
    // The home, rendered from the cached rows and category lists (its tiles drawn for each request).
    ['home rendered on the server', ['/']],
    ['list, pages 1-3, default sort', [1, 2, 3].map((page) => `/api/product/list?page=${page}&size=40`)],
    ['list, top category, newest', top.map((c) => `/api/product/list?ctno=${c.ctno}&sortBy=pno&size=40`)],
    [
      'list, random page of 50',
      Array.from({ length: 50 }, (_, i) => `/api/product/list?page=${i + 1}&size=40`),
    ],
    [
      'list, 낮은 가격순, random page of 50',
      Array.from({ length: 50 }, (_, i) => `/api/product/list?page=${i + 1}&size=40&sortBy=p_price&sort=asc`),
    ],
    ['list, keyword 김치', [keyword('김치')]],
    [`list, keyword: ${searches.length} word pairs (uncached)`, searches, sample(searches, 50)],
    ['list, initial consonants ㄱㅊ', [keyword('ㄱㅊ')]],
  ].map(([title, paths, floorPaths = paths]) => ({ title, paths, floorPaths }));
}

function load(url, paths) {
  return new Promise((done, fail) => {
    autocannon(
      {
        url,
        connections: Number(values.connections),
        duration: Number(values.seconds),
        requests: [{ setupRequest: (request) => ({ ...request, path: pick(paths) }) }],
      },
      (error, result) => (error ? fail(error) : done(result)),
    );
  });
}

/** The floor: the store's answers for `paths`, fetched once, served from memory by a bare node:http server. */
async function startFloor(url, allPaths) {
  const answers = {};
  for (const path of new Set(allPaths)) {
    const response = await fetch(`${url}${path}`);
    answers[path] = {
      type: response.headers.get('content-type'),
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    };
  }
  const file = join(work, 'floor.json');
  writeFileSync(file, JSON.stringify(answers));
  const floor = new ManagedProcess(
    'floor',
    ['scripts/bench/floor-server.mjs', file, String(FLOOR_PORT)],
    {},
    join(work, 'floor.log'),
  );
  floor.start();
  await waitFor(`http://127.0.0.1:${FLOOR_PORT}/ready`);
  return floor;
}

const locations = (xml) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);

/**
 * Walks the sitemap as a crawler does (issue 24: every product, 100,000 too): the index, then each
 * child in turn; fails unless they list every product on sale exactly once. Prints how long it took.
 */
async function walkSitemap(url) {
  const { totalCount } = await (await fetch(`${url}/api/product/list?size=1`)).json();
  const started = performance.now();
  const children = locations(await (await fetch(`${url}/sitemap.xml`)).text());
  const indexMs = performance.now() - started;
  const listed = new Set();
  const childMs = [];
  for (const child of children) {
    const at = performance.now();
    const response = await fetch(`${url}${child}`);
    if (!response.ok) throw new Error(`${child} answered ${response.status}`);
    for (const path of locations(await response.text())) listed.add(path);
    childMs.push(performance.now() - at);
  }
  const walkMs = performance.now() - started;
  childMs.sort((a, b) => a - b);
  console.log(
    `sitemap: ${totalCount} products on sale, ${children.length} child sitemaps listing ${listed.size} distinct ` +
      `products; index ${indexMs.toFixed(0)} ms, a child p50 ${childMs[Math.floor(childMs.length / 2)].toFixed(0)} ms, ` +
      `max ${childMs.at(-1).toFixed(0)} ms; the whole walk ${(walkMs / 1000).toFixed(1)} s (load average ${loadavg()[0].toFixed(1)})`,
  );
  if (listed.size !== totalCount || children.length !== Math.ceil(totalCount / 100))
    throw new Error(
      `the sitemap lists ${listed.size} products in ${children.length} children, not ${totalCount}`,
    );
}

async function benchmark(mode, store) {
  await walkSitemap(store.url);
  const list = await scenarios(store.url);
  const floor = await startFloor(
    store.url,
    list.flatMap((scenario) => scenario.floorPaths),
  );
  const rows = [];
  let fixedUrlShare;
  try {
    for (const scenario of list) {
      const measured = await load(store.url, scenario.paths);
      const bare = await load(`http://127.0.0.1:${FLOOR_PORT}`, scenario.floorPaths);
      if (scenario.title === FIXED_URL_SCENARIO)
        fixedUrlShare = measured.requests.average / bare.requests.average;
      rows.push({
        scenario: scenario.title,
        'req/s': Math.round(measured.requests.average),
        'p50 ms': measured.latency.p50,
        'p99 ms': measured.latency.p99,
        errors: measured.non2xx + measured.errors,
        'floor req/s': Math.round(bare.requests.average),
        'floor p50': bare.latency.p50,
        'floor p99': bare.latency.p99,
        'of floor': `${Math.round((100 * measured.requests.average) / bare.requests.average)}%`,
      });
    }
  } finally {
    await floor.stop();
  }
  console.log(
    `\n${mode}: ${values.products} generated products; ${values.connections} connections, ${values.seconds} s per ` +
      `scenario; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}\n`,
  );
  console.table(rows);
  const target = FIXED_URL_TARGET[mode];
  console.log(
    `target: a cached product detail at ${Math.round(100 * fixedUrlShare)}% of the floor ` +
      `(at least ${100 * target}%): ${fixedUrlShare >= target ? 'met' : 'MISSED'}`,
  );
}

const MODES = { standalone: standaloneStore, distributed: distributedStore };
for (const mode of values.modes.split(',')) {
  if (!MODES[mode]) throw new Error(`unknown mode ${mode}: standalone or distributed`);
  console.log(`\n${mode}: seeding and starting (logs under ${work})`);
  const store = await MODES[mode]();
  try {
    await benchmark(mode, store);
  } finally {
    await store.stop();
  }
}
