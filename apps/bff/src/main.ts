import 'reflect-metadata';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { corsOrigins, loadConfig, port, runProcess, trustProxy } from '@mkt/platform';
import { BFF, serviceUrlSetting } from '@mkt/topology';
import { RedisKeyValueStore } from './auth/key-value-store';
import { startBff } from './bff';
import type { ServiceUrls } from './services/service-clients';
import { socialEnv, socialSettingsFromEnv } from './social/social-settings';
import { RedisVisitorCounters } from './visitors/visitor-counters';

const serviceUrlsConfig = z.object(
  Object.fromEntries(BFF.calls.map((name) => [serviceUrlSetting(name), z.url()])),
);

const bffConfig = z
  .object({
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
    PORT: port.default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    WEB_DIST: z.string().min(1).optional(),
    TRUST_PROXY: trustProxy.optional(),
    CORS_ORIGINS: corsOrigins.optional(),
    ...socialEnv.shape,
  })
  .superRefine(socialEnv.checkPairs);

runProcess('bff', async (logger) => {
  const config = loadConfig(bffConfig);
  const serviceUrls = loadConfig(serviceUrlsConfig);
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  const visitors = new RedisVisitorCounters(redis);
  const app = await startBff(
    {
      services: Object.fromEntries(
        BFF.calls.map((name) => [name, serviceUrls[serviceUrlSetting(name)]]),
      ) as ServiceUrls,
      auth: { jwtSecret: config.JWT_SECRET, store: new RedisKeyValueStore(redis) },
      visitors,
      social: socialSettingsFromEnv(config),
      logger,
      webDist: config.WEB_DIST,
      trustProxy: config.TRUST_PROXY,
      corsOrigins: config.CORS_ORIGINS,
    },
    { port: config.PORT, host: config.HOST },
  );
  logger.log('bff listening', { port: config.PORT });
  return {
    close: async () => {
      await app.close();
      visitors.close();
      redis.disconnect();
    },
  };
});
