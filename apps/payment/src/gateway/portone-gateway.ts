import type { GatewayCancelRequest, GatewayPayment, PaymentGateway } from './payment-gateway';
import { GatewayCredentialsRefusedError, GatewayRefusedError, PaymentNotFoundError } from './payment-gateway';
import type { PortOneAnswer, PortOneCall } from './portone-api';
import { callPortOne, portOnePaymentSchema, portOneTokenSchema, readResponse } from './portone-api';

export const PORTONE_API_URL = 'https://api.iamport.kr';

export interface PortOneGatewayOptions {
  apiKey: string;
  apiSecret: string;
  /** PortOne's API, or anything speaking it (the sandbox gateway). */
  baseUrl?: string;
  /** How long one call may take before the gateway counts as unreachable. */
  timeoutMs?: number;
}

/** A token is renewed this long before it expires, so no call leaves with one about to lapse. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

/** The payment gateway over PortOne's v1 REST API: an access token, payment lookups and cancels. */
export class PortOneGateway implements PaymentGateway {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private token: { value: string; renewAt: number } | undefined;
  /** The token being issued, shared by the calls that wait for it. */
  private issuing: Promise<string> | undefined;

  constructor(private readonly options: PortOneGatewayOptions) {
    this.baseUrl = options.baseUrl ?? PORTONE_API_URL;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  findPayment(impUid: string): Promise<GatewayPayment> {
    return this.paymentCall({ method: 'GET', path: `/payments/${encodeURIComponent(impUid)}` });
  }

  findByMerchantUid(merchantUid: string): Promise<GatewayPayment> {
    return this.paymentCall({ method: 'GET', path: `/payments/find/${encodeURIComponent(merchantUid)}` });
  }

  cancel({ impUid, amount, reason, cancellableAmount }: GatewayCancelRequest): Promise<GatewayPayment> {
    return this.paymentCall({
      method: 'POST',
      path: '/payments/cancel',
      body: { imp_uid: impUid, amount, reason, checksum: cancellableAmount },
    });
  }

  private async paymentCall(call: Omit<PortOneCall, 'accessToken' | 'timeoutMs'>): Promise<GatewayPayment> {
    const what = `${call.method} ${call.path}`;
    const { status, answer } = await this.authorizedCall(call);
    if (answer.code === 0 && answer.response != null) return readResponse(portOnePaymentSchema, answer, what);
    const message = `${what}: ${answer.message ?? `PortOne answered code ${answer.code}`}`;
    if (status === 404) throw new PaymentNotFoundError(message);
    throw new GatewayRefusedError(message);
  }

  /** The call with a valid token; a token the gateway no longer takes is renewed once. */
  private async authorizedCall(
    call: Omit<PortOneCall, 'accessToken' | 'timeoutMs'>,
  ): Promise<{ status: number; answer: PortOneAnswer<unknown> }> {
    const send = async (accessToken: string) =>
      callPortOne(this.baseUrl, { ...call, accessToken, timeoutMs: this.timeoutMs });
    const token = await this.accessToken();
    const first = await send(token);
    if (first.status !== 401) return first;
    if (this.token?.value === token) this.token = undefined;
    const retried = await send(await this.accessToken());
    if (retried.status === 401) {
      throw new GatewayCredentialsRefusedError(
        `${call.method} ${call.path}: PortOne refused a fresh access token`,
      );
    }
    return retried;
  }

  private accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    this.issuing ??= this.issueToken().finally(() => {
      this.issuing = undefined;
    });
    return this.issuing;
  }

  private async issueToken(): Promise<string> {
    const { answer } = await callPortOne(this.baseUrl, {
      method: 'POST',
      path: '/users/getToken',
      body: { imp_key: this.options.apiKey, imp_secret: this.options.apiSecret },
      timeoutMs: this.timeoutMs,
    });
    if (answer.code !== 0) {
      throw new GatewayCredentialsRefusedError(
        `PortOne refused the API key and secret: ${answer.message ?? `code ${answer.code}`}`,
      );
    }
    const token = readResponse(portOneTokenSchema, answer, 'POST /users/getToken');
    // expired_at is on the gateway's clock: its lifetime is measured against the gateway's `now`.
    const lifetimeMs = (token.expired_at - token.now) * 1000;
    this.token = { value: token.access_token, renewAt: Date.now() + lifetimeMs - TOKEN_RENEWAL_MARGIN_MS };
    return token.access_token;
  }
}
