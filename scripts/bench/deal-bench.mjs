#!/usr/bin/env node
// The 11:00 deal drop: a deal opens on --units units (spread over the options of one product) and
// --shoppers shoppers who already hold it in their cart press buy within the same --spread-ms, each
// going through the whole checkout as the web app does (place the order with an Idempotency-Key, pay
// in the sandbox window, record the payment, verify). For each mode (standalone: `npm start`'s
// process on a fresh data folder; distributed: `npm run start:distributed [--replicas N]` on
// databases, topics, ports and a Redis database of its own, on the servers of `npm run infra:up`
// or the MKT_TEST_* settings) it prints: time to sold out, orders/s, what each shopper saw (complete,
// "sold out" before paying, paid then refunded) with counts, buy → answer p50/p99, the chain's hops
// p50/p99 (from the services' outbox rows: payment.verified → order.completed → cart.cleared, and
// order.placed → stock.reserved), the CPU ms per complete order of each process, and the raw kafkajs
// round trip on the same Kafka in the same run. It exits 1 unless, in every mode, exactly --units
// orders complete, nothing is oversold, every shopper who paid and lost got the money back, and no
// event was lost (every outbox row published, every consumer caught up, every effect there).
//   npm run bench:deal -- [--shoppers 1000] [--units 100] [--options 3] [--spread-ms 1000]
//     [--modes standalone,distributed] [--replicas 1] [--roundtrips 200] [--settle-seconds 120]
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { ManagedProcess, standaloneProcess, waitFor } from './processes.mjs';
import { HttpError, kafkaRoundTrip, ms, percentile, processCpuMs, sleep, storeCaller } from './shop.mjs';

const { values } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '1000' },
    units: { type: 'string', default: '100' },
    options: { type: 'string', default: '3' },
    'spread-ms': { type: 'string', default: '1000' },
    modes: { type: 'string', default: 'standalone,distributed' },
    replicas: { type: 'string', default: '1' },
    roundtrips: { type: 'string', default: '200' },
    'settle-seconds': { type: 'string', default: '120' },
    /** Shoppers joining and signing in at once before the drop (scrypt makes each cost CPU). */
    'join-concurrency': { type: 'string', default: '8' },
  },
});
const SHOPPERS = Number(values.shoppers);
const UNITS = Number(values.units);
const OPTIONS = Number(values.options);
const ROUNDTRIPS = Number(values.roundtrips);
const SPREAD_MS = Number(values['spread-ms']);
if (UNITS < OPTIONS) throw new Error('--units must be at least --options (every option holds some)');

const servers = {
  MKT_TEST_DATABASE_URL:
    process.env.MKT_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:55432/postgres',
  MKT_TEST_REDIS_URL: process.env.MKT_TEST_REDIS_URL ?? 'redis://127.0.0.1:56379',
  MKT_TEST_KAFKA_BROKERS: process.env.MKT_TEST_KAFKA_BROKERS ?? '127.0.0.1:59092',
};
const work = mkdtempSync(join(tmpdir(), 'bench-deal-'));
const SETTINGS = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '0',
  HOST: '127.0.0.1',
  PRODUCTS_PER_CATEGORY: '2',
};
/** The distributed store's ports: the topology's moved by this much (the distributed tests use 1500-2200). */
const PORT_OFFSET = 2700;
const DATABASE_PREFIX = 'bench_deal_';
const SERVICES = ['catalog', 'member', 'board', 'cart', 'order', 'payment', 'refund'];
const PASSWORD = 'deal1234!';
const stamp = () => new Date().toISOString().slice(11, 19);
const say = (line) => console.log(`[${stamp()}] ${line}`);
const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
const kafka = new Kafka({
  clientId: 'deal-bench',
  brokers: servers.MKT_TEST_KAFKA_BROKERS.split(','),
  logLevel: logLevel.NOTHING,
});

// ---------------------------------------------------------------------------------------- stores

/** Rows of `statement` in `service`'s schema of an embedded database. */
async function embeddedQuery(db, service, statement) {
  await db.exec(`SET search_path TO "${service}"`);
  return (await db.query(statement)).rows;
}

/**
 * `npm start`'s process on a fresh data folder. Its databases are schemas of one embedded PGlite,
 * which only the store may open: the deal is set up between a first start (which seeds the demo
 * store) and the one that serves it, and the results are read once it stopped.
 */
async function standaloneStore() {
  const port = 18700;
  const dataDir = join(work, 'standalone');
  const store = standaloneProcess(port, dataDir, SETTINGS, join(work, 'standalone.log'));
  const url = `http://127.0.0.1:${port}`;
  const openDatabase = () => PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
  const started = async () => {
    store.start();
    await waitFor(`${url}/api/health`, (health) => health?.status === 'ok', 300_000);
  };
  await started();
  let db;
  return {
    url,
    cpuMs: () => ({ standalone: store.cpuMs() }),
    /** Runs `work` on the stopped store's databases, then starts it again. */
    async prepare(work) {
      await store.stop(20_000);
      const preparing = await openDatabase();
      try {
        return await work((service, statement) => embeddedQuery(preparing, service, statement));
      } finally {
        await preparing.close();
        await started();
      }
    },
    /** Rows of `sql` in `service`'s schema; stops the store first. */
    async query(service, statement) {
      await store.stop(20_000);
      db ??= await openDatabase();
      return embeddedQuery(db, service, statement);
    },
    /** Messages of the in-process bus the services' consumer groups have not taken yet. */
    async unconsumed() {
      const rows = await this.query(
        'bus',
        `SELECT count(*)::int AS n FROM bus_offset o
         JOIN bus_message m ON m.topic = o.topic AND m.id > o.last_id
         WHERE o.group_id IN (${SERVICES.map((service) => `'${service}'`).join(',')})`,
      );
      return rows[0].n;
    },
    async close() {
      await store.stop(20_000);
      await db?.close();
    },
  };
}

const adminUrl = servers.MKT_TEST_DATABASE_URL;
const dbUrl = (service) =>
  Object.assign(new URL(adminUrl), { pathname: `/${DATABASE_PREFIX}${service}` }).toString();

async function sql(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/** `npm run start:distributed` on databases, topics, ports and a Redis database of its own. */
async function distributedStore() {
  for (const service of SERVICES)
    await sql(adminUrl, `DROP DATABASE IF EXISTS ${DATABASE_PREFIX}${service} WITH (FORCE)`);
  const dataDir = join(work, 'distributed');
  const topicPrefix = `bench-deal-${Date.now().toString(36)}.`;
  const port = 8080 + PORT_OFFSET;
  const store = new ManagedProcess(
    'distributed',
    ['-r', '@swc-node/register', 'scripts/start-distributed.ts', '--replicas', values.replicas],
    {
      ...SETTINGS,
      ...servers,
      PORT: String(port),
      PORT_OFFSET: String(PORT_OFFSET),
      DATABASE_PREFIX,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      REDIS_URL: Object.assign(new URL(servers.MKT_TEST_REDIS_URL), { pathname: '/7' }).toString(),
      DATA_DIR: dataDir,
    },
    join(work, 'distributed.log'),
  ).start();
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, (health) => health?.status === 'ok', 300_000);
  // start:distributed writes each process's pid once it starts it.
  const pids = () =>
    Object.fromEntries(
      readdirSync(join(dataDir, 'pids')).map((file) => [
        file.replace(/\.pid$/, ''),
        Number(readFileSync(join(dataDir, 'pids', file), 'utf8')),
      ]),
    );
  return {
    url,
    readWhileRunning: true,
    prepare: (work) => work((service, statement) => sql(dbUrl(service), statement)),
    cpuMs: () => Object.fromEntries(Object.entries(pids()).map(([name, pid]) => [name, processCpuMs(pid)])),
    query: (service, statement) => sql(dbUrl(service), statement),
    /** Messages of the services' topics their consumer groups have not committed yet. */
    async unconsumed() {
      const admin = kafka.admin();
      await admin.connect();
      try {
        let lag = 0;
        for (const service of SERVICES) {
          for (const { topic, partitions } of await admin.fetchOffsets({ groupId: topicPrefix + service })) {
            for (const end of await admin.fetchTopicOffsets(topic)) {
              const committed = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
              lag += Number(end.high) - (committed >= 0 ? committed : Number(end.low));
            }
          }
        }
        return lag;
      } finally {
        await admin.disconnect();
      }
    },
    close: () => store.stop(30_000),
  };
}

// ------------------------------------------------------------------------------------- the drop

/**
 * Opens the deal in catalog's database (`query(service, sql)`): the first live product with at least
 * --options options on sale, its first ones sharing --units units. Answers the product and the stocks.
 */
async function openDeal(query) {
  const [product] = await query(
    'catalog',
    `SELECT o.pno FROM product_option o JOIN product p ON p.pno = o.pno
     WHERE NOT p.del_flag AND NOT o.retired GROUP BY o.pno HAVING count(*) >= ${OPTIONS} ORDER BY o.pno LIMIT 1`,
  );
  if (!product) throw new Error(`the demo store has no product with ${OPTIONS} options`);
  const options = await query(
    'catalog',
    `SELECT odno FROM product_option WHERE pno = ${product.pno} AND NOT retired ORDER BY odno LIMIT ${OPTIONS}`,
  );
  const each = Math.floor(UNITS / OPTIONS);
  const stocks = options.map((option, index) => ({
    odno: option.odno,
    stock: index === 0 ? UNITS - each * (OPTIONS - 1) : each,
  }));
  for (const { odno, stock } of stocks)
    await query('catalog', `UPDATE product_option SET od_stock = ${stock} WHERE odno = ${odno}`);
  await query(
    'catalog',
    `UPDATE product SET p_stock = (SELECT sum(od_stock) FROM product_option WHERE pno = ${product.pno}) WHERE pno = ${product.pno}`,
  );
  return { pno: product.pno, options: stocks, stocks };
}

/** Joins and signs in the shoppers, a few at a time, each with one unit of a deal option in the cart. */
async function shoppersWithDealInCart(api, deal, runId) {
  const shoppers = [];
  let next = 0;
  const joinOne = async () => {
    for (let index = next++; index < SHOPPERS; index = next++) {
      const email = `deal${index}.${runId}@example.kr`;
      await api('POST', '/api/member/join', {
        json: {
          email,
          m_pw: PASSWORD,
          m_name: '딜고객',
          m_nickname: `딜${index}`,
          m_phoNum: '01012345678',
          def_addr: '(04524) 서울 중구 세종대로 110',
          isMan: true,
          ad_agree: false,
          info_agree: true,
        },
      });
      const login = await api('POST', '/api/member/login', { form: { username: email, password: PASSWORD } });
      const option = deal.options[index % deal.options.length];
      const [line] = await api('POST', '/api/cart/add', {
        token: login.accessToken,
        json: { odno: option.odno, c_cnt: 1 },
      });
      shoppers.push({ index, mno: login.mno, token: login.accessToken, login, line });
    }
  };
  await Promise.all(Array.from({ length: Number(values['join-concurrency']) }, joinOne));
  return shoppers;
}

/**
 * One shopper pressing buy at `at` (ms on the performance clock): the checkout page's calls. Answers
 * what the shopper was told and when.
 */
async function pressBuy(api, shopper, at, runId) {
  await sleep(Math.max(0, at - performance.now()));
  const pressed = performance.now();
  const seen = { index: shopper.index, mno: shopper.mno, token: shopper.token, pressed };
  const answered = (outcome, extra = {}) =>
    Object.assign(seen, { outcome, answerMs: performance.now() - pressed, ...extra });
  const { token, login, line } = shopper;
  let order;
  try {
    order = await api('POST', '/api/orders', {
      token,
      headers: { 'Idempotency-Key': `deal-${runId}-${shopper.index}` },
      json: {
        o_reciver: login.m_name,
        o_address: login.def_addr,
        o_reciverPhoNum: login.m_phoNum,
        o_totalPrice: line.lineAmount,
        orderDetails: [{ odno: line.odno, or_count: 1 }],
        cartItemIds: [line.cino],
      },
    });
  } catch (error) {
    if (error instanceof HttpError && error.status === 400)
      return answered('sold out before paying', { message: JSON.parse(error.body).message });
    throw error;
  }
  seen.ono = order.ono;
  const merchant_uid = `mkt_deal_${runId}_${shopper.index}`;
  const paid = await api('POST', '/api/payments/sandbox/pay', {
    token,
    json: { merchant_uid, amount: order.o_totalPrice, pg_provider: 'kakaopay', name: '타임특가' },
  });
  const record = await api('POST', '/api/payments', {
    token,
    json: {
      imp_uid: paid.imp_uid,
      merchant_uid,
      amount: order.o_totalPrice,
      pm_method: 'card',
      ono: order.ono,
    },
  });
  if (!record.success) return answered('payment not recorded', { message: record.errorMessage });
  const verifying = performance.now();
  const verification = await api('POST', `/api/checkout/verify/${paid.imp_uid}/${record.pmno}`, { token });
  seen.verifyMs = performance.now() - verifying;
  return answered(verification.verified ? 'told complete' : 'told not paid', {
    status: verification.status,
    message: verification.reason,
  });
}

// ------------------------------------------------------------------------------------- checking

/**
 * Waits until every placed order left PAYMENT_PENDING (asked as its shopper asks), then, where the
 * store's databases can be read while it runs, until every outbox row is published and every
 * message consumed. Answers what was still pending (nothing, when settled).
 */
async function settle(store, api, seen) {
  const deadline = Date.now() + Number(values['settle-seconds']) * 1000;
  for (const shopper of seen.filter((s) => s.ono)) {
    for (; Date.now() < deadline; await sleep(250)) {
      const order = await api('GET', `/api/orders/member/${shopper.mno}/${shopper.ono}`, {
        token: shopper.token,
      });
      if (order.status !== 'PAYMENT_PENDING') break;
    }
  }
  const onos = seen.filter((s) => s.ono).map((s) => s.ono);
  // Standalone's embedded databases are read once the store stopped: the effects left in flight by
  // then (a cart line, a refund at the gateway) get a few seconds first.
  if (!store.readWhileRunning) return sleep(3_000).then(() => ({}));
  for (; Date.now() < deadline; await sleep(500)) {
    const state = await pendingWork(store, onos);
    if (Object.values(state).every((n) => n === 0)) return state;
  }
  return pendingWork(store, onos);
}

async function pendingWork(store, onos) {
  const count = async (service, statement) => (await store.query(service, statement))[0].n;
  const list = onos.length ? onos.join(',') : 'NULL';
  const work = {
    'orders still PAYMENT_PENDING': await count(
      'order',
      `SELECT count(*)::int AS n FROM orders WHERE status = 'PAYMENT_PENDING' AND ono IN (${list})`,
    ),
  };
  for (const service of SERVICES)
    work[`${service}: outbox rows unpublished`] = await count(
      service,
      `SELECT count(*)::int AS n FROM outbox_event WHERE status <> 'PUBLISHED'`,
    );
  work['messages not consumed'] = await store.unconsumed();
  return work;
}

/** Outbox rows of `topic` in `service` by order number: when each was written. */
async function eventTimes(store, service, topic) {
  const rows = await store.query(
    service,
    `SELECT message_key, min(created_at) AS at FROM outbox_event WHERE topic = '${topic}' GROUP BY message_key`,
  );
  return new Map(rows.map((row) => [Number(row.message_key), new Date(row.at).getTime()]));
}

function hop(name, from, to, onos) {
  const samples = onos
    .filter((ono) => from.has(ono) && to.has(ono))
    .map((ono) => to.get(ono) - from.get(ono));
  return {
    hop: name,
    orders: samples.length,
    p50: ms(percentile(samples, 50)),
    p99: ms(percentile(samples, 99)),
  };
}

/** Every figure of the mode, and whether its checks passed. */
async function report(mode, store, deal, stocks, seen, drop, cpu, roundTrips) {
  const failures = [];
  const onos = seen.filter((s) => s.ono).map((s) => s.ono);
  const list = onos.length ? onos.join(',') : 'NULL';
  const orders = new Map(
    (
      await store.query(
        'order',
        `SELECT ono, status::text AS status, cancel_reason FROM orders WHERE ono IN (${list})`,
      )
    ).map((o) => [o.ono, o]),
  );
  const payments = new Map(
    (
      await store.query('payment', `SELECT ono, status::text AS status FROM payment WHERE ono IN (${list})`)
    ).map((p) => [p.ono, p.status]),
  );
  for (const shopper of seen) {
    if (!shopper.ono) continue;
    const order = orders.get(shopper.ono);
    const payment = payments.get(shopper.ono);
    if (order?.status === 'ORDER_COMPLETE') shopper.saw = 'complete';
    else if (order?.status === 'CANCEL' && payment === 'CANCELLED') shopper.saw = 'paid then refunded';
    else if (order?.status === 'CANCEL' && (payment === 'NOT_PAID' || payment === undefined))
      shopper.saw = 'sold out before paying';
    else {
      shopper.saw = `order ${order?.status ?? 'missing'}, payment ${payment ?? 'missing'}`;
      failures.push(`shopper ${shopper.index}: order ${shopper.ono} is ${shopper.saw}`);
    }
  }
  for (const shopper of seen) shopper.saw ??= shopper.outcome;
  const counts = {};
  for (const shopper of seen) counts[shopper.saw] = (counts[shopper.saw] ?? 0) + 1;

  const complete = seen.filter((s) => s.saw === 'complete');
  if (complete.length !== UNITS) failures.push(`${complete.length} orders complete, not ${UNITS}`);
  const finalStock = await store.query(
    'catalog',
    `SELECT odno, od_stock FROM product_option WHERE odno IN (${stocks.map((s) => s.odno).join(',')})`,
  );
  const sold = finalStock.reduce(
    (sum, option) => sum + stocks.find((s) => s.odno === option.odno).stock - option.od_stock,
    0,
  );
  if (finalStock.some((option) => option.od_stock < 0) || sold > UNITS)
    failures.push(`oversold: ${sold} of ${UNITS} taken, stock ${JSON.stringify(finalStock)}`);
  if (sold !== complete.length)
    failures.push(`${sold} units taken from stock for ${complete.length} complete orders`);
  const [{ sales }] = await store.query(
    'catalog',
    `SELECT p_sales_vol AS sales FROM product WHERE pno = ${deal.pno}`,
  );
  const lostRefunds = seen.filter(
    (s) => s.ono && orders.get(s.ono)?.status === 'CANCEL' && payments.get(s.ono) === 'VERIFIED',
  );
  for (const shopper of lostRefunds)
    failures.push(`order ${shopper.ono} is cancelled, its payment still taken`);
  const cartLeft = await store.query(
    'cart',
    `SELECT count(*)::int AS n FROM cart_item WHERE cino IN (${complete.map((s) => s.line.cino).join(',') || 'NULL'})`,
  );
  if (cartLeft[0].n > 0) failures.push(`${cartLeft[0].n} cart lines of complete orders are still in carts`);

  // One after another: standalone's queries share one embedded connection and its search_path.
  const placed = await eventTimes(store, 'order', 'mkt.order.placed.v1');
  const reserved = await eventTimes(store, 'catalog', 'mkt.stock.reserved.v1');
  const verified = await eventTimes(store, 'payment', 'mkt.payment.verified.v1');
  const completed = await eventTimes(store, 'order', 'mkt.order.completed.v1');
  const cleared = await eventTimes(store, 'cart', 'mkt.cart.cleared.v1');
  const completeOnos = complete.map((s) => s.ono);
  const answers = seen.filter((s) => s.answerMs !== undefined).map((s) => s.answerMs);
  const lastComplete = Math.max(...completeOnos.map((ono) => completed.get(ono) ?? 0));
  const soldOutAfter = lastComplete - drop.wallStart;

  console.log(
    `\n=== ${mode}: ${SHOPPERS} shoppers on ${UNITS} units of product ${deal.pno} (${OPTIONS} options), ` +
      `buy pressed within ${SPREAD_MS} ms; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} ===\n`,
  );
  console.log(`time to sold out (first press → last order.completed): ${seconds(soldOutAfter)}`);
  console.log(
    `orders/s: ${((complete.length * 1000) / soldOutAfter).toFixed(1)} complete, ` +
      `${((onos.length * 1000) / (drop.lastAnswer - drop.start)).toFixed(1)} placed (first press → last answer)`,
  );
  console.log('what the shoppers saw:');
  console.table(counts);
  console.log(`buy → answer: p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))}`);
  console.log('the chain, from the services’ outbox rows (complete orders):');
  console.table([
    hop('payment.verified → order.completed', verified, completed, completeOnos),
    hop('order.completed → cart.cleared', completed, cleared, completeOnos),
    hop('order.placed → stock.reserved', placed, reserved, completeOnos),
  ]);
  console.log(
    `verify call (shopper's side), complete orders: p50 ${ms(percentile(complete.map((s) => s.verifyMs).filter(Boolean), 50))}, ` +
      `p99 ${ms(percentile(complete.map((s) => s.verifyMs).filter(Boolean), 99))}`,
  );
  console.log(
    `CPU ms per complete order: ${Object.entries(cpu)
      .map(([name, cpuMs]) => `${name} ${(cpuMs / Math.max(complete.length, 1)).toFixed(1)}`)
      .join(', ')}`,
  );
  console.log(
    `raw kafkajs publish → consume (same broker, this run): p50 ${ms(percentile(roundTrips, 50))}, p99 ${ms(percentile(roundTrips, 99))} (${roundTrips.length} messages)`,
  );
  console.log(`sales volume of the product: ${sales}`);
  return failures;
}

// ------------------------------------------------------------------------------------------ run

async function runMode(mode, start) {
  say(`${mode}: starting the store (logs under ${work})`);
  const store = await start();
  const stats = { retries: 0, retriesByCall: {} };
  const api = storeCaller(store.url, stats);
  const runId = Date.now().toString(36);
  try {
    const deal = await store.prepare(openDeal);
    const { stocks } = deal;
    const prepared = performance.now();
    const shoppers = await shoppersWithDealInCart(api, deal, runId);
    say(
      `${mode}: ${shoppers.length} shoppers joined, signed in, the deal in their carts (${seconds(performance.now() - prepared)})`,
    );
    const roundTrips = await kafkaRoundTrip(kafka, ROUNDTRIPS);

    const cpuBefore = store.cpuMs();
    const start = performance.now() + 200;
    const drop = { start, wallStart: Date.now() + 200 };
    const seen = await Promise.all(
      shoppers.map((shopper) =>
        pressBuy(api, shopper, start + Math.random() * SPREAD_MS, runId).catch((error) => ({
          index: shopper.index,
          outcome: `error: ${error.message.slice(0, 120)}`,
        })),
      ),
    );
    drop.lastAnswer = performance.now();
    for (const shopper of seen) shopper.line = shoppers.find((s) => s.index === shopper.index).line;
    say(`${mode}: every shopper answered; waiting for the chain to settle ...`);
    const settled = await settle(store, api, seen);
    const cpuAfter = store.cpuMs();
    const cpu = Object.fromEntries(
      Object.keys(cpuAfter).map((name) => [name, cpuAfter[name] - (cpuBefore[name] ?? 0)]),
    );
    const pending = store.readWhileRunning
      ? settled
      : await pendingWork(
          store,
          seen.filter((s) => s.ono).map((s) => s.ono),
        );
    const failures = await report(mode, store, deal, stocks, seen, drop, cpu, roundTrips);
    for (const [what, n] of Object.entries(pending)) if (n > 0) failures.push(`not settled: ${what} ${n}`);
    const errors = seen.filter((s) => s.outcome?.startsWith('error'));
    for (const shopper of errors.slice(0, 5)) failures.push(`shopper ${shopper.index}: ${shopper.outcome}`);
    if (stats.retries)
      console.log(
        `retried requests: ${stats.retries} ${JSON.stringify(stats.retriesByCall)}; last failure: ${stats.lastFailure}`,
      );
    console.log(failures.length ? `FAILED:\n  ${failures.join('\n  ')}` : 'PASSED: every check');
    return failures.length === 0;
  } finally {
    await store.close();
  }
}

const MODES = { standalone: standaloneStore, distributed: distributedStore };
let passed = true;
for (const mode of values.modes.split(',')) {
  if (!MODES[mode]) throw new Error(`unknown mode ${mode}: standalone or distributed`);
  passed = (await runMode(mode, MODES[mode])) && passed;
}
process.exit(passed ? 0 : 1);
