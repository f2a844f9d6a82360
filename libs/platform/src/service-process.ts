import { KafkaTransport } from '@mkt/messaging';
import { JsonLogger, opsTokenSetting, startTracing } from '@mkt/observability';
import { z } from 'zod';
import {
  brokerList,
  ConfigError,
  kafkaTopicPrefix,
  loadConfig,
  port,
  postgresUrl,
  retentionDaysSetting,
} from './config';
import type { ServiceDefinition } from './service-runtime';
import { startService } from './service-runtime';

/**
 * Runs a server process: starts tracing when the environment asks for it (./tracing), starts the
 * server, stops both cleanly on SIGTERM/SIGINT, and on a start failure (a bad setting above all)
 * logs why and exits non-zero.
 */
export function runProcess(
  name: string,
  start: (logger: JsonLogger) => Promise<{ close(): Promise<void> }>,
): void {
  const logger = new JsonLogger(name);
  startTracing(name)
    .then(async (tracing) => ({ tracing, server: await start(logger) }))
    .then(({ tracing, server }) => {
      const shutdown = () =>
        void server
          .close()
          .then(() => tracing.shutdown())
          .then(() => process.exit(0));
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    })
    .catch((error: unknown) => {
      if (error instanceof ConfigError) logger.error(error.message);
      else logger.error('failed to start', { error: error instanceof Error ? error.stack : String(error) });
      process.exit(1);
    });
}

const serviceConfig = z.object({
  DATABASE_URL: postgresUrl,
  KAFKA_BROKERS: brokerList,
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  /** Operators' token for the outbox operations routes (x-ops-token); they answer 404 without one. */
  OPS_TOKEN: opsTokenSetting.optional(),
  MESSAGING_RETENTION_DAYS: retentionDaysSetting.optional(),
  KAFKA_TOPIC_PREFIX: kafkaTopicPrefix,
});

const urlSetting = (service: string) => `SERVICE_URL_${service.toUpperCase()}`;

/** SERVICE_URL_<NAME> of each service called, all required. */
const calledServiceUrls = (calls: readonly string[]) =>
  z.object(Object.fromEntries(calls.map((name) => [urlSetting(name), z.url()])));

/** Entry point of a service in distributed mode: its own PostgreSQL database and Kafka. */
export function runServiceProcess(definition: ServiceDefinition): void {
  runProcess(definition.name, async (logger) => {
    const config = loadConfig(serviceConfig);
    const serviceUrls = loadConfig(calledServiceUrls(definition.calls));
    const transport = new KafkaTransport({
      brokers: config.KAFKA_BROKERS,
      clientId: definition.name,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
      logger,
    });
    const app = await startService(
      definition,
      {
        name: definition.name,
        database: { kind: 'postgres', url: config.DATABASE_URL, schema: 'public' },
        transport,
        logger,
        dataDir: config.DATA_DIR ?? `.data/${definition.name}`,
        opsToken: config.OPS_TOKEN,
        retentionDays: config.MESSAGING_RETENTION_DAYS,
        serviceUrls: Object.fromEntries(
          definition.calls.map((name) => [name, serviceUrls[urlSetting(name)]]),
        ),
      },
      { port: config.PORT, host: config.HOST },
    );
    logger.log(`${definition.name} listening`, { port: config.PORT });
    return {
      close: async () => {
        await app.close();
        await transport.close();
      },
    };
  });
}
