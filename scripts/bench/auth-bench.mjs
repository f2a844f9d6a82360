#!/usr/bin/env node
// Sign-in and token refresh under load, in distributed mode: a fresh member database on the
// PostgreSQL `npm run infra:up` starts, sessions in its Redis, the member service and the BFF as
// separate processes. Each of `--clients` loops signs in (or refreshes, each refresh using the
// token the previous one returned) for `--seconds`; prints requests per second and p50/p99.
//   node scripts/bench/auth-bench.mjs [--clients 10] [--seconds 10]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { serve, stopAll, waitFor } from './processes.mjs';

const { values } = parseArgs({
  options: { clients: { type: 'string', default: '10' }, seconds: { type: 'string', default: '10' } },
});
const adminUrl = process.env.MKT_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:55432/postgres';
const memberUrl = Object.assign(new URL(adminUrl), { pathname: '/bench_member' }).toString();
const bff = 'http://127.0.0.1:18490';

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS bench_member WITH (FORCE)');
await admin.query('CREATE DATABASE bench_member');
await admin.end();

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(title, makeClient) {
  const latencies = [];
  let failures = 0;
  const until = Date.now() + Number(values.seconds) * 1000;
  await Promise.all(
    Array.from({ length: Number(values.clients) }, async () => {
      const step = await makeClient();
      while (Date.now() < until) {
        const started = performance.now();
        const ok = await step();
        latencies.push(performance.now() - started);
        if (!ok) failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    scenario: title,
    'req/s': Math.round(latencies.length / Number(values.seconds)),
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    failures,
  };
}

const form = (email, password) => new URLSearchParams({ username: email, password }).toString();
const login = (email, password) =>
  fetch(`${bff}/api/member/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form(email, password),
  });

try {
  serve('member', 18491, {
    DATABASE_URL: memberUrl,
    KAFKA_BROKERS: process.env.MKT_TEST_KAFKA_BROKERS ?? '127.0.0.1:59092',
  });
  serve('bff', 18490, {
    SERVICE_URL_MEMBER: 'http://127.0.0.1:18491',
    SERVICE_URL_CATALOG: 'http://127.0.0.1:9',
    SERVICE_URL_BOARD: 'http://127.0.0.1:9',
    SERVICE_URL_CART: 'http://127.0.0.1:9',
    SERVICE_URL_ORDER: 'http://127.0.0.1:9',
    SERVICE_URL_PAYMENT: 'http://127.0.0.1:9',
    SERVICE_URL_REFUND: 'http://127.0.0.1:9',
    REDIS_URL: process.env.MKT_TEST_REDIS_URL ?? 'redis://127.0.0.1:56379',
    // The BFF's read cache hears product changes on the broker: it does not start without it.
    KAFKA_BROKERS: process.env.MKT_TEST_KAFKA_BROKERS ?? '127.0.0.1:59092',
    JWT_SECRET: 'benchmark-only-secret-benchmark-only-secret',
  });
  await waitFor('http://127.0.0.1:18491/health/ready');
  await waitFor(`${bff}/api/health`);
  const join = await fetch(`${bff}/api/member/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench@example.kr',
      m_pw: 'bench123!',
      m_name: '벤치',
      m_nickname: '벤치',
      m_phoNum: '01000000000',
      def_addr: '서울',
      isMan: true,
      ad_agree: false,
      info_agree: true,
    }),
  });
  if (join.status !== 201) throw new Error(`join failed: ${join.status}`);

  const rows = [];
  rows.push(
    await measure(
      'login (scrypt check, session in Redis)',
      async () => async () => (await login('bench@example.kr', 'bench123!')).ok,
    ),
  );
  rows.push(
    await measure('refresh (rotation in Redis, member re-read)', async () => {
      let token = (await (await login('bench@example.kr', 'bench123!')).json()).refreshToken;
      return async () => {
        const response = await fetch(`${bff}/api/member/refresh?refreshToken=${token}`);
        if (!response.ok) return false;
        token = (await response.json()).refreshToken;
        return true;
      };
    }),
  );
  console.log(`\n${values.clients} concurrent clients, ${values.seconds} s per scenario\n`);
  console.table(rows);
} finally {
  stopAll();
}
