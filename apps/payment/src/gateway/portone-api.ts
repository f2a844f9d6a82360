import { z } from 'zod';
import type { GatewayPayment } from './payment-gateway';
import { GatewayUnreachableError } from './payment-gateway';

/**
 * The part of PortOne's v1 REST API (https://api.iamport.kr) this project speaks, once for both
 * sides: the adapter that calls it and the sandbox gateway that serves it.
 */

/** Every PortOne v1 answer: `code` 0 with a `response`, or another code with a `message`. */
export interface PortOneAnswer<T> {
  code: number;
  message: string | null;
  response: T | null;
}

export interface PortOneToken {
  access_token: string;
  /** The gateway's clock when it answered, and when the token expires (UNIX seconds). */
  now: number;
  expired_at: number;
}

/** A payment as the sandbox serves it: the fields of PortOne's payment the checkout uses. */
export interface PortOnePayment {
  imp_uid: string;
  merchant_uid: string;
  pay_method: string;
  channel: 'pc' | 'mobile' | 'api';
  pg_provider: string;
  pg_tid: string;
  name: string | null;
  amount: number;
  cancel_amount: number;
  currency: string;
  status: 'ready' | 'paid' | 'failed' | 'cancelled';
  /** UNIX seconds; 0 when it did not happen. */
  started_at: number;
  paid_at: number;
  failed_at: number;
  cancelled_at: number;
  fail_reason: string | null;
  cancel_reason: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  /** What the payment request carried as `custom_data`, as text; the payer's mark (see `payerOf`). */
  custom_data: string | null;
  cancel_history: { pg_tid: string; amount: number; cancelled_at: number; reason: string | null }[];
}

const answerSchema = z.object({
  code: z.number(),
  message: z.string().nullish(),
  response: z.unknown(),
});

export const portOneTokenSchema = z.object({
  access_token: z.string().min(1),
  now: z.number(),
  expired_at: z.number(),
}) satisfies z.ZodType<PortOneToken>;

/** Reads a PortOne payment leniently (PortOne leaves some fields null) into the port's type. */
export const portOnePaymentSchema = z
  .object({
    imp_uid: z.string().min(1),
    merchant_uid: z.string(),
    amount: z.number(),
    cancel_amount: z.number().nullish(),
    status: z.enum(['ready', 'paid', 'failed', 'cancelled']),
    pg_provider: z.string().nullish(),
    pay_method: z.string().nullish(),
    paid_at: z.number().nullish(),
    fail_reason: z.string().nullish(),
    custom_data: z.string().nullish(),
  })
  .transform((payment): GatewayPayment => ({
    impUid: payment.imp_uid,
    merchantUid: payment.merchant_uid,
    amount: payment.amount,
    status: payment.status,
    cancelledAmount: payment.cancel_amount ?? 0,
    pgProvider: payment.pg_provider ?? '',
    payMethod: payment.pay_method ?? '',
    paidAt: payment.paid_at ? new Date(payment.paid_at * 1000) : null,
    failReason: payment.fail_reason || null,
    payerMno: payerOf(payment.custom_data),
  }));

/**
 * The member who paid, as the payment request said in `custom_data` (`{"mno": 12}`): our payment
 * window and the sandbox's pay call (from the caller's token) set it. Null when the request did not.
 */
export function payerOf(customData: string | null | undefined): number | null {
  if (!customData) return null;
  try {
    const mno: unknown = (JSON.parse(customData) as { mno?: unknown } | null)?.mno;
    return Number.isSafeInteger(mno) && (mno as number) > 0 ? (mno as number) : null;
  } catch {
    return null;
  }
}

/** The `custom_data` that marks a payment as `mno`'s. */
export const payerMark = (mno: number): string => JSON.stringify({ mno });

export interface PortOneCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  accessToken?: string;
  timeoutMs: number;
}

/** The HTTP status and the envelope of one call; no answer, a server error or a foreign body is unreachable. */
export async function callPortOne(
  baseUrl: string,
  call: PortOneCall,
): Promise<{ status: number; answer: PortOneAnswer<unknown> }> {
  let response: Response;
  try {
    // Appended, not resolved: a base URL with a path (a proxy's prefix) keeps it.
    response = await fetch(`${baseUrl.replace(/\/+$/, '')}${call.path}`, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(call.accessToken ? { authorization: `Bearer ${call.accessToken}` } : {}),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (error) {
    throw new GatewayUnreachableError(`${call.method} ${call.path}: no answer from ${baseUrl}`, {
      cause: error,
    });
  }
  if (response.status >= 500) {
    throw new GatewayUnreachableError(`${call.method} ${call.path}: the gateway answered ${response.status}`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const answer = answerSchema.safeParse(body);
  if (!answer.success) {
    throw new GatewayUnreachableError(
      `${call.method} ${call.path}: answer ${response.status} is not a PortOne answer`,
    );
  }
  return {
    status: response.status,
    answer: { code: answer.data.code, message: answer.data.message ?? null, response: answer.data.response },
  };
}

/** The answer's `response` read by `schema`; a malformed one means the other side is not PortOne. */
export function readResponse<S extends z.ZodType>(
  schema: S,
  answer: PortOneAnswer<unknown>,
  what: string,
): z.output<S> {
  const parsed = schema.safeParse(answer.response);
  if (!parsed.success) throw new GatewayUnreachableError(`${what}: the gateway's answer is malformed`);
  return parsed.data;
}
