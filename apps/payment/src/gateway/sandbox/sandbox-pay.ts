import type { SandboxPayResult } from '@mkt/contracts';
import { sandboxPaySchema } from '@mkt/contracts';
import { z } from 'zod';
import { GatewayRefusedError } from '../payment-gateway';
import { callPortOne, readResponse } from '../portone-api';

/**
 * The sandbox's own pay call (`POST /sandbox/payments`), what its payment window and scripts send:
 * the checkout contract's body, where `outcome` may also be `abandoned` (the shopper closed the
 * window, which PortOne records as a failed payment).
 */
export const sandboxPayRequestSchema = sandboxPaySchema.extend({
  outcome: z.enum(['paid', 'failed', 'abandoned']).default('paid'),
});
export type SandboxPayRequest = z.infer<typeof sandboxPayRequestSchema>;

export const SANDBOX_PAY_PATH = '/sandbox/payments';

const sandboxPayResultSchema = z.object({
  imp_uid: z.string(),
  status: z.enum(['paid', 'failed']),
  fail_reason: z.string().nullable(),
}) satisfies z.ZodType<SandboxPayResult>;

/** Pays at the sandbox gateway at `sandboxUrl` as its window would; a refused payment throws. */
export async function paySandbox(
  sandboxUrl: string,
  request: z.input<typeof sandboxPayRequestSchema>,
  timeoutMs = 10_000,
): Promise<SandboxPayResult> {
  const { answer } = await callPortOne(sandboxUrl, {
    method: 'POST',
    path: SANDBOX_PAY_PATH,
    body: request,
    timeoutMs,
  });
  if (answer.code !== 0) throw new GatewayRefusedError(`sandbox payment refused: ${answer.message}`);
  return readResponse(sandboxPayResultSchema, answer, `POST ${SANDBOX_PAY_PATH}`);
}
