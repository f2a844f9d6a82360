#!/usr/bin/env node
// The cart under load, in distributed mode: fresh catalog, member and cart databases on the
// PostgreSQL that `npm run infra:up` starts, the demo store, then the catalog, member, cart and BFF
// processes, then autocannon on the BFF for two scenarios: reading a 20-line cart (each read asks
// catalog for the lines' current prices and stock) and adding a line.
//   node scripts/bench/cart-bench.mjs [--seconds 10] [--connections 20] [--members 50]
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
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    members: { type: 'string', default: '50' },
  },
});
const adminUrl = process.env.MKT_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:55432/postgres';
const kafka = process.env.MKT_TEST_KAFKA_BROKERS ?? '127.0.0.1:59092';
const dbUrl = (name) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const bff = 'http://127.0.0.1:18490';
const CART_LINES = 20;
/** Options the add scenario spreads over, so that no line reaches its stock or the line limit. */
const ADD_OPTIONS = 40;

async function sql(database, statements) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

function run(args, env) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
}

async function api(method, path, { token, json } = {}) {
  const response = await fetch(`${bff}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Joins and signs in a shopper; answers their mno and access token. */
async function shopper(index) {
  const email = `bench${index}.${Date.now()}@example.kr`;
  await api('POST', '/api/member/join', {
    json: {
      email,
      m_pw: 'bench123!',
      m_name: '벤치',
      m_nickname: `벤치${index}`,
      m_phoNum: '01012345678',
      def_addr: '(04524) 서울 중구 세종대로 110',
      isMan: true,
      ad_agree: false,
      info_agree: true,
    },
  });
  const response = await fetch(`${bff}/api/member/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: 'bench123!' }),
  });
  const { mno, accessToken } = await response.json();
  return { mno, token: accessToken };
}

function load(title, setupRequest) {
  return new Promise((done, fail) => {
    autocannon(
      {
        url: bff,
        connections: Number(values.connections),
        duration: Number(values.seconds),
        requests: [{ setupRequest }],
      },
      (error, result) => {
        if (error) return fail(error);
        done({
          scenario: title,
          'req/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          errors: result.non2xx + result.errors,
        });
      },
    );
  });
}

const random = (list) => list[Math.floor(Math.random() * list.length)];

try {
  const databases = ['bench_cart_catalog', 'bench_cart_board', 'bench_cart_member', 'bench_cart_cart'];
  await sql(
    adminUrl,
    databases.flatMap((name) => [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]),
  );
  const catalogDataDir = mkdtempSync(join(tmpdir(), 'bench-cart-catalog-'));
  run(['-r', '@swc-node/register', 'apps/standalone/src/seed-cli.ts'], {
    CATALOG_DATABASE_URL: dbUrl('bench_cart_catalog'),
    BOARD_DATABASE_URL: dbUrl('bench_cart_board'),
    MEMBER_DATABASE_URL: dbUrl('bench_cart_member'),
    CATALOG_DATA_DIR: catalogDataDir,
  });
  // Stock enough that no add of the run meets it.
  await sql(dbUrl('bench_cart_catalog'), ['UPDATE product_option SET od_stock = 100000']);
  serve('catalog', 18491, {
    DATABASE_URL: dbUrl('bench_cart_catalog'),
    KAFKA_BROKERS: kafka,
    DATA_DIR: catalogDataDir,
  });
  serve('member', 18492, { DATABASE_URL: dbUrl('bench_cart_member'), KAFKA_BROKERS: kafka });
  serve('cart', 18493, {
    DATABASE_URL: dbUrl('bench_cart_cart'),
    KAFKA_BROKERS: kafka,
    SERVICE_URL_CATALOG: 'http://127.0.0.1:18491',
  });
  serve('bff', 18490, {
    SERVICE_URL_CATALOG: 'http://127.0.0.1:18491',
    SERVICE_URL_MEMBER: 'http://127.0.0.1:18492',
    SERVICE_URL_CART: 'http://127.0.0.1:18493',
    SERVICE_URL_ORDER: 'http://127.0.0.1:9',
    SERVICE_URL_PAYMENT: 'http://127.0.0.1:9',
    SERVICE_URL_REFUND: 'http://127.0.0.1:9',
    SERVICE_URL_BOARD: 'http://127.0.0.1:9',
    REDIS_URL: process.env.MKT_TEST_REDIS_URL ?? 'redis://127.0.0.1:56379',
    KAFKA_BROKERS: kafka,
    JWT_SECRET: 'benchmark-only-secret-benchmark-only-secret',
  });
  await waitFor(`${bff}/api/health`, (health) =>
    ['catalog', 'member', 'cart'].every((name) => health?.services?.[name] === 'up'),
  );

  const products = (await api('GET', `/api/product/list?size=${CART_LINES * 2}&sortBy=pno`)).dtoList;
  const odnos = [];
  for (const { pno } of products) {
    const detail = await api('GET', `/api/product/${Buffer.from(String(pno)).toString('base64')}`);
    odnos.push(...detail.optionDetail.map((option) => option.odno));
  }
  if (odnos.length < ADD_OPTIONS) throw new Error(`the demo store has only ${odnos.length} options`);

  const reader = await shopper(0);
  for (const odno of odnos.slice(0, CART_LINES)) {
    await api('POST', '/api/cart/add', { token: reader.token, json: { odno, c_cnt: 1 } });
  }
  const readerCart = await api('GET', `/api/cart/${reader.mno}`, { token: reader.token });
  if (readerCart.length !== CART_LINES) throw new Error(`the reader's cart has ${readerCart.length} lines`);
  const adders = [];
  for (let i = 1; i <= Number(values.members); i++) adders.push(await shopper(i));
  const addOptions = odnos.slice(0, ADD_OPTIONS);

  const rows = [
    await load(`read a ${CART_LINES}-line cart (GET /api/cart/{mno})`, (request) => ({
      ...request,
      method: 'GET',
      path: `/api/cart/${reader.mno}`,
      headers: { authorization: `Bearer ${reader.token}` },
    })),
    await load('add a line (POST /api/cart/add)', (request) => {
      const adder = random(adders);
      return {
        ...request,
        method: 'POST',
        path: '/api/cart/add',
        headers: { authorization: `Bearer ${adder.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ odno: random(addOptions), c_cnt: 1 }),
      };
    }),
  ];
  console.log(
    `\n${values.connections} connections, ${values.seconds} s per scenario; adds spread over ${adders.length} members and ${ADD_OPTIONS} options\n`,
  );
  console.table(rows);
} finally {
  stopAll();
}
