/**
 * The payment gateway as the payment service sees it: where a shopper's payment is looked up and
 * given back. Two adapters stand behind it, both speaking PortOne's v1 REST API: PortOne itself
 * and the sandbox gateway that ships with the project (see `gateway-settings.ts`).
 */
export interface PaymentGateway {
  /** The payment the gateway knows by its own id (`imp_uid`). */
  findPayment(impUid: string): Promise<GatewayPayment>;
  /** The latest payment made for our order id (`merchant_uid`). */
  findByMerchantUid(merchantUid: string): Promise<GatewayPayment>;
  /** Gives back `amount` won of a paid payment, or all that remains of it when `amount` is absent. */
  cancel(request: GatewayCancelRequest): Promise<GatewayPayment>;
}

/** `ready`: the window opened and nothing was paid yet; a partly cancelled payment stays `paid`. */
export type GatewayPaymentStatus = 'ready' | 'paid' | 'failed' | 'cancelled';

export interface GatewayPayment {
  impUid: string;
  merchantUid: string;
  /** What the shopper was charged, in won; the order's total is the service's to compare. */
  amount: number;
  status: GatewayPaymentStatus;
  /** How much of `amount` was given back so far. */
  cancelledAmount: number;
  /** The provider the shopper chose (kakaopay, tosspayments, ...). */
  pgProvider: string;
  payMethod: string;
  paidAt: Date | null;
  /** The gateway's words for a failed payment; null otherwise. */
  failReason: string | null;
  /** The member the payment request named as its payer (`custom_data`); null when it named none. */
  payerMno: number | null;
}

export interface GatewayCancelRequest {
  impUid: string;
  /** Won to give back; absent, everything that remains. */
  amount?: number;
  reason: string;
  /**
   * What we believe is still cancellable before this cancel (PortOne's `checksum`). The gateway
   * refuses when it disagrees, so a retried partial cancel cannot give money back twice.
   */
  cancellableAmount?: number;
}

export abstract class PaymentGatewayError extends Error {
  override readonly name: string = this.constructor.name;
}

/** No usable answer (network, timeout, a server error or an answer that is not PortOne's): try again later. */
export class GatewayUnreachableError extends PaymentGatewayError {}

/** The gateway knows no payment by that id. */
export class PaymentNotFoundError extends PaymentGatewayError {}

/** The gateway answered and said no (a cancel beyond what remains, an already cancelled payment). */
export class GatewayRefusedError extends PaymentGatewayError {}

/** The gateway refused our API key and secret: a configuration fault, not the shopper's. */
export class GatewayCredentialsRefusedError extends GatewayRefusedError {}
