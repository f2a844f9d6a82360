import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { KafkaTransport } from '@mkt/messaging';
import { opsTokenSetting } from '@mkt/observability';
import {
  brokerList,
  corsOrigins,
  kafkaTopicPrefix,
  loadConfig,
  port,
  requestsPerMinute,
  newVisitorsPerAddress,
  runProcess,
  trustProxy,
} from '@mkt/platform';
import { BFF, serviceUrlSetting } from '@mkt/topology';
import { RedisKeyValueStore } from './auth/key-value-store';
import { mailEnv, SmtpMailer } from './mail/mailer';
import { startBff } from './bff';
import { catalogCacheMegabytes, megabytes } from './catalog/catalog-read-cache';
import type { ServiceUrls } from './services/service-clients';
import { socialEnv, socialSettingsFromEnv } from './social/social-settings';
import { RedisVisitNotices, VisitorCounters } from './visitors/visitor-counters';

const serviceUrlsConfig = z.object(
  Object.fromEntries(BFF.calls.map((name) => [serviceUrlSetting(name), z.url()])),
);

/** The access-token key: JWT_SECRET, else the contents of JWT_SECRET_FILE (a mounted secret). */
const jwtSecretConfig = z
  .object({
    JWT_SECRET: z.string().optional(),
    JWT_SECRET_FILE: z.string().min(1).optional(),
  })
  .transform(({ JWT_SECRET, JWT_SECRET_FILE }, context) => {
    let secret = JWT_SECRET;
    if (!secret && JWT_SECRET_FILE) {
      try {
        secret = readFileSync(JWT_SECRET_FILE, 'utf8').trim();
      } catch {
        context.addIssue({ code: 'custom', path: ['JWT_SECRET_FILE'], message: 'cannot be read' });
        return z.NEVER;
      }
    }
    if (!secret || secret.length < 32)
      context.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'must be at least 32 characters' });
    return secret ?? '';
  });

const bffConfig = z
  .object({
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
    KAFKA_BROKERS: brokerList,
    KAFKA_TOPIC_PREFIX: kafkaTopicPrefix,
    CATALOG_CACHE_MB: catalogCacheMegabytes,
    PORT: port.default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    WEB_DIST: z.string().min(1).optional(),
    TRUST_PROXY: trustProxy.optional(),
    CORS_ORIGINS: corsOrigins.optional(),
    RATE_LIMIT_PER_MINUTE: requestsPerMinute,
    NEW_VISITORS_PER_ADDRESS: newVisitorsPerAddress,
    OPS_TOKEN: opsTokenSetting.optional(),
    ...socialEnv.shape,
    ...mailEnv.shape,
  })
  .superRefine((env, context) => {
    socialEnv.checkPairs(env, context);
    mailEnv.checkPair(env, context);
  });

runProcess('bff', async (logger) => {
  const config = loadConfig(bffConfig);
  const jwtSecret = loadConfig(jwtSecretConfig);
  const serviceUrls = loadConfig(serviceUrlsConfig);
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  const store = new RedisKeyValueStore(redis);
  const visitors = new VisitorCounters(store, new RedisVisitNotices(redis), config.NEW_VISITORS_PER_ADDRESS);
  const mailer = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined;
  const publicUrl = config.PUBLIC_URL;
  if (mailer && publicUrl) logger.log('password reset mail goes out by SMTP', { publicUrl });
  else logger.warn('no SMTP_URL and PUBLIC_URL: 비밀번호 찾기 is off (answers 503)');
  const changes = new KafkaTransport({
    brokers: config.KAFKA_BROKERS,
    clientId: 'bff',
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger,
  });
  const app = await startBff(
    {
      services: Object.fromEntries(
        BFF.calls.map((name) => [name, serviceUrls[serviceUrlSetting(name)]]),
      ) as ServiceUrls,
      auth: { jwtSecret, store },
      visitors,
      social: socialSettingsFromEnv(config),
      logger,
      webDist: config.WEB_DIST,
      trustProxy: config.TRUST_PROXY,
      corsOrigins: config.CORS_ORIGINS,
      requestsPerMinute: config.RATE_LIMIT_PER_MINUTE,
      catalogCache: { changes, maxBytes: megabytes(config.CATALOG_CACHE_MB), logger },
      opsToken: config.OPS_TOKEN,
      mail: mailer && publicUrl ? { mailer, publicUrl: () => publicUrl } : undefined,
      publicUrl,
    },
    { port: config.PORT, host: config.HOST },
  );
  logger.log('bff listening', { port: config.PORT });
  return {
    close: async () => {
      await app.close();
      await changes.close();
      visitors.close();
      mailer?.close();
      redis.disconnect();
    },
  };
});
