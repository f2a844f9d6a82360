import type { SandboxPayRequest, SandboxPayResult } from '@mkt/contracts';
import { z } from 'zod';
import { GatewayRefusedError } from '../payment-gateway';
import { callPortOne, readResponse } from '../portone-api';

export const SANDBOX_PAY_PATH = '/sandbox/payments';

const sandboxPayResultSchema = z.object({
  imp_uid: z.string(),
  status: z.enum(['paid', 'failed']),
  fail_reason: z.string().nullable(),
}) satisfies z.ZodType<SandboxPayResult>;

/** Pays at the sandbox gateway at `sandboxUrl` as its window would; a refused payment throws. */
export async function paySandbox(
  sandboxUrl: string,
  request: SandboxPayRequest,
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
