import 'reflect-metadata';
import { z } from 'zod';
import {
  corsOrigins,
  loadConfig,
  newVisitorsPerAddress,
  port,
  requestsPerMinute,
  retentionDaysSetting,
  runProcess,
  trustProxy,
} from '@mkt/platform';
import { catalogCacheMegabytes } from '@mkt/bff';
import { startStandalone } from './standalone';

const standaloneConfig = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('warn'),
  RATE_LIMIT_PER_MINUTE: requestsPerMinute,
  NEW_VISITORS_PER_ADDRESS: newVisitorsPerAddress,
  CATALOG_CACHE_MB: catalogCacheMegabytes,
  MESSAGING_RETENTION_DAYS: retentionDaysSetting.optional(),
  TRUST_PROXY: trustProxy.optional(),
  CORS_ORIGINS: corsOrigins.optional(),
  PUBLIC_URL: z.url().optional(),
});

runProcess('standalone', async (logger) => {
  const started = Date.now();
  const config = loadConfig(standaloneConfig);
  const running = await startStandalone({
    dataDir: config.DATA_DIR,
    port: config.PORT,
    host: config.HOST,
    webDist: config.WEB_DIST,
    logLevel: config.LOG_LEVEL,
    requestsPerMinute: config.RATE_LIMIT_PER_MINUTE,
    newVisitorsPerAddress: config.NEW_VISITORS_PER_ADDRESS,
    catalogCacheMb: config.CATALOG_CACHE_MB,
    retentionDays: config.MESSAGING_RETENTION_DAYS,
    trustProxy: config.TRUST_PROXY,
    corsOrigins: config.CORS_ORIGINS,
    publicUrl: config.PUBLIC_URL,
  });
  logger.log('marketplace ready', {
    url: running.url,
    startupMs: Date.now() - started,
    phasesMs: running.phasesMs,
    mailFolder: running.mailFolder,
  });
  console.log(
    `\n  딜마켓이 열렸습니다: ${running.url}\n  보낸 메일(비밀번호 재설정 링크)은 ${running.mailFolder} 폴더와 로그에 남습니다.\n  (Ctrl+C로 종료)\n`,
  );
  return running;
});
