import type { PaymentProvider } from '@mkt/contracts';

/**
 * The payment window, whichever gateway serves it: the sandbox's own dialog or PortOne's popup.
 * Both take the request PortOne's `IMP.request_pay` takes and settle once the shopper leaves.
 */

export interface PaymentRequest {
  pg: PaymentProvider;
  merchant_uid: string;
  amount: number;
  /** The order's name, '사과 외 2건'. */
  name: string;
  buyer_name: string;
  buyer_tel: string;
  buyer_addr: string;
  buyer_email: string;
  /**
   * PortOne keeps it with the payment: the payer, whom the server checks against the member who
   * records the payment. (The sandbox takes the payer from the caller's token instead.)
   */
  custom_data: { mno: number };
}

export type PaymentOutcome =
  | { status: 'paid'; imp_uid: string }
  | { status: 'failed'; message: string; code: string | null }
  | { status: 'cancelled' };

export type PayAtGateway = (request: PaymentRequest) => Promise<PaymentOutcome>;

/** The window cannot open: the gateway's settings or its script did not load. */
export class PaymentModuleUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('the payment module is not loaded', { cause });
    this.name = 'PaymentModuleUnavailableError';
  }
}
