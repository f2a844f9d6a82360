import { Inject, Injectable } from '@nestjs/common';
import { JsonLogger } from '@mkt/observability';
import { RecurringJob } from '@mkt/platform';
import { PaymentDatabase } from '../database';
import { PAYMENT_GATEWAY } from '../gateway/gateway.providers';
import type { PaymentGateway } from '../gateway/payment-gateway';

/** How long a payment the webhook told of may stay unrecorded before it is given back. */
export const UNMATCHED_GRACE_MS = 10 * 60_000;

/**
 * Money nobody recorded: the spec's client pays at the gateway before it places its order, so an
 * order refused after the payment (sold out, say) leaves a paid payment no order will claim. The
 * webhook notes every payment it cannot match; once the grace period has passed without a record,
 * the payment is given back at the gateway. It looks for such payments once a minute.
 */
@Injectable()
export class UnmatchedPayments extends RecurringJob {
  constructor(
    private readonly db: PaymentDatabase,
    private readonly logger: JsonLogger,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {
    super(logger, { name: 'sweeping unclaimed payments', idleMs: 60_000 });
  }

  /** The webhook named a payment nobody recorded (yet). */
  async note(impUid: string, merchantUid: string): Promise<void> {
    await this.db.unmatchedPayment.createMany({ data: { impUid, merchantUid }, skipDuplicates: true });
  }

  /** Settles the payments noted more than `graceMs` ago; answers how many it gave back. */
  async sweep(graceMs = UNMATCHED_GRACE_MS): Promise<number> {
    const due = await this.db.unmatchedPayment.findMany({
      where: { settledAt: null, seenAt: { lt: new Date(Date.now() - graceMs) } },
      take: 50,
    });
    let givenBack = 0;
    for (const { impUid } of due) {
      let outcome: string;
      if (await this.db.payment.findUnique({ where: { impUid } })) {
        outcome = 'recorded';
      } else {
        const paid = await this.gateway.findPayment(impUid);
        if (paid.status === 'paid') {
          await this.gateway.cancel({
            impUid,
            reason: 'no order claimed this payment',
            cancellableAmount: paid.amount - paid.cancelledAmount,
          });
          outcome = 'given back';
          givenBack++;
        } else {
          outcome = `not paid (${paid.status})`;
        }
      }
      await this.db.unmatchedPayment.update({ where: { impUid }, data: { settledAt: new Date(), outcome } });
    }
    return givenBack;
  }

  async runOnce(): Promise<number> {
    const givenBack = await this.sweep();
    if (givenBack) this.logger.warn('unclaimed payments given back', { givenBack });
    return givenBack;
  }
}
