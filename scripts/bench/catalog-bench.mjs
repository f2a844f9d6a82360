#!/usr/bin/env node
// Storefront browsing under load, in distributed mode: fresh catalog and board databases on the
// PostgreSQL that `npm run infra:up` starts, the demo store plus N generated products, then the
// catalog, board and BFF processes, then autocannon on the BFF for each scenario.
//   node scripts/bench/catalog-bench.mjs [--products 100000] [--seconds 10] [--connections 20]
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { serve, stopAll, waitFor } from './processes.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
  },
});
const adminUrl = process.env.MKT_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:55432/postgres';
const kafka = process.env.MKT_TEST_KAFKA_BROKERS ?? '127.0.0.1:59092';
const dbUrl = (name) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

async function recreate(names) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  for (const name of names) {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  }
  await client.end();
}

function run(args, env) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
}

function load(title, requests) {
  return new Promise((done, fail) => {
    autocannon(
      {
        url: 'http://127.0.0.1:18480',
        connections: Number(values.connections),
        duration: Number(values.seconds),
        requests,
      },
      (error, result) => {
        if (error) return fail(error);
        const non2xx = result.non2xx + result.errors;
        done({
          scenario: title,
          'req/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          errors: non2xx,
        });
      },
    );
  });
}

const random = (list) => list[Math.floor(Math.random() * list.length)];

try {
  const catalogDataDir = mkdtempSync(join(tmpdir(), 'bench-catalog-'));
  await recreate(['bench_catalog', 'bench_board', 'bench_member']);
  run(['-r', '@swc-node/register', 'apps/standalone/src/seed-cli.ts'], {
    CATALOG_DATABASE_URL: dbUrl('bench_catalog'),
    BOARD_DATABASE_URL: dbUrl('bench_board'),
    MEMBER_DATABASE_URL: dbUrl('bench_member'),
    CATALOG_DATA_DIR: catalogDataDir,
  });
  run(['-r', '@swc-node/register', 'apps/catalog/src/seed/bulk-products.ts', values.products], {
    DATABASE_URL: dbUrl('bench_catalog'),
  });
  serve('catalog', 18481, {
    DATABASE_URL: dbUrl('bench_catalog'),
    KAFKA_BROKERS: kafka,
    DATA_DIR: catalogDataDir,
  });
  serve('board', 18482, {
    DATABASE_URL: dbUrl('bench_board'),
    KAFKA_BROKERS: kafka,
    SERVICE_URL_CATALOG: 'http://127.0.0.1:18481',
  });
  serve('member', 18483, { DATABASE_URL: dbUrl('bench_member'), KAFKA_BROKERS: kafka });
  serve('bff', 18480, {
    SERVICE_URL_CATALOG: 'http://127.0.0.1:18481',
    SERVICE_URL_BOARD: 'http://127.0.0.1:18482',
    SERVICE_URL_MEMBER: 'http://127.0.0.1:18483',
    SERVICE_URL_CART: 'http://127.0.0.1:9',
    SERVICE_URL_ORDER: 'http://127.0.0.1:9',
    SERVICE_URL_PAYMENT: 'http://127.0.0.1:9',
    SERVICE_URL_REFUND: 'http://127.0.0.1:9',
    REDIS_URL: process.env.MKT_TEST_REDIS_URL ?? 'redis://127.0.0.1:56379',
    JWT_SECRET: 'benchmark-only-secret-benchmark-only-secret',
  });
  await waitFor('http://127.0.0.1:18480/api/health', (health) => health?.status === 'ok');

  const list = await (await fetch('http://127.0.0.1:18480/api/product/list?size=100&sortBy=pno')).json();
  const total = list.totalCount;
  const top = await (await fetch('http://127.0.0.1:18480/api/categories/sub/1')).json();
  const pnos = Array.from({ length: 500 }, () => 1 + Math.floor(Math.random() * total));
  const scenarios = [
    [
      'list, default sort (p_salesVol), random page of 40',
      () => [{ path: `/api/product/list?page=${1 + Math.floor(Math.random() * 50)}&size=40` }],
    ],
    [
      'list, top category filter, newest',
      () => [{ path: `/api/product/list?ctno=${random(top).ctno}&sortBy=pno&size=40` }],
    ],
    [
      'list, keyword 김치',
      () => [{ path: `/api/product/list?keyword=${encodeURIComponent('김치')}&size=40` }],
    ],
    [
      'list, keyword 프리미엄 사과',
      () => [{ path: `/api/product/list?keyword=${encodeURIComponent('프리미엄 사과')}&size=40` }],
    ],
    [
      'list, initial consonants ㄱㅊ',
      () => [{ path: `/api/product/list?keyword=${encodeURIComponent('ㄱㅊ')}&size=40` }],
    ],
    [
      'product detail, random pno',
      () => [{ path: `/api/product/${Buffer.from(String(random(pnos))).toString('base64')}` }],
    ],
  ];
  const rows = [];
  for (const [title, requests] of scenarios) {
    rows.push(await load(title, [{ setupRequest: (req) => ({ ...req, ...requests()[0] }) }]));
  }
  console.log(`\n${total} products; ${values.connections} connections, ${values.seconds} s per scenario\n`);
  console.table(rows);
} finally {
  stopAll();
}
