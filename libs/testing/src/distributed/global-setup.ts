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
/** Its databases start with this; each run drops the last run's and seeds a fresh store. */
const DATABASE_PREFIX = 'dist_test_';
/** Ports of the topology moved by this much, away from a store a developer runs at the same time. */
const PORT_OFFSET = 1500;

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
 * The distributed tests run against `npm run start:distributed` itself: every service and the BFF
 * as processes on the test PostgreSQL, Redis and Kafka (databases, topics and a Redis database of
 * their own). MKT_DISTRIBUTED_URL, when set, points them at a store that is already running.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.MKT_DISTRIBUTED_URL) return;
  const infra = await testInfrastructure();
  await dropPreviousDatabases(infra.databaseUrl);
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'scripts/start-distributed.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT_OFFSET: String(PORT_OFFSET),
      DATABASE_PREFIX,
      KAFKA_TOPIC_PREFIX: `dist-test-${Date.now().toString(36)}.`,
      REDIS_URL: Object.assign(new URL(infra.redisUrl), { pathname: '/8' }).toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mkt-distributed-')),
      PRODUCTS_PER_CATEGORY: '2',
      RATE_LIMIT_PER_MINUTE: '0',
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
}
