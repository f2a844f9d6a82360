import type { INestApplication } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventDefinition, EventEnvelope } from '@mkt/contracts';
import type { MessageTransport } from '@mkt/messaging';
import { eventMessage, KafkaTransport } from '@mkt/messaging';
import type { ServiceDefinition } from '@mkt/platform';
import { JsonLogger } from '@mkt/observability';
import { startService } from '@mkt/platform';
import { createTestDatabase, uniqueTopicPrefix } from './databases';
import { testInfrastructure } from './infrastructure';

export interface TestServiceOptions {
  /** Topics of the test's own (services that talk to each other share one); unique when absent. */
  topicPrefix?: string;
  /** Base URLs of the services this one calls. */
  serviceUrls?: Record<string, string>;
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  relayPollIntervalMs?: number;
  /** Another instance of the service: its database (the first instance's `databaseUrl`), left to it to drop. */
  sharedDatabaseUrl?: string;
  /** Turns the outbox operations routes on, for callers sending it. */
  opsToken?: string;
}

export interface TestService {
  /** The service's name, which is also its consumer group. */
  name: string;
  app: INestApplication;
  url: string;
  databaseUrl: string;
  transport: KafkaTransport;
  /** Stops the service, its Kafka connection, and drops its database. */
  close(): Promise<void>;
}

/** A service as distributed mode runs it: a fresh PostgreSQL database of its own and the test Kafka. */
export async function startTestService(
  definition: ServiceDefinition,
  options: TestServiceOptions = {},
): Promise<TestService> {
  const infra = await testInfrastructure();
  const database = options.sharedDatabaseUrl
    ? { url: options.sharedDatabaseUrl, drop: async () => undefined }
    : await createTestDatabase(definition.name);
  const transport = new KafkaTransport({
    brokers: infra.kafkaBrokers,
    clientId: definition.name,
    topicPrefix: options.topicPrefix ?? uniqueTopicPrefix(definition.name),
  });
  try {
    const app = await startService(
      definition,
      {
        name: definition.name,
        database: { kind: 'postgres', url: database.url, schema: 'public' },
        transport,
        logger: new JsonLogger(definition.name, options.logLevel ?? 'error'),
        dataDir: mkdtempSync(join(tmpdir(), `${definition.name}-`)),
        serviceUrls: options.serviceUrls ?? {},
        relayPollIntervalMs: options.relayPollIntervalMs,
        opsToken: options.opsToken,
      },
      { port: 0, host: '127.0.0.1' },
    );
    return {
      name: definition.name,
      app,
      url: await app.getUrl(),
      databaseUrl: database.url,
      transport,
      close: async () => {
        await app.close();
        await transport.close();
        await database.drop();
      },
    };
  } catch (error) {
    await transport.close();
    await database.drop();
    throw error;
  }
}

/** A call of a test service's HTTP API: the status and the JSON body (undefined when empty). */
export async function callService<T>(
  service: Pick<TestService, 'url'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Waits until `service` has handled every message published to `topic` so far. */
export async function handledAll(
  service: Pick<TestService, 'name' | 'transport'>,
  topic: string,
): Promise<void> {
  await eventually(async () => {
    if ((await service.transport.lag(service.name, topic)) > 0)
      throw new Error(`${service.name} lags on ${topic}`);
  });
}

/** Publishes an event as another service's outbox relay would (the same envelope and headers). */
export async function publishEvent<P>(
  transport: MessageTransport,
  event: EventDefinition<P>,
  payload: P,
  aggregateId: number | string,
  producer = 'test',
): Promise<EventEnvelope<P>> {
  const { envelope, headers } = eventMessage(producer, event, payload, { aggregateId });
  await transport.publish([
    { topic: event.topic, key: String(aggregateId), value: JSON.stringify(envelope), headers },
  ]);
  return envelope;
}

/** Retries `check` until it passes or `timeoutMs` runs out (then its last failure is thrown). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
