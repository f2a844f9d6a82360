// The sandbox gateway as a process of its own, for a payment service configured for "real PortOne"
// pointed at it (PORTONE_API_URL=<its url>, PORTONE_API_KEY/SECRET=<its key and secret>,
// PORTONE_MERCHANT_CODE=imp00000000): its payments then outlive a restart of the payment service.
//   PORT=9400 SANDBOX_API_KEY=dev-key SANDBOX_API_SECRET=dev-secret \
//     node -r @swc-node/register apps/payment/src/gateway/sandbox/main.ts
import { loadConfig, port, runProcess } from '@mkt/platform';
import { z } from 'zod';
import { startSandboxGateway } from './sandbox-gateway';

const settings = z.object({
  PORT: port,
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The API key and secret it issues tokens for; random ones (logged) when absent. */
  SANDBOX_API_KEY: z.string().min(1).optional(),
  SANDBOX_API_SECRET: z.string().min(1).optional(),
});

runProcess('sandbox-gateway', async (logger) => {
  const config = loadConfig(settings);
  const sandbox = await startSandboxGateway({
    host: config.HOST,
    port: config.PORT,
    apiKey: config.SANDBOX_API_KEY,
    apiSecret: config.SANDBOX_API_SECRET,
  });
  logger.log('sandbox gateway listening', {
    url: sandbox.url,
    ...(config.SANDBOX_API_KEY ? {} : { apiKey: sandbox.apiKey }),
    ...(config.SANDBOX_API_SECRET ? {} : { apiSecret: sandbox.apiSecret }),
  });
  return { close: () => sandbox.close() };
});
