import { z } from 'zod';
import type { PaymentGateway } from './payment-gateway';
import { PORTONE_API_URL, PortOneGateway } from './portone-gateway';
import { startSandboxGateway } from './sandbox/sandbox-gateway';

/**
 * Which gateway takes the payments: real PortOne (its browser SDK opens the window with
 * `merchantCode`), or the sandbox gateway that ships with the project: started in process, or
 * `shared`, run as a process of its own (apps/payment/src/gateway/sandbox/main.ts) that every
 * replica of the payment service uses, since the sandbox keeps its payments in its memory.
 */
export type PaymentGatewaySettings =
  | { mode: 'portone'; apiUrl: string; apiKey: string; apiSecret: string; merchantCode: string }
  | { mode: 'sandbox'; shared?: { url: string; apiKey: string; apiSecret: string } };

// Compose passes an unset variable on as an empty string: that is absent too.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Settings that only real PortOne reads; none of them set means sandbox mode. */
const PORTONE_REQUIRED = ['PORTONE_API_KEY', 'PORTONE_API_SECRET', 'PORTONE_MERCHANT_CODE'] as const;

/**
 * The environment's gateway settings, to extend a config schema with. `PORTONE_API_KEY`,
 * `PORTONE_API_SECRET` and `PORTONE_MERCHANT_CODE` (imp and digits, for the browser SDK) together
 * choose real PortOne, at `PORTONE_API_URL` or its public API; none of them, the sandbox. Part of
 * them is a configuration error, never a quiet fall back to the sandbox.
 */
export const paymentGatewayEnv = {
  shape: {
    PORTONE_API_KEY: optional(z.string().trim().min(1)),
    PORTONE_API_SECRET: optional(z.string().trim().min(1)),
    PORTONE_MERCHANT_CODE: optional(
      z
        .string()
        .trim()
        .regex(/^imp\d+$/, 'must be the merchant code PortOne shows (imp and digits)'),
    ),
    PORTONE_API_URL: optional(z.url({ protocol: /^https?$/ })),
    SANDBOX_GATEWAY_URL: optional(z.url({ protocol: /^https?$/ })),
    SANDBOX_API_KEY: optional(z.string().trim().min(1)),
    SANDBOX_API_SECRET: optional(z.string().trim().min(1)),
  },
  /** Adds an issue naming each missing setting once any PortOne setting is given. */
  checkComplete(env: Record<string, unknown>, context: z.RefinementCtx): void {
    if (env.SANDBOX_GATEWAY_URL !== undefined)
      for (const name of ['SANDBOX_API_KEY', 'SANDBOX_API_SECRET'].filter((key) => env[key] === undefined))
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'a shared sandbox gateway needs SANDBOX_API_KEY and SANDBOX_API_SECRET',
        });
    const given = [...PORTONE_REQUIRED, 'PORTONE_API_URL'].filter((name) => env[name] !== undefined);
    if (given.length === 0) return;
    for (const name of PORTONE_REQUIRED.filter((required) => env[required] === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `real PortOne needs ${PORTONE_REQUIRED.join(', ')} (given: ${given.join(', ')})`,
      });
    }
  },
};

export function paymentGatewaySettingsFromEnv(env: Record<string, unknown>): PaymentGatewaySettings {
  const read = (name: keyof typeof paymentGatewayEnv.shape) => env[name] as string | undefined;
  const apiKey = read('PORTONE_API_KEY');
  const apiSecret = read('PORTONE_API_SECRET');
  const merchantCode = read('PORTONE_MERCHANT_CODE');
  if (!apiKey || !apiSecret || !merchantCode) {
    const url = read('SANDBOX_GATEWAY_URL');
    const [sandboxKey, sandboxSecret] = [read('SANDBOX_API_KEY'), read('SANDBOX_API_SECRET')];
    return url && sandboxKey && sandboxSecret
      ? { mode: 'sandbox', shared: { url, apiKey: sandboxKey, apiSecret: sandboxSecret } }
      : { mode: 'sandbox' };
  }
  return {
    mode: 'portone',
    apiUrl: read('PORTONE_API_URL') ?? PORTONE_API_URL,
    apiKey,
    apiSecret,
    merchantCode,
  };
}

export interface OpenedPaymentGateway {
  gateway: PaymentGateway;
  /** The merchant code PortOne's browser SDK opens its window with; absent in sandbox mode. */
  merchantCode?: string;
  /** Where the sandbox's pay call is served; absent with real PortOne, which has no such call. */
  sandboxUrl?: string;
  close(): Promise<void>;
}

/** The gateway the settings choose; in sandbox mode, the sandbox is started on a free loopback port. */
export async function openPaymentGateway(settings: PaymentGatewaySettings): Promise<OpenedPaymentGateway> {
  if (settings.mode === 'portone') {
    const { apiKey, apiSecret, apiUrl, merchantCode } = settings;
    return {
      gateway: new PortOneGateway({ apiKey, apiSecret, baseUrl: apiUrl }),
      merchantCode,
      close: async () => {},
    };
  }
  if (settings.shared) {
    const { url, apiKey, apiSecret } = settings.shared;
    return {
      gateway: new PortOneGateway({ apiKey, apiSecret, baseUrl: url }),
      sandboxUrl: url,
      close: async () => {},
    };
  }
  const sandbox = await startSandboxGateway({ host: '127.0.0.1' });
  return {
    gateway: new PortOneGateway({
      apiKey: sandbox.apiKey,
      apiSecret: sandbox.apiSecret,
      baseUrl: sandbox.url,
    }),
    sandboxUrl: sandbox.url,
    close: () => sandbox.close(),
  };
}
