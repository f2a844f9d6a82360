import { Socket } from 'node:net';
import { startContainers } from './containers';

/** Where integration tests find PostgreSQL, Redis and Kafka. */
export interface TestInfrastructure {
  /** A superuser URL; tests create databases of their own from it. */
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string[];
}

const LOCAL = {
  databaseUrl: 'postgresql://postgres@127.0.0.1:55432/postgres',
  redisUrl: 'redis://127.0.0.1:56379',
  kafkaBrokers: ['127.0.0.1:59092'],
};

let resolved: Promise<TestInfrastructure> | undefined;

/**
 * From the MKT_TEST_* environment variables (CI); else the servers `npm run infra:up` starts, if they
 * answer; else Testcontainers where a Docker engine answers; else an error saying what to run.
 */
export function testInfrastructure(): Promise<TestInfrastructure> {
  resolved ??= resolveInfrastructure();
  return resolved;
}

async function resolveInfrastructure(): Promise<TestInfrastructure> {
  const env = process.env;
  if (env.MKT_TEST_DATABASE_URL && env.MKT_TEST_REDIS_URL && env.MKT_TEST_KAFKA_BROKERS) {
    return {
      databaseUrl: env.MKT_TEST_DATABASE_URL,
      redisUrl: env.MKT_TEST_REDIS_URL,
      kafkaBrokers: env.MKT_TEST_KAFKA_BROKERS.split(','),
    };
  }
  const local = await Promise.all([reachable(55432), reachable(56379), reachable(59092)]);
  if (local.every(Boolean)) return LOCAL;
  try {
    return await startContainers();
  } catch (error) {
    throw new Error(
      'Integration tests need PostgreSQL, Redis and Kafka. Start them with `npm run infra:up` ' +
        '(or set MKT_TEST_DATABASE_URL, MKT_TEST_REDIS_URL and MKT_TEST_KAFKA_BROKERS). ' +
        `Testcontainers could not start them either: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function reachable(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => resolve(false));
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}
