import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { connect, createServer } from 'node:net';
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
 * A TCP relay in front of a port, whose connections a test can cut as a network fault would (a reset
 * by a load balancer, a blip): both ends see their connection reset, and the far end keeps running.
 * A client whose connection the port refuses is reset too, as near as a relay comes to a refusal.
 */
class SeverableRelay {
  private readonly connections = new Set<Socket>();
  private refusingUntil = 0;
  private readonly server = createServer((client) => {
    if (Date.now() < this.refusingUntil) return void client.resetAndDestroy();
    const upstream = connect(this.targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.connections.add(socket);
      socket.on('close', () => this.connections.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    upstream.on('error', () => client.resetAndDestroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });

  constructor(private readonly targetPort: number) {}

  /** Listens on a free port; answers it. */
  async listen(): Promise<number> {
    await new Promise<void>((listening) => this.server.listen(0, '127.0.0.1', listening));
    return (this.server.address() as AddressInfo).port;
  }

  /** Cuts every connection, and any made in the next `forMs`. */
  sever(forMs = 0): void {
    this.refusingUntil = Date.now() + forMs;
    for (const socket of this.connections) socket.resetAndDestroy();
  }

  async close(): Promise<void> {
    this.sever();
    await new Promise((closed) => this.server.close(closed));
  }
}

/**
 * A Kafka broker of the test's own, so that it can be restarted without touching the one every
 * other test shares: `deploy/local/infra.sh kafka-*` on its own port and folder, with the jars of
 * this checkout's broker (.infra/kafka/libs; downloaded there first if missing). Its clients reach
 * it through a relay of the test's, which can cut their connections (`severConnections`).
 */
export class OwnKafkaBroker {
  readonly port = 20_000 + Math.floor(Math.random() * 5_000) * 2;
  private readonly dir = mkdtempSync(join(tmpdir(), 'mkt-test-kafka-'));
  private readonly relay = new SeverableRelay(this.port);
  private relayPort?: number;

  get brokers(): string[] {
    if (this.relayPort === undefined) throw new Error('the broker has not been started');
    return [`127.0.0.1:${this.relayPort}`];
  }

  /** Starts the broker; resolves once it answers. */
  async start(): Promise<void> {
    this.relayPort = await this.relay.listen();
    await this.infra('kafka-start');
  }

  /** A graceful stop, then a start, as an operator's rolling restart does; resolves once it answers. */
  restart(): Promise<void> {
    return this.infra('kafka-restart');
  }

  /**
   * Cuts every client's connection to the broker, and any made in the next `forMs`, as a network
   * partition would; the broker runs on, its groups as they were.
   */
  severConnections(forMs = 0): void {
    this.relay.sever(forMs);
  }

  /** Stops the broker and removes its data. */
  async remove(): Promise<void> {
    await this.relay.close();
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
            MKT_KAFKA_ADVERTISED_PORT: String(this.relayPort),
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
