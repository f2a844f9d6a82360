import 'reflect-metadata';
import { z } from 'zod';
import { loadConfig, port, runProcess } from '@mkt/platform';
import { startBff } from './bff';

const bffConfig = z.object({
  SERVICE_URL_CATALOG: z.url(),
  SERVICE_URL_BOARD: z.url(),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  WEB_DIST: z.string().min(1).optional(),
});

runProcess('bff', async (logger) => {
  const config = loadConfig(bffConfig);
  const app = await startBff(
    {
      services: { catalog: config.SERVICE_URL_CATALOG, board: config.SERVICE_URL_BOARD },
      logger,
      webDist: config.WEB_DIST,
    },
    { port: config.PORT, host: config.HOST },
  );
  logger.log('bff listening', { port: config.PORT });
  return app;
});
