import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { testInfrastructure } from '../infrastructure';

declare global {
  var distributedStoreForTests: ChildProcess | undefined;
}

const root = resolve(__dirname, '..', '..', '..', '..');
/**
 * MKT_DISTRIBUTED_TEST_SLOT (0-7, default 0) lets several checkouts on one machine run these tests
 * at once against the same servers: each slot has its own databases, ports and Redis database.
 */
const SLOT = Number(process.env.MKT_DISTRIBUTED_TEST_SLOT ?? 0);
if (!Number.isInteger(SLOT) || SLOT < 0 || SLOT > 7)
  throw new Error(
    `MKT_DISTRIBUTED_TEST_SLOT must be a whole number from 0 to 7, not "${process.env.MKT_DISTRIBUTED_TEST_SLOT}"`,
  );
/** Its databases start with this; each run drops the last run's and seeds a fresh store. */
const DATABASE_PREFIX = SLOT === 0 ? 'dist_test_' : `dist_test${SLOT}_`;
/** Ports of the topology moved by this much, away from a store a developer runs at the same time. */
const PORT_OFFSET = 1500 + SLOT * 100;

async function dropPreviousDatabases(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${DATABASE_PREFIX}%'`,
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * The distributed tests run against `npm run start:distributed --replicas 2` itself: two processes
 * of every service and of the BFF on the test PostgreSQL, Redis and Kafka (databases, topics and a
 * Redis database of their own). MKT_DISTRIBUTED_URL, when set, points them at a store that is
 * already running (MKT_DISTRIBUTED_DATA_DIR: its DATA_DIR, and MKT_DISTRIBUTED_KAFKA_TOPIC_PREFIX: its
 * KAFKA_TOPIC_PREFIX, for the tests that kill a replica).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.MKT_DISTRIBUTED_URL) return;
  const infra = await testInfrastructure();
  await dropPreviousDatabases(infra.databaseUrl);
  let output = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-distributed-'));
  const topicPrefix = `dist-test-${Date.now().toString(36)}.`;
  // Two processes of each kind, as deploy/k8s runs them: the replica-kill test kills one.
  const args = ['-r', '@swc-node/register', 'scripts/start-distributed.ts', '--replicas', '2'];
  // Not Jest's NODE_ENV=test: start:distributed builds a stale web app, and that would make it a
  // development build, whose server renderer fails to load in the BFF.
  const { NODE_ENV: _jestEnvironment, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...inherited,
      NODE_OPTIONS: '',
      // The servers the other tests use, whoever started them.
      MKT_TEST_DATABASE_URL: infra.databaseUrl,
      MKT_TEST_REDIS_URL: infra.redisUrl,
      MKT_TEST_KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      PORT_OFFSET: String(PORT_OFFSET),
      DATABASE_PREFIX,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      REDIS_URL: Object.assign(new URL(infra.redisUrl), { pathname: `/${8 + SLOT}` }).toString(),
      DATA_DIR: dataDir,
      PRODUCTS_PER_CATEGORY: '2',
      RATE_LIMIT_PER_MINUTE: '0',
      // The journeys' clients are many new visitors from one address.
      NEW_VISITORS_PER_ADDRESS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  globalThis.distributedStoreForTests = child;
  // start:distributed prints the store's address once every process answers its health check.
  const opened = /열렸습니다: (http\S+)/;
  for (const deadline = Date.now() + 240_000; !opened.test(output);) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm run start:distributed did not open the store:\n${output.slice(-4000)}`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
  process.env.MKT_DISTRIBUTED_URL = opened.exec(output)![1];
  process.env.MKT_DISTRIBUTED_PORT_OFFSET = String(PORT_OFFSET);
  process.env.MKT_DISTRIBUTED_DATA_DIR = dataDir;
  process.env.MKT_DISTRIBUTED_KAFKA_TOPIC_PREFIX = topicPrefix;
}
