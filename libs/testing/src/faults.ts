import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { Outbox } from '@mkt/messaging';
import { testInfrastructure } from './infrastructure';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** The failure `crashAfterNextEnqueue` injects. */
export class CrashAfterEnqueue extends Error {
  constructor() {
    super('crashed right after writing an outbox event');
  }
}

/**
 * Runs `work` with its first outbox write failing right after its row is written, as a process dying
 * mid-transaction would. A command that enqueues in the transaction of its state change leaves
 * neither behind; one that enqueues outside it leaves an event without its state (or the reverse).
 * Writes of anything else running meanwhile (a consumer, say) are left alone.
 */
export async function crashAfterNextEnqueue(work: () => Promise<unknown>): Promise<void> {
  const enqueue = Outbox.prototype.enqueue;
  const inWork = new AsyncLocalStorage<boolean>();
  let crashed = false;
  const spy = jest.spyOn(Outbox.prototype, 'enqueue').mockImplementation(async function (
    this: Outbox,
    ...args: Parameters<Outbox['enqueue']>
  ) {
    const written = await enqueue.apply(this, args);
    if (!inWork.getStore() || crashed) return written;
    crashed = true;
    throw new CrashAfterEnqueue();
  });
  try {
    await expect(inWork.run(true, work)).rejects.toThrow();
    expect(crashed).toBe(true);
  } finally {
    spy.mockRestore();
  }
}

/**
 * A Kafka broker of the test's own, so that it can be restarted without touching the one every
 * other test shares: `deploy/local/infra.sh kafka-*` on its own port and folder, with the jars of
 * this checkout's broker (.infra/kafka/libs; downloaded there first if missing).
 */
export class OwnKafkaBroker {
  readonly port = 20_000 + Math.floor(Math.random() * 5_000) * 2;
  private readonly dir = mkdtempSync(join(tmpdir(), 'mkt-test-kafka-'));

  get brokers(): string[] {
    return [`127.0.0.1:${this.port}`];
  }

  /** Starts the broker; resolves once it answers. */
  start(): Promise<void> {
    return this.infra('kafka-start');
  }

  /** A graceful stop, then a start, as an operator's rolling restart does; resolves once it answers. */
  restart(): Promise<void> {
    return this.infra('kafka-restart');
  }

  /** Stops the broker and removes its data. */
  async remove(): Promise<void> {
    await this.infra('kafka-stop');
    rmSync(this.dir, { recursive: true, force: true });
  }

  private infra(command: string): Promise<void> {
    return new Promise((resolve, reject) => {
      execFile(
        'bash',
        [join(REPO_ROOT, 'deploy/local/infra.sh'), command],
        {
          env: {
            ...process.env,
            MKT_KAFKA_PORT: String(this.port),
            MKT_KAFKA_DIR: this.dir,
            MKT_KAFKA_LIBS: join(REPO_ROOT, '.infra', 'kafka', 'libs'),
          },
        },
        (error, stdout, stderr) =>
          error ? reject(new Error(`infra.sh ${command}: ${stdout}${stderr}`)) : resolve(),
      );
    });
  }
}

/**
 * Makes a test's own database unreachable, as an outage would: it refuses new connections and the
 * open ones are ended. Answers the way back (connections allowed again).
 */
export async function cutOffDatabase(databaseUrl: string): Promise<() => Promise<void>> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: (await testInfrastructure()).databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
  return () => admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
}
