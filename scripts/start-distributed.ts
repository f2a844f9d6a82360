// `npm run start:distributed`: the store as separate processes on one machine, from libs/topology.
// Starts PostgreSQL, Redis and Kafka as `npm run infra:up` does (stopping them again on exit if it
// started them), unless MKT_TEST_DATABASE_URL, MKT_TEST_REDIS_URL and MKT_TEST_KAFKA_BROKERS name
// servers to use, seeds the demo store on first start, then runs every service and the BFF, each
// its own process, with one log stream whose lines are prefixed by the process name. Ctrl-C stops
// them all. Data (catalog's images, the access-token key) lives under DATA_DIR (.data/distributed).
//   PORT (8080) is the BFF's; the services listen on the topology's ports on 127.0.0.1, each moved
//   by PORT_OFFSET (0).
//   `--replicas N` (or REPLICAS; 1) runs N processes of every service and of the BFF. A service's
//   replicas share its consumer group (the topics' partitions are split between them) and listen on
//   its port + 10, + 20, ...; its own port is then a balancer passing each connection to one replica
//   in turn (as a Kubernetes Service does), so the BFF stays on PORT, one address. Once the store is
//   open, a process that ends is started again a second later (as Kubernetes restarts a pod), and
//   each process's pid is in DATA_DIR/pids/<name>-<replica>.pid (what the replica-kill test reads).
//   With replicas, the sandbox payment gateway runs as a process of its own that the payment
//   replicas share (it keeps payments in its memory), on payment's port + 5. DATABASE_PREFIX, KAFKA_TOPIC_PREFIX and REDIS_URL let a second store (the
//   distributed tests') share the servers with this one; LOG_LEVEL (warn) applies to every process.
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ServiceName, ServiceNode } from '@mkt/topology';
import { BFF, SERVICES, serviceNode, serviceUrlSetting } from '@mkt/topology';
import { startBalancer } from './tcp-balancer';

const root = resolve(__dirname, '..');
const dataDir = resolve(root, process.env.DATA_DIR ?? '.data/distributed');
const { values: args } = parseArgs({ options: { replicas: { type: 'string' } } });
const replicas = Number(args.replicas ?? process.env.REPLICAS ?? 1);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 9)
  throw new Error(
    `--replicas must be a whole number from 1 to 9, not "${args.replicas ?? process.env.REPLICAS}"`,
  );
const portOffset = Number(process.env.PORT_OFFSET ?? 0);
const bffPort = Number(process.env.PORT ?? BFF.port + portOffset);
const servicePort = (node: ServiceNode) => node.port + portOffset;
const databaseName = (node: ServiceNode) => `${process.env.DATABASE_PREFIX ?? ''}${node.database}`;
const infraScript = join(root, 'deploy/local/infra.sh');
const children = new Map<string, ChildProcess>();
const pidDir = join(dataDir, 'pids');
let stopping = false;
let opened = false;

/** Where replica `index` (0-based) of a process whose address is `port` listens. */
const replicaPort = (port: number, index: number) => (replicas === 1 ? port : port + 10 * (index + 1));

function infra(command: 'up' | 'down' | 'status' | 'env'): string {
  const result = spawnSync('bash', [infraScript, command], {
    cwd: root,
    encoding: 'utf8',
    stdio: command === 'up' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0 && command !== 'status') throw new Error(`infra.sh ${command} failed`);
  return result.stdout ?? '';
}

/** The settings `infra.sh env` prints as `export NAME=value` lines. */
function infraSettings(): Record<string, string> {
  return Object.fromEntries(
    [...infra('env').matchAll(/^export (\w+)=(.*)$/gm)].map(([, name, value]) => [name, value]),
  );
}

const databaseUrl = (adminUrl: string, database: string) =>
  Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

async function createMissingDatabases(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const node of SERVICES) {
      const name = databaseName(node);
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
}

/** The access-token key, made on first start and kept so sign-ins survive restarts. */
function jwtSecret(): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Runs a process whose output lines go to ours, prefixed with its name. */
function run(label: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { LOG_LEVEL: 'warn', ...process.env, ...env },
    // Its own process group: Ctrl-C reaches it once, through us, so its Kafka consumer leaves cleanly.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${label}]`.padEnd(10);
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream! }).on('line', (line) => console.log(`${prefix} ${line}`));
  return child;
}

function runUntilDone(label: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = run(label, args, env);
  return new Promise((done, fail) =>
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${label} exited with ${code}`)))),
  );
}

/**
 * Runs `entry` as the process `label`, its pid in DATA_DIR/pids/<pidName>.pid. Until the store is
 * open, a process that ends stops them all; afterwards it is started again.
 */
function serve(label: string, pidName: string, entry: string, env: NodeJS.ProcessEnv): void {
  const child = run(label, ['-r', '@swc-node/register', entry], env);
  children.set(label, child);
  writeFileSync(join(pidDir, `${pidName}.pid`), String(child.pid));
  child.once('exit', (code, signal) => {
    children.delete(label);
    if (stopping) return;
    if (!opened) {
      console.error(`[${label}] stopped (${signal ?? code}); stopping the others`);
      void stop(1);
      return;
    }
    console.error(`[${label}] stopped (${signal ?? code}); starting it again`);
    setTimeout(() => stopping || serve(label, pidName, entry, env), 1_000);
  });
}

/** Every replica of `name`, and the balancer on `port` in front of them when there are several. */
async function serveReplicas(name: string, port: number, env: NodeJS.ProcessEnv): Promise<void> {
  for (let index = 0; index < replicas; index++)
    serve(
      replicas === 1 ? name : `${name}#${index + 1}`,
      `${name}-${index + 1}`,
      `apps/${name}/src/main.ts`,
      {
        ...env,
        PORT: String(replicaPort(port, index)),
      },
    );
  if (replicas > 1)
    await startBalancer(
      env.HOST ?? '127.0.0.1',
      port,
      Array.from({ length: replicas }, (_, index) => replicaPort(port, index)),
    );
}

/** Waits until every replica of the process whose address is `port` answers `path`. */
const replicasHealthy = (port: number, path: string) =>
  Promise.all(
    Array.from({ length: replicas }, (_, index) =>
      waitUntilHealthy(`http://127.0.0.1:${replicaPort(port, index)}${path}`),
    ),
  );

async function waitUntilHealthy(url: string, timeoutMs = 180_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (stopping) return;
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(3_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

let infraStartedHere = false;

const SERVER_SETTINGS = ['MKT_TEST_DATABASE_URL', 'MKT_TEST_REDIS_URL', 'MKT_TEST_KAFKA_BROKERS'] as const;

/** Servers someone else runs (CI's, another checkout's), named as the tests name them. */
function serversGiven(): Record<string, string> | undefined {
  if (!SERVER_SETTINGS.every((name) => process.env[name])) return undefined;
  return Object.fromEntries(SERVER_SETTINGS.map((name) => [name, process.env[name]!]));
}

/** PostgreSQL, Redis and Kafka of this checkout (deploy/local/infra.sh), started unless running. */
function startServers(): Record<string, string> {
  infraStartedHere = !/running/.test(infra('status'));
  infra('up');
  return infraSettings();
}

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('stopping every process...');
  const exits = [...children.values()].map(
    (child) => new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done))),
  );
  for (const child of children.values()) child.kill('SIGTERM');
  await Promise.all(exits);
  if (infraStartedHere) infra('down');
  process.exit(code);
}

const serviceUrls = (names: readonly ServiceName[]) =>
  Object.fromEntries(
    names.map((name) => [serviceUrlSetting(name), `http://127.0.0.1:${servicePort(serviceNode(name))}`]),
  );

/**
 * With replicas, the sandbox payment gateway as a process of its own beside payment's port: it
 * keeps payments in its memory, so the payment replicas must share one. Answers payment's settings
 * for it (none with one replica: payment then runs the sandbox in its own process).
 */
function serveSharedSandboxGateway(): NodeJS.ProcessEnv {
  if (replicas === 1) return {};
  const port = servicePort(serviceNode('payment')) + 5;
  const settings = {
    SANDBOX_GATEWAY_URL: `http://127.0.0.1:${port}`,
    SANDBOX_API_KEY: randomBytes(8).toString('hex'),
    SANDBOX_API_SECRET: randomBytes(24).toString('base64url'),
  };
  serve('sandbox', 'sandbox-1', 'apps/payment/src/gateway/sandbox/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    SANDBOX_API_KEY: settings.SANDBOX_API_KEY,
    SANDBOX_API_SECRET: settings.SANDBOX_API_SECRET,
  });
  return settings;
}

function serviceSettings(node: ServiceNode, adminUrl: string, kafka: string): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: databaseUrl(adminUrl, databaseName(node)),
    KAFKA_BROKERS: kafka,
    HOST: '127.0.0.1',
    DATA_DIR: join(dataDir, node.name),
    ...serviceUrls(node.calls),
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const settings = serversGiven() ?? startServers();
  const adminUrl = settings.MKT_TEST_DATABASE_URL;
  const kafka = settings.MKT_TEST_KAFKA_BROKERS;
  mkdirSync(pidDir, { recursive: true });
  await createMissingDatabases(adminUrl);

  // Migrates catalog, board and member and seeds each part that has no data yet.
  await runUntilDone('seed', ['-r', '@swc-node/register', 'apps/standalone/src/seed-cli.ts'], {
    CATALOG_DATABASE_URL: databaseUrl(adminUrl, databaseName(serviceNode('catalog'))),
    BOARD_DATABASE_URL: databaseUrl(adminUrl, databaseName(serviceNode('board'))),
    MEMBER_DATABASE_URL: databaseUrl(adminUrl, databaseName(serviceNode('member'))),
    CATALOG_DATA_DIR: join(dataDir, 'catalog'),
  });
  spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' });

  const sharedSandbox = serveSharedSandboxGateway();
  for (const node of SERVICES)
    await serveReplicas(node.name, servicePort(node), {
      ...serviceSettings(node, adminUrl, kafka),
      ...(node.name === 'payment' ? sharedSandbox : {}),
    });
  const smtpUrl = process.env.SMTP_URL ?? process.env.MKT_TEST_SMTP_URL ?? settings.MKT_TEST_SMTP_URL;
  const mailpitPage = process.env.MKT_TEST_MAILPIT_URL ?? settings.MKT_TEST_MAILPIT_URL;
  await serveReplicas('bff', bffPort, {
    ...serviceUrls(BFF.calls),
    REDIS_URL: process.env.REDIS_URL ?? settings.MKT_TEST_REDIS_URL,
    KAFKA_BROKERS: kafka,
    JWT_SECRET: jwtSecret(),
    WEB_DIST: join(root, 'apps/web/dist'),
    HOST: process.env.HOST ?? '127.0.0.1',
    // Password reset mails go to Mailpit (infra.sh), whose page shows them; without one 비밀번호 찾기 is off.
    ...(smtpUrl && {
      SMTP_URL: smtpUrl,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${bffPort}`,
    }),
  });
  await Promise.all(SERVICES.map((node) => replicasHealthy(servicePort(node), '/health/ready')));
  await replicasHealthy(bffPort, '/api/health/ready');
  if (stopping) return;
  opened = true;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const each = replicas === 1 ? '' : `, ${replicas} processes of each`;
  console.log(
    `\n  딜마켓 (distributed${each}) 열렸습니다: http://127.0.0.1:${bffPort}  (${seconds} s; Ctrl+C로 종료)\n` +
      (mailpitPage ? `  보낸 메일(비밀번호 재설정 링크): ${mailpitPage}\n` : ''),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
