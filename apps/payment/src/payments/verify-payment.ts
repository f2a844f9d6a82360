import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { OrderStanding, OrderStatus, PaymentVerificationDto, PayloadOf } from '@mkt/contracts';
import { PaymentRejectedV1, PaymentVerifiedV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import { NotFound } from '@mkt/http';
import { isUniqueViolation } from '@mkt/persistence';
import type { Payment, PaymentTx } from '../database';
import { PaymentDatabase } from '../database';
import type { GatewayPayment, PaymentGateway } from '../gateway/payment-gateway';
import { GatewayUnreachableError, PaymentNotFoundError } from '../gateway/payment-gateway';
import { PAYMENT_GATEWAY } from '../gateway/gateway.providers';
import { OrderReader } from '@mkt/internal-clients';
import { PaymentMessages } from './payment-messages';

/**
 * Checks a recorded payment with the gateway, never the browser. `mno`: the caller, who must own
 * it (absent for the gateway's webhook). `waitMs`: how long to wait for the order to complete.
 */
export class VerifyPayment {
  constructor(
    readonly pmno: number,
    readonly impUid: string,
    readonly mno: number | undefined,
    readonly waitMs: number,
  ) {}
}

type RejectReason = PayloadOf<typeof PaymentRejectedV1>['reason'];

/** What the gateway's answer makes of a recorded payment. */
type Verdict =
  | { status: 'VERIFIED'; amount: number }
  | { status: 'REJECTED'; amount: number; reason: RejectReason; failReason: string }
  | { status: 'NOT_PAID' | 'FOREIGN' | 'NOT_PAYER'; amount: number | null; failReason: string };

function verdictOf(paid: GatewayPayment, payment: Payment, order: OrderStanding): Verdict {
  if (paid.merchantUid !== payment.merchantUid)
    return { status: 'FOREIGN', amount: paid.amount, failReason: PaymentMessages.foreign };
  // Another member's money: left alone, and its payer may still record it for their own order.
  if (paid.payerMno !== null && paid.payerMno !== payment.mno)
    return { status: 'NOT_PAYER', amount: paid.amount, failReason: PaymentMessages.notYourPayment };
  if (order.status === 'CANCEL')
    return {
      status: 'REJECTED',
      amount: paid.amount,
      reason: 'ORDER_CANCELLED',
      failReason: PaymentMessages.orderCancelled,
    };
  if (order.status !== 'PAYMENT_PENDING')
    return {
      status: 'REJECTED',
      amount: paid.amount,
      reason: 'ALREADY_PAID',
      failReason: PaymentMessages.alreadyPaidRefund,
    };
  if (paid.amount !== order.o_totalPrice)
    return {
      status: 'REJECTED',
      amount: paid.amount,
      reason: 'AMOUNT_MISMATCH',
      failReason: PaymentMessages.amountMismatch,
    };
  return { status: 'VERIFIED', amount: paid.amount };
}

/**
 * A payment verifies when the gateway says paid, for the order's merchant_uid and exactly the
 * order's server total, while the order waits for payment. Money that cannot pay the order is
 * rejected and given back (payment.rejected); money of another merchant_uid is left alone.
 * Verifying again changes nothing and answers the same.
 */
@CommandHandler(VerifyPayment)
export class VerifyPaymentHandler implements ICommandHandler<VerifyPayment, PaymentVerificationDto> {
  constructor(
    private readonly db: PaymentDatabase,
    private readonly outbox: Outbox,
    @Inject(OrderReader) private readonly orders: OrderReader,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async execute({ pmno, impUid, mno, waitMs }: VerifyPayment): Promise<PaymentVerificationDto> {
    let payment = await this.db.payment.findUnique({ where: { pmno } });
    if (!payment || (mno !== undefined && payment.mno !== mno))
      throw new NotFound(PaymentMessages.paymentNotFound);
    if (payment.impUid !== impUid) {
      const order = await this.orders.standing(payment.ono);
      return { verified: false, status: order.status, reason: PaymentMessages.impUidMismatch };
    }
    let order: OrderStanding | undefined;
    if (payment.status === 'RECORDED') {
      const checked = await this.check(payment);
      if ('answer' in checked) return checked.answer;
      ({ payment, order } = checked);
    }
    if (payment.status !== 'VERIFIED') {
      order ??= await this.orders.standing(payment.ono);
      return { verified: false, status: order.status, reason: payment.failReason };
    }
    return this.outcome(payment.ono, waitMs);
  }

  /** What the gateway says of the payment: its record, or that it has none or cannot be reached. */
  private async lookUp(impUid: string): Promise<GatewayPayment | 'NOT_FOUND' | 'UNREACHABLE'> {
    try {
      return await this.gateway.findPayment(impUid);
    } catch (error) {
      if (error instanceof PaymentNotFoundError) return 'NOT_FOUND';
      if (error instanceof GatewayUnreachableError) return 'UNREACHABLE';
      throw error;
    }
  }

  /**
   * Asks the gateway and records its verdict; a gateway that cannot say leaves the payment as it was.
   * The order is read meanwhile: every answer names its status.
   */
  private async check(
    payment: Payment,
  ): Promise<{ payment: Payment; order: OrderStanding } | { answer: PaymentVerificationDto }> {
    const [paid, order] = await Promise.all([this.lookUp(payment.impUid), this.orders.standing(payment.ono)]);
    if (paid === 'UNREACHABLE')
      return {
        answer: { verified: false, status: order.status, reason: PaymentMessages.gatewayUnreachable },
      };
    if (paid === 'NOT_FOUND') {
      const notFound: Verdict = {
        status: 'NOT_PAID',
        amount: null,
        failReason: PaymentMessages.notFoundAtGateway,
      };
      return { payment: await this.settle(payment, notFound), order };
    }
    if (paid.status !== 'paid') {
      const reason = PaymentMessages.notPaid(paid.failReason);
      // The window is still open: nothing to settle yet.
      if (paid.status === 'ready') return { answer: { verified: false, status: order.status, reason } };
      const notPaid: Verdict = { status: 'NOT_PAID', amount: paid.amount, failReason: reason };
      return { payment: await this.settle(payment, notPaid), order };
    }
    return { payment: await this.settle(payment, verdictOf(paid, payment, order), paid.pgProvider), order };
  }

  /**
   * Records the verdict once: of two verifications at once (the browser and the webhook), the one
   * that moves the payment from RECORDED announces it; the other reads what it decided.
   */
  private async settle(payment: Payment, verdict: Verdict, pgProvider?: string): Promise<Payment> {
    const settled = {
      status: verdict.status,
      amount: verdict.amount,
      failReason: 'failReason' in verdict ? verdict.failReason : null,
      verifiedAt: verdict.status === 'VERIFIED' ? new Date() : null,
      pgProvider: pgProvider || null,
    };
    let decidedHere: boolean;
    try {
      decidedHere = await this.db.$transaction(async (tx) => {
        const { count } = await tx.payment.updateMany({
          where: { pmno: payment.pmno, status: 'RECORDED' },
          data: settled,
        });
        if (count === 0) return false;
        if (verdict.status === 'VERIFIED') await this.announceVerified(tx, payment, verdict.amount);
        if (verdict.status === 'REJECTED')
          await this.announceRejected(tx, payment, verdict.amount, verdict.reason);
        return true;
      });
    } catch (error) {
      // Another payment of this order verified first (one verified payment per order): this one goes back.
      if (verdict.status !== 'VERIFIED' || !isUniqueViolation(error)) throw error;
      return this.settle(
        payment,
        {
          status: 'REJECTED',
          amount: verdict.amount,
          reason: 'ALREADY_PAID',
          failReason: PaymentMessages.alreadyPaidRefund,
        },
        pgProvider,
      );
    }
    if (decidedHere) return { ...payment, ...settled };
    return this.db.payment.findUniqueOrThrow({ where: { pmno: payment.pmno } });
  }

  private announceVerified(tx: PaymentTx, payment: Payment, amount: number) {
    return this.outbox.enqueue(
      tx,
      PaymentVerifiedV1,
      {
        pmno: payment.pmno,
        ono: payment.ono,
        mno: payment.mno,
        impUid: payment.impUid,
        merchantUid: payment.merchantUid,
        amount,
      },
      { aggregateId: payment.ono },
    );
  }

  private announceRejected(tx: PaymentTx, payment: Payment, amount: number, reason: RejectReason) {
    return this.outbox.enqueue(
      tx,
      PaymentRejectedV1,
      { pmno: payment.pmno, ono: payment.ono, mno: payment.mno, impUid: payment.impUid, amount, reason },
      { aggregateId: payment.ono },
    );
  }

  /**
   * Where the order ends up, waiting up to `waitMs` for its process to end: the order service answers
   * when the commit that ends it wakes the wait, a hop sooner than its order.completed would arrive here.
   */
  private async outcome(ono: number, waitMs: number): Promise<PaymentVerificationDto> {
    const order = await this.orders.decided(ono, waitMs);
    return order.status === 'PAYMENT_PENDING'
      ? { verified: false, status: order.status, reason: PaymentMessages.stillProcessing }
      : decidedVerification(order.status, order.cancelReason);
  }
}

/** A verification's answer for an order whose process ended at `status` (a cancelled one says why). */
function decidedVerification(status: OrderStatus, cancelReason: string | null): PaymentVerificationDto {
  return status === 'CANCEL'
    ? { verified: false, status, reason: cancelReason }
    : { verified: true, status, reason: null };
}
