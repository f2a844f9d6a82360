import type {
  PaymentRecord,
  PaymentRecordResult,
  PaymentVerificationDto,
  PlacedOrderDto,
} from '@mkt/contracts';
import { merchantUid } from './checkoutForm';
import { CheckoutMessages } from './checkoutMessages';
import { PaymentModuleUnavailableError, type PaymentOutcome } from './paymentWindow';

/**
 * One checkout submission: place the order, pay it in the payment window, record the payment, then
 * have the server verify it with the gateway. The calls are passed in, so the order of the steps
 * and what each failure leads to can be tested without a browser.
 */

export type CheckoutStage = 'placing' | 'paying' | 'recording' | 'verifying';

/** The progress line of each stage. */
export const CHECKOUT_STAGE_TEXT: Record<CheckoutStage, string> = {
  placing: '주문을 저장하는 중…',
  paying: '결제 창에서 결제를 진행해 주세요.',
  recording: '결제 정보를 저장하는 중…',
  verifying: '결제 확인 중…',
};

/** Why the fail page was reached, for the shopper to quote to customer service. */
export const PaymentFailureCodes = {
  cancelled: 'PAYMENT_CANCELLED',
  declined: 'PAYMENT_FAILED',
  notRecorded: 'PAYMENT_NOT_RECORDED',
  notVerified: 'VERIFICATION_FAILED',
  error: 'PAYMENT_ERROR',
} as const;

export interface PaymentFailure {
  message: string;
  code: string | null;
}

export type CheckoutResult =
  | { kind: 'complete'; ono: number }
  /** Nothing was paid: the form stays, and submitting it again reuses the same order. */
  | { kind: 'stay'; alert: string }
  /** The payment failed or could not be confirmed: alert, then the fail page. */
  | { kind: 'failed'; alert: string; failure: PaymentFailure };

export interface CheckoutSteps {
  placeOrder(): Promise<PlacedOrderDto>;
  pay(order: PlacedOrderDto, merchantUid: string): Promise<PaymentOutcome>;
  /** The window ended without paying: the server cancels the order at once, with that reason. */
  abandonPayment(ono: number, outcome: 'cancelled' | 'declined'): Promise<unknown>;
  recordPayment(record: PaymentRecord): Promise<PaymentRecordResult>;
  verify(impUid: string, pmno: number): Promise<PaymentVerificationDto>;
  onStage(stage: CheckoutStage): void;
  /** A failed call as the shopper reads it: the server's message when it sent one. */
  describeError(error: unknown, fallback: string): string;
  now?(): number;
}

const failed = (alert: string, message: string, code: string | null): CheckoutResult => ({
  kind: 'failed',
  alert,
  failure: { message, code },
});

export async function runCheckout(steps: CheckoutSteps): Promise<CheckoutResult> {
  steps.onStage('placing');
  let order: PlacedOrderDto;
  try {
    order = await steps.placeOrder();
  } catch (error) {
    return { kind: 'stay', alert: steps.describeError(error, CheckoutMessages.processingError) };
  }
  if (!order?.ono) return { kind: 'stay', alert: CheckoutMessages.onoMissing };

  steps.onStage('paying');
  const merchant_uid = merchantUid(steps.now?.());
  let outcome: PaymentOutcome;
  try {
    outcome = await steps.pay(order, merchant_uid);
  } catch (error) {
    const alert =
      error instanceof PaymentModuleUnavailableError
        ? CheckoutMessages.moduleNotLoaded
        : CheckoutMessages.processingError;
    return { kind: 'stay', alert };
  }
  if (outcome.status !== 'paid') {
    // Nothing was paid: no order waits for a payment that will not come. Should the server not
    // hear of it, the unpaid order is cancelled when its payment time runs out.
    await steps
      .abandonPayment(order.ono, outcome.status === 'cancelled' ? 'cancelled' : 'declined')
      .catch(() => undefined);
  }
  if (outcome.status === 'cancelled') {
    const message = CheckoutMessages.cancelledByShopper;
    return failed(CheckoutMessages.paymentFailed(message), message, PaymentFailureCodes.cancelled);
  }
  if (outcome.status === 'failed') {
    return failed(
      CheckoutMessages.paymentFailed(outcome.message),
      outcome.message,
      outcome.code ?? PaymentFailureCodes.declined,
    );
  }

  steps.onStage('recording');
  let record: PaymentRecordResult;
  try {
    record = await steps.recordPayment({
      imp_uid: outcome.imp_uid,
      merchant_uid,
      amount: order.o_totalPrice,
      pm_method: 'card',
      ono: order.ono,
    });
  } catch (error) {
    const message = steps.describeError(error, CheckoutMessages.processingError);
    return failed(CheckoutMessages.processingError, message, PaymentFailureCodes.error);
  }
  if (!record.success) {
    const message = record.errorMessage || CheckoutMessages.processingError;
    return failed(message, message, PaymentFailureCodes.notRecorded);
  }
  if (record.pmno == null) {
    return failed(CheckoutMessages.processingError, CheckoutMessages.pmnoMissing, PaymentFailureCodes.error);
  }

  steps.onStage('verifying');
  let verification: PaymentVerificationDto;
  try {
    verification = await steps.verify(outcome.imp_uid, record.pmno);
  } catch (error) {
    const message = steps.describeError(error, CheckoutMessages.verificationRequestFailed);
    return failed(CheckoutMessages.verificationRequestFailed, message, PaymentFailureCodes.error);
  }
  if (!verification.verified) {
    return failed(
      CheckoutMessages.verificationFailed,
      verification.reason || CheckoutMessages.verificationFailed,
      PaymentFailureCodes.notVerified,
    );
  }
  return { kind: 'complete', ono: order.ono };
}
