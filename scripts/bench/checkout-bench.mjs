#!/usr/bin/env node
// Checkout under faults, in distributed mode. Fresh databases (bench_checkout_*) on the PostgreSQL of
// `npm run infra:up` (MKT_TEST_DATABASE_URL), a Kafka broker of the benchmark's own (port 29192, data
// under .infra/bench-kafka, wiped at every start: the shared broker on 59092 is never touched), the
// demo store, then catalog, member, cart, order, payment, refund and the BFF as separate processes
// (each run as `node scripts/run-service.mjs <name>` runs it) with the sandbox gateway as a process
// of its own (the payment service is set up for PortOne pointed at it, so its payments outlive a
// restart of payment).
// Shoppers check out as the web app does (cart add, cart, order with an Idempotency-Key, pay at the
// gateway, record, verify) while, every --fault-every orders, one fault in turn: the broker is
// restarted, or order, payment, catalog or cart is killed (SIGKILL) and started again. Every request
// that fails because a process is down is retried (same Idempotency-Key, same imp_uid). At the end,
// once everything settled, every effect is checked against the orders: stock, sales volume, totalPay,
// cart lines and the gateway's payments. Then the refund scenario (refund-scenario.mjs, with the
// refund service as one more process): shoppers ask for refunds of a share of their complete orders,
// their sellers approve, under faults of its own; once settled, the gateway's cancellations and the
// same effects are checked again. The exit code is 1 unless nothing is lost or doubled (and every
// order and refund was driven, and everything settled). Afterwards its processes and its broker are
// stopped (--keep-kafka leaves the broker running); the databases stay for a look until the next run.
//   node scripts/bench/checkout-bench.mjs [--orders 1000] [--concurrency 20] [--members 50]
//     [--fault-every 100 (0: no faults, in the refunds either)] [--roundtrips 1000]
//     [--refund-share 0.3] [--refund-batches 6]
//     [--keep-kafka] [--log-level warn]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { ManagedProcess, managedService } from './processes.mjs';
import { HttpError, kafkaRoundTrip, ms, percentile, sleep, storeCaller } from './shop.mjs';
import { RefundScenario, secondSellerAndSplitProducts } from './refund-scenario.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    members: { type: 'string', default: '50' },
    'fault-every': { type: 'string', default: '100' },
    /** Orders between two waves of shoppers racing for an option with little stock. */
    'wave-every': { type: 'string', default: '90' },
    'wave-size': { type: 'string', default: '6' },
    'wave-stock': { type: 'string', default: '3' },
    'restart-delay-ms': { type: 'string', default: '1500' },
    roundtrips: { type: 'string', default: '1000' },
    'settle-seconds': { type: 'string', default: '240' },
    /** The share of complete orders whose shoppers ask for a refund (0: no refund scenario). */
    'refund-share': { type: 'string', default: '0.3' },
    /** Refunds come in this many batches, each followed by a fault. */
    'refund-batches': { type: 'string', default: '6' },
    /** Below Linux's ephemeral ports (32768 and up): a client's outgoing port cannot hold it at a restart. */
    'kafka-port': { type: 'string', default: '29192' },
    'log-level': { type: 'string', default: 'warn' },
    /** Leave the benchmark's broker running afterwards (it is stopped by default). */
    'keep-kafka': { type: 'boolean', default: false },
  },
});
const ORDERS = Number(values.orders);
const CONCURRENCY = Number(values.concurrency);
const MEMBERS = Number(values.members);
const FAULT_EVERY = Number(values['fault-every']);
const WAVE_EVERY = Number(values['wave-every']);
const WAVE_SIZE = Number(values['wave-size']);
const WAVE_STOCK = Number(values['wave-stock']);
// A wave's shoppers race only when they can be in flight together; fewer at a time would each wait
// out the others' 15 s.
const WAVES = CONCURRENCY >= WAVE_SIZE;
const RESTART_DELAY_MS = Number(values['restart-delay-ms']);
const REFUND_SHARE = Number(values['refund-share']);
const PLAIN_STOCK = 1_000_000;
const SHOPPER_PASSWORD = 'bench123!';

const adminUrl = process.env.MKT_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:55432/postgres';
const dbUrl = (name) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
// A Redis database of its own on the shared server: sessions and login counts stay apart from tests'.
const redisUrl = Object.assign(new URL(process.env.MKT_TEST_REDIS_URL ?? 'redis://127.0.0.1:56379'), {
  pathname: '/9',
}).toString();
const kafkaPort = Number(values['kafka-port']);
const kafkaBrokers = `127.0.0.1:${kafkaPort}`;
const kafkaDir = join(root, '.infra', 'bench-kafka');
const PORTS = {
  bff: 18600,
  catalog: 18601,
  member: 18602,
  cart: 18603,
  order: 18604,
  payment: 18605,
  refund: 18606,
};
const SANDBOX_PORT = 18609;
const bff = `http://127.0.0.1:${PORTS.bff}`;
const sandbox = `http://127.0.0.1:${SANDBOX_PORT}`;
const sandboxKey = 'bench-key';
const sandboxSecret = randomBytes(16).toString('hex');
const runId = Date.now().toString(36);
const DB = Object.fromEntries(
  ['catalog', 'board', 'member', 'cart', 'order', 'payment', 'refund'].map((name) => [
    name,
    `bench_checkout_${name}`,
  ]),
);
const CONSUMER_GROUPS = ['catalog', 'member', 'cart', 'order', 'payment', 'refund'];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const stamp = () => new Date().toISOString().slice(11, 19);
const say = (line) => console.log(`[${stamp()}] ${line}`);

// ------------------------------------------------------------------------------------ databases

async function sql(database, statement, params = []) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows;
  } finally {
    await client.end();
  }
}

// --------------------------------------------------------------------------------- kafka broker

/** `bash deploy/local/infra.sh <command>` for the benchmark's broker; resolves with its output. */
function infra(command) {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['deploy/local/infra.sh', command], {
      cwd: root,
      env: {
        ...process.env,
        MKT_KAFKA_PORT: String(kafkaPort),
        MKT_KAFKA_DIR: kafkaDir,
        // The jars of the checkout's own broker (`npm run infra:up`), not a second download.
        MKT_KAFKA_LIBS: join(root, '.infra', 'kafka', 'libs'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0 ? done(output.trim()) : fail(new Error(`infra.sh ${command} failed:\n${output}`)),
    );
  });
}

const kafka = new Kafka({ clientId: 'checkout-bench', brokers: [kafkaBrokers], logLevel: logLevel.NOTHING });

/** Messages the services' consumer groups have not committed yet, over the topics they committed on. */
async function consumerLag(admin) {
  let lag = 0;
  for (const groupId of CONSUMER_GROUPS) {
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId })) {
      for (const end of await admin.fetchTopicOffsets(topic)) {
        const committed = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
        lag += Number(end.high) - (committed >= 0 ? committed : Number(end.low));
      }
    }
  }
  return lag;
}

/** Messages on the dead-letter topics (events a consumer gave up on). */
async function deadLetters(admin) {
  let count = 0;
  for (const topic of (await admin.listTopics()).filter((name) => name.endsWith('.dlq'))) {
    for (const end of await admin.fetchTopicOffsets(topic)) count += Number(end.high) - Number(end.low);
  }
  return count;
}

// ------------------------------------------------------------------------------------ processes

const logDir = mkdtempSync(join(tmpdir(), 'bench-checkout-'));
const processes = {};

async function startProcesses() {
  const kafkaEnv = { KAFKA_BROKERS: kafkaBrokers, LOG_LEVEL: values['log-level'] };
  const url = (name) => `http://127.0.0.1:${PORTS[name]}`;
  const log = (name) => join(logDir, `${name}.log`);
  processes.sandbox = new ManagedProcess(
    'sandbox',
    ['-r', '@swc-node/register', 'apps/payment/src/gateway/sandbox/main.ts'],
    {
      PORT: String(SANDBOX_PORT),
      HOST: '127.0.0.1',
      SANDBOX_API_KEY: sandboxKey,
      SANDBOX_API_SECRET: sandboxSecret,
      LOG_LEVEL: values['log-level'],
    },
    log('sandbox'),
  ).start();
  const services = {
    catalog: { DATABASE_URL: dbUrl(DB.catalog), DATA_DIR: catalogDataDir },
    member: { DATABASE_URL: dbUrl(DB.member) },
    cart: { DATABASE_URL: dbUrl(DB.cart), SERVICE_URL_CATALOG: url('catalog') },
    order: { DATABASE_URL: dbUrl(DB.order), SERVICE_URL_CATALOG: url('catalog') },
    payment: {
      DATABASE_URL: dbUrl(DB.payment),
      SERVICE_URL_ORDER: url('order'),
      PORTONE_API_URL: sandbox,
      PORTONE_API_KEY: sandboxKey,
      PORTONE_API_SECRET: sandboxSecret,
      PORTONE_MERCHANT_CODE: 'imp00000000',
    },
    refund: { DATABASE_URL: dbUrl(DB.refund), SERVICE_URL_ORDER: url('order') },
  };
  // One after another, in the README's order: services started at once on an empty broker race to
  // create the same topics, and the losers stop at start (see the README's benchmark section).
  for (const [name, env] of Object.entries(services)) {
    processes[name] = managedService(name, PORTS[name], { ...kafkaEnv, ...env }, log(name)).start();
    await healthy(name, 180_000);
  }
  processes.bff = managedService(
    'bff',
    PORTS.bff,
    {
      // The BFF's catalogue cache hears catalog's changes from the broker.
      ...kafkaEnv,
      SERVICE_URL_CATALOG: url('catalog'),
      SERVICE_URL_MEMBER: url('member'),
      SERVICE_URL_CART: url('cart'),
      SERVICE_URL_ORDER: url('order'),
      SERVICE_URL_PAYMENT: url('payment'),
      SERVICE_URL_REFUND: url('refund'),
      SERVICE_URL_BOARD: 'http://127.0.0.1:9',
      REDIS_URL: redisUrl,
      KAFKA_BROKERS: kafkaBrokers,
      JWT_SECRET: randomBytes(32).toString('hex'),
    },
    log('bff'),
  ).start();
}

/** CPU ms each process has used so far (over its restarts), by name. */
const cpuByProcess = () =>
  Object.fromEntries(Object.entries(processes).map(([name, process]) => [name, process.cpuMs()]));

async function stopProcesses() {
  await Promise.all(Object.values(processes).map((process) => process.stop()));
}

/** Waits until a service answers its health call; a process that ended instead is an error. */
async function healthy(name, timeoutMs) {
  const url = name === 'bff' ? `${bff}/api/health` : `http://127.0.0.1:${PORTS[name]}/health/ready`;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(200)) {
    if (!processes[name].running)
      throw new Error(`${name} ended while starting; see ${join(logDir, `${name}.log`)}`);
    const up = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
  }
  throw new Error(`${name} did not answer ${url} within ${seconds(timeoutMs)}`);
}

/** Waits until the sandbox answers at all (it has no health call). */
async function sandboxUp() {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
    if (
      await fetch(sandbox).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw new Error('the sandbox gateway did not start');
}

// -------------------------------------------------------------------------------------- the API

const stats = { retries: 0, retriesByCall: {} };
const api = storeCaller(bff, stats);

async function joinShopper(index) {
  const email = `bench${index}.${runId}@example.kr`;
  await api('POST', '/api/member/join', {
    json: {
      email,
      m_pw: SHOPPER_PASSWORD,
      m_name: '벤치',
      m_nickname: `벤치${index}`,
      m_phoNum: '01012345678',
      def_addr: '(04524) 서울 중구 세종대로 110',
      isMan: true,
      ad_agree: false,
      info_agree: true,
    },
  });
  return signIn(email, SHOPPER_PASSWORD);
}

async function signIn(email, password) {
  const { mno, accessToken } = await api('POST', '/api/member/login', {
    form: { username: email, password },
  });
  return { email, mno, token: accessToken };
}

/** Pays at the sandbox gateway as its window would (it is never killed, so no retry). */
async function payAtGateway(ono, amount) {
  const response = await fetch(`${sandbox}/sandbox/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      merchant_uid: `mkt_${ono}`,
      amount,
      pg_provider: 'kakaopay',
      name: `주문 ${ono}`,
    }),
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`the sandbox refused to pay order ${ono}: ${answer.message}`);
  return answer.response.imp_uid;
}

async function gatewayToken() {
  const response = await fetch(`${sandbox}/users/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ imp_key: sandboxKey, imp_secret: sandboxSecret }),
  });
  return (await response.json()).response.access_token;
}

async function gatewayPayment(token, impUid) {
  const response = await fetch(`${sandbox}/payments/${impUid}`, { headers: { authorization: token } });
  return (await response.json()).response;
}

// ----------------------------------------------------------------------------------- the driver

const random = (list) => list[Math.floor(Math.random() * list.length)];

/** Shoppers racing for one option with little stock: they all place their orders at once. */
class Wave {
  constructor(id, odno, size) {
    Object.assign(this, { id, odno, size, arrived: 0 });
    this.ready = new Promise((done) => (this.release = done));
  }
  arrive() {
    this.arrived += 1;
    if (this.arrived >= this.size) this.release();
    // A wave member held up by a fault does not hold the others for long.
    return Promise.race([this.ready, sleep(15_000)]);
  }
}

const results = [];
const driverErrors = [];
const latencies = [];
let placed = 0;
let inFlight = 0;
let driving = true;

function planner(plainOptions, waveOptions) {
  const pending = [];
  let index = 0;
  let waves = 0;
  return () => {
    if (placed + inFlight >= ORDERS) return null;
    if (pending.length === 0) {
      index += 1;
      const waveDue = WAVES && index % WAVE_EVERY === Math.floor(WAVE_EVERY / 2) && index < ORDERS * 0.9;
      if (waveDue && waves < waveOptions.length) {
        const wave = new Wave(waves, waveOptions[waves], WAVE_SIZE);
        waves += 1;
        // The racing option, and a plain one that must be given back with it when the race is lost.
        for (let i = 0; i < WAVE_SIZE; i++)
          pending.push({
            wave,
            lines: [
              { odno: wave.odno, count: 1 },
              { odno: random(plainOptions), count: 1 },
            ],
          });
      } else {
        const odnos = new Set();
        const lineCount = 1 + Math.floor(Math.random() * 3);
        while (odnos.size < lineCount) odnos.add(random(plainOptions));
        pending.push({
          wave: null,
          lines: [...odnos].map((odno) => ({ odno, count: 1 + Math.floor(Math.random() * 2) })),
        });
      }
    }
    return pending.shift();
  };
}

/** Adds a line so that a retry never adds twice: a failed add counts as done once the cart shows it. */
async function addToCart(shopper, odno, count, before) {
  for (let attempt = 1; ; attempt++) {
    try {
      await api('POST', '/api/cart/add', {
        token: shopper.token,
        json: { odno, c_cnt: count },
        retry: false,
      });
      return;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      stats.retries += 1;
      stats.retriesByCall['POST /api/cart/add'] = (stats.retriesByCall['POST /api/cart/add'] ?? 0) + 1;
      if (attempt > 200) throw error;
      await sleep(Math.min(2_000, 100 * 2 ** Math.min(attempt, 5)));
      const cart = await api('GET', `/api/cart/${shopper.mno}`, { token: shopper.token });
      const now = cart.find((line) => line.odno === odno)?.c_cnt ?? 0;
      if (now >= before + count) return;
    }
  }
}

/** One checkout as the web app does it. Answers false when the order was refused (not placed). */
async function checkout(shopper, spec, index) {
  const result = { index, mno: shopper.mno, wave: spec.wave?.id ?? null, lines: spec.lines };
  const cartBefore = await api('GET', `/api/cart/${shopper.mno}`, { token: shopper.token });
  for (const { odno, count } of spec.lines) {
    const before = cartBefore.find((line) => line.odno === odno)?.c_cnt ?? 0;
    try {
      await addToCart(shopper, odno, count, before);
    } catch (error) {
      // The racing option already sold out: that shopper is told at once.
      if (error instanceof HttpError && spec.wave) {
        spec.wave.arrive();
        return false;
      }
      throw error;
    }
  }
  const cart = await api('GET', `/api/cart/${shopper.mno}`, { token: shopper.token });
  const lines = spec.lines.map(({ odno }) => cart.find((line) => line.odno === odno));
  if (lines.some((line) => !line)) throw new Error(`a line added to member ${shopper.mno}'s cart is missing`);
  if (spec.wave) await spec.wave.arrive();
  let order;
  try {
    order = await api('POST', '/api/orders', {
      token: shopper.token,
      headers: { 'Idempotency-Key': `bench-${runId}-${index}` },
      json: {
        o_reciver: '김벤치',
        o_address: '(04524) 서울 중구 세종대로 110',
        o_reciverPhoNum: '01012345678',
        o_totalPrice: lines.reduce((sum, line) => sum + line.lineAmount, 0),
        orderDetails: lines.map((line) => ({ odno: line.odno, or_count: line.c_cnt })),
        cartItemIds: lines.map((line) => line.cino),
      },
    });
  } catch (error) {
    // Placing refuses more than the stock catalog shows or can hold (another checkout took it
    // meanwhile), saving no order: a racing shopper who came late.
    if (error instanceof HttpError && error.status === 400 && spec.wave) return false;
    throw error;
  }
  placed += 1;
  Object.assign(result, { ono: order.ono, total: order.o_totalPrice });
  results.push(result);
  result.impUid = await payAtGateway(order.ono, order.o_totalPrice);
  const recorded = await api('POST', '/api/payments', {
    token: shopper.token,
    json: {
      imp_uid: result.impUid,
      merchant_uid: `mkt_${order.ono}`,
      amount: order.o_totalPrice,
      pm_method: 'card',
      ono: order.ono,
    },
  });
  if (!recorded.success)
    throw new Error(`payment of order ${order.ono} not recorded: ${recorded.errorMessage}`);
  result.pmno = recorded.pmno;
  const verifyPath = `/api/checkout/verify/${result.impUid}/${recorded.pmno}`;
  const start = performance.now();
  let { status } = await api('POST', verifyPath, { token: shopper.token });
  let lastVerify = performance.now();
  for (let polls = 0; status === 'PAYMENT_PENDING'; polls++) {
    if (performance.now() - start > 600_000) break;
    await sleep(polls < 50 ? 100 : 250);
    // A verification the gateway or a restart kept from finishing is asked again now and then.
    if (performance.now() - lastVerify > 10_000) {
      ({ status } = await api('POST', verifyPath, { token: shopper.token }));
      lastVerify = performance.now();
    } else {
      ({ status } = await api('GET', `/api/orders/member/${shopper.mno}/${order.ono}`, {
        token: shopper.token,
      }));
    }
  }
  result.observed = status;
  result.verifyStart = start;
  if (status === 'ORDER_COMPLETE') {
    result.latency = performance.now() - start;
    latencies.push(result.latency);
  }
  return true;
}

async function drive(shoppers, nextSpec) {
  const free = [...shoppers];
  let index = 0;
  const worker = async () => {
    for (;;) {
      const spec = nextSpec();
      if (!spec) return;
      index += 1;
      const orderIndex = index;
      inFlight += 1;
      const shopper = free.shift();
      try {
        await checkout(shopper, spec, orderIndex);
      } catch (error) {
        driverErrors.push({ index: orderIndex, mno: shopper.mno, error: error.message });
        say(`driver error (order #${orderIndex}, member ${shopper.mno}): ${error.message}`);
      } finally {
        inFlight -= 1;
        free.push(shopper);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

// ----------------------------------------------------------------------------------------- faults

const FAULTS = ['kafka', 'order', 'payment', 'catalog', 'cart'];
const faults = [];

/**
 * One fault: `kafka` restarts the broker; otherwise the processes named (`refund+payment`: both at
 * once) are killed with SIGKILL and started again. Answers what happened, for the log.
 */
async function inject(kind) {
  const start = performance.now();
  if (kind === 'kafka') {
    await infra('kafka-restart');
    return `Kafka broker restarted (graceful stop, then start): back after ${seconds(performance.now() - start)}`;
  }
  const names = kind.split('+');
  const pids = names.map((name) => `${name} ${processes[name].pid}`);
  await Promise.all(names.map((name) => processes[name].kill('SIGKILL')));
  await sleep(RESTART_DELAY_MS);
  for (const name of names) processes[name].start();
  await Promise.all(names.map((name) => healthy(name, 180_000)));
  return `kill -9 ${names.join(' and ')} (pid ${pids.join(', ')}), started again ${seconds(RESTART_DELAY_MS)} later, healthy after ${seconds(performance.now() - start)}`;
}

const faultName = (kind) => (kind === 'kafka' ? 'Kafka restart' : `kill -9 ${kind.replace('+', ' and ')}`);

async function injectFaults() {
  for (let k = 1; FAULT_EVERY > 0 && k * FAULT_EVERY < ORDERS; k++) {
    while (driving && placed < k * FAULT_EVERY) await sleep(50);
    if (!driving) {
      say(`fault ${k}: skipped, the orders were all driven`);
      continue;
    }
    const kind = FAULTS[(k - 1) % FAULTS.length];
    const at = placed;
    const start = performance.now();
    const line = await inject(kind);
    faults.push({ k, kind, at, start, end: performance.now(), ms: performance.now() - start });
    say(`fault ${k} at order ${at}: ${line}`);
  }
}

// ----------------------------------------------------------------------------------------- checks

async function readState() {
  const [orders, details, options, products, members, cart, payments] = await Promise.all([
    sql(
      dbUrl(DB.order),
      'SELECT ono, mno, status::text, o_total_price, paid_pmno, cart_item_ids, cancel_reason FROM orders',
    ),
    sql(dbUrl(DB.order), 'SELECT ono, odno, pno, or_count FROM order_detail'),
    sql(dbUrl(DB.catalog), 'SELECT odno, pno, od_stock FROM product_option'),
    sql(dbUrl(DB.catalog), 'SELECT pno, p_sales_vol FROM product'),
    sql(dbUrl(DB.member), 'SELECT mno, total_pay FROM member'),
    sql(dbUrl(DB.cart), 'SELECT cino, mno, odno, c_cnt FROM cart_item'),
    sql(dbUrl(DB.payment), 'SELECT pmno, ono, imp_uid, status::text FROM payment'),
  ]);
  return { orders, details, options, products, members, cart, payments };
}

/** The first row's `n` of a `SELECT count(*)::int AS n ...`. */
const count = async (database, statement, params) => (await sql(database, statement, params))[0].n;

/** What checkouts leave to do: a paid order not complete or cancelled yet, a payment not verified or given back. */
function checkoutWork() {
  const paidOnos = results.filter((r) => r.impUid).map((r) => r.ono);
  return {
    pendingOrders: () =>
      count(
        dbUrl(DB.order),
        `SELECT count(*)::int AS n FROM orders WHERE status = 'PAYMENT_PENDING' AND ono = ANY($1)`,
        [paidOnos],
      ),
    unsettledPayments: () =>
      count(
        dbUrl(DB.payment),
        `SELECT count(*)::int AS n FROM payment WHERE status IN ('RECORDED', 'REJECTED')`,
      ),
  };
}

/**
 * Waits until every count of `work` is 0, every outbox published and every consumer group caught up,
 * three seconds in a row.
 */
async function settle(admin, work) {
  const deadline = Date.now() + Number(values['settle-seconds']) * 1000;
  const names = Object.keys(work);
  let quiet = 0;
  let state;
  while (Date.now() < deadline) {
    const counts = await Promise.all(names.map((name) => work[name]()));
    const outboxes = await Promise.all(
      CONSUMER_GROUPS.map((name) =>
        count(dbUrl(DB[name]), `SELECT count(*)::int AS n FROM outbox_event WHERE status = 'PENDING'`),
      ),
    );
    state = {
      ...Object.fromEntries(names.map((name, i) => [name, counts[i]])),
      outboxPending: outboxes.reduce((sum, n) => sum + n, 0),
      lag: await consumerLag(admin).catch(() => -1),
    };
    quiet = Object.values(state).every((n) => n === 0) ? quiet + 1 : 0;
    if (quiet >= 3) return { settled: true, ...state };
    await sleep(1_000);
  }
  return { settled: false, ...state };
}

/**
 * Every effect of the orders against the final state. `refunded`: the orders whose refund was
 * approved; they count as if never ordered (their stock back, their sales and totalPay taken back),
 * and the refund scenario checks their status and cancellations.
 */
function check(initial, final, gateway, refunded = new Set()) {
  const found = { lost: [], doubled: [] };
  const tally = {};
  const note = (effect, kind, detail) => {
    tally[effect] ??= { checked: 0, lost: 0, doubled: 0 };
    tally[effect][kind] += 1;
    found[kind].push(`${effect}: ${detail}`);
  };
  const checked = (effect, n) => ((tally[effect] ??= { checked: 0, lost: 0, doubled: 0 }).checked += n);

  const byOno = new Map(final.orders.map((o) => [o.ono, o]));
  const complete = final.orders.filter((o) => o.status === 'ORDER_COMPLETE');
  const completeOnos = new Set(complete.map((o) => o.ono));
  const cancelled = final.orders.filter((o) => o.status === 'CANCEL');

  // Orders: one per checkout the driver placed (one refused at placement saves none), none stuck,
  // none ending otherwise than the shopper was told.
  checked('orders', results.length);
  const placedOnos = new Set(results.map((r) => r.ono));
  const unplaced = final.orders.filter((o) => !placedOnos.has(o.ono));
  if (unplaced.length)
    note('orders', 'doubled', `${final.orders.length} orders for ${results.length} checkouts`);
  for (const r of results) {
    const order = byOno.get(r.ono);
    if (!order) note('orders', 'lost', `order ${r.ono} is missing`);
    else if (r.impUid && order.status === 'PAYMENT_PENDING')
      note('orders', 'lost', `order ${r.ono} stuck in PAYMENT_PENDING although paid`);
    else if (
      r.observed &&
      r.observed !== 'PAYMENT_PENDING' &&
      r.observed !== order.status &&
      !refunded.has(r.ono)
    )
      note('orders', 'lost', `order ${r.ono} was ${r.observed} to the shopper, is ${order.status}`);
  }

  // Stock: initial − Σ counts of complete orders, option by option.
  const expectedStock = new Map(initial.options.map((o) => [o.odno, o.od_stock]));
  const expectedSales = new Map(initial.products.map((p) => [p.pno, p.p_sales_vol]));
  for (const line of final.details) {
    if (!completeOnos.has(line.ono)) continue;
    expectedStock.set(line.odno, expectedStock.get(line.odno) - line.or_count);
    expectedSales.set(line.pno, expectedSales.get(line.pno) + line.or_count);
  }
  const ordered = new Set(final.details.map((line) => line.odno));
  for (const option of final.options) {
    if (!ordered.has(option.odno) && option.od_stock === expectedStock.get(option.odno)) continue;
    checked('stock', 1);
    const expected = expectedStock.get(option.odno);
    if (option.od_stock > expected)
      note('stock', 'lost', `option ${option.odno}: ${option.od_stock} in stock, expected ${expected}`);
    if (option.od_stock < expected)
      note('stock', 'doubled', `option ${option.odno}: ${option.od_stock} in stock, expected ${expected}`);
  }
  // Sales volume: initial + Σ counts of complete orders, product by product.
  for (const product of final.products) {
    const expected = expectedSales.get(product.pno);
    if (product.p_sales_vol === expected && !final.details.some((line) => line.pno === product.pno)) continue;
    checked('sales volume', 1);
    if (product.p_sales_vol < expected)
      note(
        'sales volume',
        'lost',
        `product ${product.pno}: ${product.p_sales_vol} sold, expected ${expected}`,
      );
    if (product.p_sales_vol > expected)
      note(
        'sales volume',
        'doubled',
        `product ${product.pno}: ${product.p_sales_vol} sold, expected ${expected}`,
      );
  }
  // totalPay: Σ totals of the member's complete orders (the shoppers joined with 0).
  const expectedPay = new Map(shoppers.map((s) => [s.mno, 0]));
  for (const order of complete)
    expectedPay.set(order.mno, (expectedPay.get(order.mno) ?? 0) + order.o_total_price);
  for (const member of final.members) {
    if (!expectedPay.has(member.mno)) continue;
    checked('totalPay', 1);
    const expected = expectedPay.get(member.mno);
    if (member.total_pay < expected)
      note('totalPay', 'lost', `member ${member.mno}: totalPay ${member.total_pay}, expected ${expected}`);
    if (member.total_pay > expected)
      note('totalPay', 'doubled', `member ${member.mno}: totalPay ${member.total_pay}, expected ${expected}`);
  }
  // Cart: the lines only complete orders came from are gone, the lines only cancelled orders came from
  // are there. A line both came from (the shopper added to it again) keeps the cancelled order's pieces.
  const inCart = new Set(final.cart.map((line) => line.cino));
  const cinosOfComplete = new Set(
    final.orders
      .filter((o) => completeOnos.has(o.ono) || refunded.has(o.ono))
      .flatMap((o) => o.cart_item_ids),
  );
  const cinosOfCancelled = new Set(cancelled.flatMap((o) => o.cart_item_ids));
  const ofComplete = [...cinosOfComplete].filter((cino) => !cinosOfCancelled.has(cino));
  const ofCancelled = [...cinosOfCancelled].filter((cino) => !cinosOfComplete.has(cino));
  for (const cino of ofComplete) {
    checked('cart lines', 1);
    if (inCart.has(cino)) note('cart lines', 'lost', `line ${cino} of a complete order is still in the cart`);
  }
  for (const cino of ofCancelled) {
    checked('cart lines', 1);
    if (!inCart.has(cino)) note('cart lines', 'doubled', `line ${cino} of a cancelled order was removed`);
  }
  // Payments: a complete order's money stays taken, once; a cancelled order's money is given back.
  const verified = new Map();
  for (const payment of final.payments.filter((p) => p.status === 'VERIFIED'))
    verified.set(payment.ono, (verified.get(payment.ono) ?? 0) + 1);
  for (const r of results.filter((result) => result.impUid)) {
    const order = byOno.get(r.ono);
    const atGateway = gateway.get(r.impUid);
    if (!order || order.status === 'PAYMENT_PENDING') continue;
    checked('payments', 1);
    if (order.status === 'ORDER_COMPLETE') {
      if (atGateway?.status !== 'paid' || atGateway.cancel_amount)
        note(
          'payments',
          'doubled',
          `order ${r.ono} is complete but its payment is ${atGateway?.status} at the gateway`,
        );
      if (verified.get(r.ono) !== 1)
        note('payments', 'doubled', `order ${r.ono} has ${verified.get(r.ono) ?? 0} verified payments`);
    } else if (order.status === 'CANCEL' && atGateway?.status !== 'cancelled') {
      note(
        'payments',
        'lost',
        `order ${r.ono} is cancelled but its payment is ${atGateway?.status} at the gateway`,
      );
    }
  }
  return { tally, found, complete: complete.length, cancelled: cancelled.length };
}

/** settle(), said: answers whether everything settled. */
async function settleAndSay(admin, work) {
  const state = await settle(admin, work);
  say(
    state.settled
      ? `settled: ${Object.keys(work).join(', ')} all 0, every outbox published, every event consumed`
      : `NOT settled after ${values['settle-seconds']} s: ${JSON.stringify(state)}`,
  );
  return state.settled;
}

/** Every paid checkout's payment as the sandbox gateway has it, by imp_uid. */
async function readGateway() {
  const token = await gatewayToken();
  const gateway = new Map();
  for (const r of results.filter((result) => result.impUid))
    gateway.set(r.impUid, await gatewayPayment(token, r.impUid));
  return gateway;
}

/** Events a consumer gave up on, and outbox events the relay gave up on. */
async function eventsGivenUp(admin) {
  let parked = 0;
  for (const name of CONSUMER_GROUPS)
    parked += await count(
      dbUrl(DB[name]),
      `SELECT count(*)::int AS n FROM outbox_event WHERE status = 'FAILED'`,
    );
  return `dead-lettered events: ${await deadLetters(admin)}; outbox events parked as FAILED: ${parked}`;
}

/** The tally and the first findings; answers whether nothing was lost or doubled. */
function printFindings(tally, found) {
  console.table(tally);
  for (const line of [
    ...found.lost.map((l) => `LOST ${l}`),
    ...found.doubled.map((l) => `DOUBLED ${l}`),
  ].slice(0, 40))
    console.log(line);
  console.log(`\nLOST ${found.lost.length}, DOUBLED ${found.doubled.length}`);
  return found.lost.length === 0 && found.doubled.length === 0;
}

/**
 * The refund scenario over the complete checkouts, then, once settled, its own checks and every
 * checkout effect again with the refunded orders counted as never ordered. Answers whether all passed.
 */
async function refundPhase(admin, initial, completeCheckouts) {
  const scenario = new RefundScenario(
    {
      api,
      HttpError,
      signIn,
      shopperPassword: SHOPPER_PASSWORD,
      sql,
      count,
      dbUrl,
      DB,
      say,
      sleep,
      inject,
      faultName,
      percentile,
      ms,
      seconds,
    },
    {
      share: REFUND_SHARE,
      batches: Number(values['refund-batches']),
      concurrency: CONCURRENCY,
      withFaults: FAULT_EVERY > 0,
    },
  );
  const retriesBefore = stats.retries;
  await scenario.run(completeCheckouts, shoppers);
  say('waiting for the refunds to settle ...');
  const settled = await settleAndSay(admin, { ...checkoutWork(), ...scenario.work() });
  await scenario.stopWatching();
  const gateway = await readGateway();
  const effects = check(initial, await readState(), gateway, scenario.approvedOnos());
  const refunds = await scenario.check(gateway);

  console.log('\n=== refunds under faults ===\n');
  scenario.report(refunds.tally);
  console.log(`retried requests: ${stats.retries - retriesBefore}; ${await eventsGivenUp(admin)}`);
  console.log('every effect again, the refunded orders counted as never ordered:');
  const passed = printFindings(
    { ...effects.tally, ...refunds.tally },
    {
      lost: [...effects.found.lost, ...refunds.found.lost],
      doubled: [...effects.found.doubled, ...refunds.found.doubled],
    },
  );
  return passed && settled && scenario.errors.length === 0;
}

// ------------------------------------------------------------------------------------------- run

let shoppers = [];
const catalogDataDir = mkdtempSync(join(tmpdir(), 'bench-checkout-catalog-'));
let exitCode = 1;
let admin;

const interrupted = () => {
  say('interrupted: stopping the processes and the broker');
  void stopProcesses()
    .then(() => infra('kafka-stop'))
    .finally(() => process.exit(130));
};
if (MEMBERS < CONCURRENCY)
  throw new Error('--members must be at least --concurrency (one checkout per shopper at a time)');
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

try {
  say(`logs of every process: ${logDir}`);
  // A fresh broker of the benchmark's own: stop it if a previous run left it, wipe its data, start.
  await infra('kafka-stop');
  rmSync(join(kafkaDir, 'data'), { recursive: true, force: true });
  rmSync(join(kafkaDir, 'log'), { recursive: true, force: true });
  mkdirSync(kafkaDir, { recursive: true });
  say((await infra('kafka-start')).split('\n').at(-1));

  for (const name of Object.values(DB)) {
    await sql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await sql(adminUrl, `CREATE DATABASE ${name}`);
  }
  const seed = spawnSync(process.execPath, ['-r', '@swc-node/register', 'apps/standalone/src/seed-cli.ts'], {
    cwd: root,
    env: {
      ...process.env,
      CATALOG_DATABASE_URL: dbUrl(DB.catalog),
      BOARD_DATABASE_URL: dbUrl(DB.board),
      MEMBER_DATABASE_URL: dbUrl(DB.member),
      CATALOG_DATA_DIR: catalogDataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seed.status !== 0) throw new Error('seeding the demo store failed');

  // Options of live products: a few with little stock for the waves, the rest with plenty.
  const live = await sql(
    dbUrl(DB.catalog),
    `SELECT o.odno, o.pno FROM product_option o JOIN product p ON p.pno = o.pno
     WHERE NOT p.del_flag ORDER BY o.odno`,
  );
  const waveCount = Math.floor((ORDERS * 0.9) / WAVE_EVERY) + 1;
  const byProduct = new Map();
  for (const { odno, pno } of live) byProduct.set(pno, [...(byProduct.get(pno) ?? []), odno]);
  const productList = [...byProduct.keys()];
  const waveOptions = productList.slice(0, waveCount).map((pno) => byProduct.get(pno)[0]);
  const plainOptions = productList.slice(waveCount, waveCount + 200).flatMap((pno) => byProduct.get(pno));
  await sql(dbUrl(DB.catalog), 'UPDATE product_option SET od_stock = $1 WHERE odno = ANY($2)', [
    PLAIN_STOCK,
    plainOptions,
  ]);
  await sql(dbUrl(DB.catalog), 'UPDATE product_option SET od_stock = $1 WHERE odno = ANY($2)', [
    WAVE_STOCK,
    waveOptions,
  ]);
  await sql(
    dbUrl(DB.catalog),
    'UPDATE product p SET p_stock = (SELECT sum(od_stock) FROM product_option o WHERE o.pno = p.pno)',
  );
  await secondSellerAndSplitProducts({ sql, dbUrl, DB });

  const startedAt = performance.now();
  await startProcesses();
  await healthy('bff', 180_000);
  await sandboxUp();
  say(
    `services up in ${seconds(performance.now() - startedAt)}; ports ${JSON.stringify(PORTS)}, sandbox ${SANDBOX_PORT}`,
  );

  for (let i = 0; i < MEMBERS; i++) shoppers.push(await joinShopper(i));
  say(`${shoppers.length} shoppers joined and signed in`);

  say(`raw kafkajs round trip, ${values.roundtrips} messages one at a time ...`);
  const roundTrips = await kafkaRoundTrip(kafka, Number(values.roundtrips));

  const initial = await readState();
  say(
    `driving ${ORDERS} orders, ${CONCURRENCY} at a time, over ${shoppers.length} shoppers and ${plainOptions.length} options; ` +
      (WAVES
        ? `a wave of ${WAVE_SIZE} shoppers racing for ${WAVE_STOCK} in stock every ${WAVE_EVERY} orders`
        : `no racing waves (fewer shoppers at a time than a wave's ${WAVE_SIZE})`) +
      `; a fault every ${FAULT_EVERY} orders`,
  );
  const cpuAtStart = cpuByProcess();
  const driveStart = performance.now();
  const progress = setInterval(() => {
    const done = results.filter((r) => r.observed).length;
    say(
      `progress: ${placed} placed, ${done} finished, ${((done * 1000) / (performance.now() - driveStart)).toFixed(1)} orders/s, ${stats.retries} retries`,
    );
  }, 15_000);
  const faulting = injectFaults();
  await drive(shoppers, planner(plainOptions, waveOptions));
  const driveMs = performance.now() - driveStart;
  const cpuAtEnd = cpuByProcess();
  driving = false;
  clearInterval(progress);
  await faulting;
  say(`all orders driven in ${seconds(driveMs)}; waiting for everything to settle ...`);

  admin = kafka.admin();
  await admin.connect();
  const settled = await settleAndSay(admin, checkoutWork());
  const final = await readState();
  const { tally, found, complete, cancelled } = check(initial, final, await readGateway());

  console.log('\n=== checkout under faults ===\n');
  console.log(
    `${results.length} orders placed by ${shoppers.length} shoppers, ${CONCURRENCY} at a time: ${complete} ORDER_COMPLETE, ${cancelled} CANCEL ` +
      `(${final.orders.filter((o) => o.cancel_reason === 'STOCK_REJECTED').length} by stock.rejected)`,
  );
  console.log(
    `throughput: ${((results.length * 1000) / driveMs).toFixed(1)} orders/s over ${seconds(driveMs)}, faults included`,
  );
  console.log(
    `verify → ORDER_COMPLETE: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))} (${latencies.length} orders)`,
  );
  console.log(
    `raw kafkajs publish → consume on the same broker (idle): p50 ${ms(percentile(roundTrips, 50))}, p99 ${ms(percentile(roundTrips, 99))} (${roundTrips.length} messages)`,
  );
  console.log(
    `CPU ms per complete order while driving: ${Object.keys(cpuAtEnd)
      .map((name) => `${name} ${((cpuAtEnd[name] - cpuAtStart[name]) / Math.max(complete, 1)).toFixed(1)}`)
      .join(', ')}`,
  );
  console.log(`retried requests: ${stats.retries} ${JSON.stringify(stats.retriesByCall)}`);
  for (const fault of faults) {
    // The orders whose verification began while the fault lasted: how long their chain took.
    const caught = results.filter(
      (r) => r.latency && r.verifyStart >= fault.start && r.verifyStart <= fault.end,
    );
    console.log(
      `fault ${fault.k} (${faultName(fault.kind)}) at order ${fault.at}: ` +
        `${seconds(fault.ms)} until back; ${caught.length} orders verified meanwhile, worst verify → ORDER_COMPLETE ${caught.length ? ms(Math.max(...caught.map((r) => r.latency))) : '-'}`,
    );
  }
  console.log(`driver errors: ${driverErrors.length}; ${await eventsGivenUp(admin)}`);
  let passed = printFindings(tally, found) && driverErrors.length === 0 && settled;

  if (REFUND_SHARE > 0) {
    const completeOnos = new Set(final.orders.filter((o) => o.status === 'ORDER_COMPLETE').map((o) => o.ono));
    passed =
      (await refundPhase(
        admin,
        initial,
        results.filter((r) => completeOnos.has(r.ono)),
      )) && passed;
  }
  exitCode = passed ? 0 : 1;
} finally {
  await admin?.disconnect().catch(() => {});
  await stopProcesses();
  if (!values['keep-kafka']) await infra('kafka-stop').catch((error) => console.error(error.message));
  say(
    `processes stopped${values['keep-kafka'] ? `; the broker keeps running on ${kafkaBrokers}` : ' and the broker'}; logs in ${logDir}`,
  );
}
process.exit(exitCode);
