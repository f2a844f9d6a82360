import { Controller, Inject, Injectable } from '@nestjs/common';
import type { PayloadOf } from '@mkt/contracts';
import { PaymentRefundedV2, RefundPartApprovedV2 } from '@mkt/contracts';
import type { DatabaseNotices } from '@mkt/messaging';
import { LeaseRenewal, Outbox } from '@mkt/messaging';
import type { HandlingContext } from '@mkt/platform';
import { JsonLogger } from '@mkt/observability';
import { DATABASE_NOTICES, ConsumesEvent, RecurringJob } from '@mkt/platform';
import type { PaymentTx } from '../database';
import { PaymentDatabase } from '../database';
import { PAYMENT_GATEWAY } from '../gateway/gateway.providers';
import type { PaymentGateway } from '../gateway/payment-gateway';
import { GatewayUnreachableError } from '../gateway/payment-gateway';

type RefundLine = PayloadOf<typeof PaymentRefundedV2>['lines'][number];

/** A seller's approved part becomes a cancellation to do; the canceller does it. */
@Controller()
export class QueueRefundCancellations {
  @ConsumesEvent(RefundPartApprovedV2, 'payment.queue-refund-cancellation')
  async handle(
    { rfno, ono, mno, part }: PayloadOf<typeof RefundPartApprovedV2>,
    { tx }: HandlingContext<PaymentTx>,
  ): Promise<void> {
    const payment = await tx.payment.findFirst({ where: { ono, status: { in: ['VERIFIED', 'CANCELLED'] } } });
    if (!payment) throw new Error(`refund ${rfno}: order ${ono} has no verified payment to give back`);
    // Announced again (a second approval event): its cancellation is queued, or done, already.
    await tx.refundCancellation.createMany({
      data: [
        {
          rfno,
          sellerId: part.sellerId,
          ono,
          mno,
          pmno: payment.pmno,
          amount: part.amount,
          lines: part.lines,
        },
      ],
      skipDuplicates: true,
    });
  }
}

/** What a refund_cancellation insert notifies (payment's migration 0005): the canceller starts at once. */
const REFUND_QUEUED = 'payment_refund_queued';
/** How often the canceller looks for retries that came due (and, as a safety net, for missed wake-ups). */
const DUE_CHECK_MS = 1_000;

/** Waits between tries of a gateway that did not answer: 1 s, 2 s, 4 s, ... up to 5 minutes. */
export const backoffMs = (attempts: number) => Math.min(1_000 * 2 ** attempts, 300_000);

/**
 * How long a claim on a refund's parts keeps other payment processes off them. The claimant renews
 * it every third of this while it works, so a killed process's refunds are taken up within this time.
 */
export const CLAIM_MS = 5_000;

/**
 * Gives approved refunds back at the gateway, part by part (partial cancellations), each exactly
 * once: PortOne's checksum (what remains cancellable before this cancel) makes a retry after a crash
 * between the gateway's cancel and our record see that the cancel happened. Each part given back
 * announces payment.refunded in the same transaction; the payment is CANCELLED once nothing remains.
 * A queued part wakes it (the queue's insert notifies on commit); retries are found by a look every
 * second.
 */
@Injectable()
export class RefundCanceller extends RecurringJob {
  constructor(
    private readonly db: PaymentDatabase,
    private readonly outbox: Outbox,
    private readonly logger: JsonLogger,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(DATABASE_NOTICES) notices: DatabaseNotices,
  ) {
    super(logger, {
      name: 'refund cancellations',
      idleMs: DUE_CHECK_MS,
      wakeOn: { notices, channel: REFUND_QUEUED },
    });
  }

  /**
   * Works through the refunds due now; answers how many parts it gave back. Refunds of different
   * payments go to the gateway side by side; those of one payment one after another, since each
   * cancel is checked against what the one before left cancellable.
   */
  async runOnce(): Promise<number> {
    const due = await this.db.refundCancellation.findMany({
      where: { done: false, nextAttemptAt: { lte: new Date() } },
      distinct: ['rfno'],
      select: { rfno: true, pmno: true },
      orderBy: { rfno: 'asc' },
      take: 20,
    });
    const byPayment = new Map<number, { rfno: number }[]>();
    for (const part of due) byPayment.set(part.pmno, [...(byPayment.get(part.pmno) ?? []), part]);
    const given = await Promise.all(
      [...byPayment.values()].map(async (refunds) => {
        let count = 0;
        for (const { rfno } of refunds) count += await this.cancelRefund(rfno);
        return count;
      }),
    );
    return given.reduce((sum, count) => sum + count, 0);
  }

  /** Claims the refund's parts (`due`: only if none is claimed or waiting for a retry), or renews the claim. */
  private async claim(rfno: number, due: boolean): Promise<boolean> {
    const now = Date.now();
    const { count } = await this.db.refundCancellation.updateMany({
      where: { rfno, done: false, ...(due && { nextAttemptAt: { lte: new Date(now) } }) },
      data: { nextAttemptAt: new Date(now + CLAIM_MS) },
    });
    return count > 0;
  }

  private async cancelRefund(rfno: number): Promise<number> {
    if (!(await this.claim(rfno, true))) return 0;
    const renewal = new LeaseRenewal(CLAIM_MS, () => this.claim(rfno, false));
    try {
      return await this.cancelClaimed(rfno, renewal);
    } finally {
      await renewal.end();
    }
  }

  private async cancelClaimed(rfno: number, renewal: LeaseRenewal): Promise<number> {
    const parts = await this.db.refundCancellation.findMany({
      where: { rfno },
      orderBy: { sellerId: 'asc' },
    });
    const payment = await this.db.payment.findUniqueOrThrow({ where: { pmno: parts[0].pmno } });
    // Every part of the payment given back so far, this refund's and an earlier one's of the order.
    const earlier = await this.db.refundCancellation.findMany({
      where: { pmno: payment.pmno, done: true, rfno: { not: rfno } },
      select: { amount: true },
    });
    const givenBefore = earlier.reduce((sum, part) => sum + part.amount, 0);
    let given = 0;
    for (const part of parts.filter((p) => !p.done)) {
      try {
        const atGateway = await this.gateway.findPayment(payment.impUid);
        const remaining = atGateway.amount - atGateway.cancelledAmount;
        const before =
          (payment.amount ?? 0) -
          givenBefore -
          parts.filter((p) => p.done).reduce((sum, p) => sum + p.amount, 0);
        if (remaining === before) {
          await this.gateway.cancel({
            impUid: payment.impUid,
            amount: part.amount,
            reason: `refund ${rfno}`,
            cancellableAmount: remaining,
          });
        } else if (remaining !== before - part.amount) {
          throw new Error(`refund ${rfno}: the gateway has ${remaining} cancellable, we expected ${before}`);
        }
        // Cancelled now, or (a crash before we recorded it) already.
        part.done = true;
        const recorded = await this.db.$transaction((tx) =>
          this.recordDone(tx, part, before - part.amount === 0 ? payment.pmno : null),
        );
        if (recorded) given++;
      } catch (error) {
        const attempts = part.attempts + 1;
        await renewal.end();
        await this.db.refundCancellation.update({
          where: { rfno_sellerId: { rfno, sellerId: part.sellerId } },
          data: {
            attempts,
            lastError: String(error),
            nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
          },
        });
        const level = error instanceof GatewayUnreachableError ? 'warn' : 'error';
        this.logger[level]('refund cancellation will be retried', {
          rfno,
          sellerId: part.sellerId,
          attempts,
          error: String(error),
        });
        return given;
      }
    }
    return given;
  }

  /**
   * The part is given back; `emptiedPmno`: the payment it emptied, now wholly cancelled. Answers false
   * when another process recorded it first (its claim ran out while this one still worked), which
   * then announced it.
   */
  private async recordDone(
    tx: PaymentTx,
    part: { rfno: number; sellerId: number; amount: number; ono: number; mno: number; lines: unknown },
    emptiedPmno: number | null,
  ): Promise<boolean> {
    const completeDate = new Date();
    const { rfno, sellerId, ono, mno } = part;
    const { count } = await tx.refundCancellation.updateMany({
      where: { rfno, sellerId, done: false },
      data: { done: true, doneAt: completeDate, lastError: null },
    });
    if (count === 0) return false;
    if (emptiedPmno !== null)
      await tx.payment.update({
        where: { pmno: emptiedPmno },
        data: { status: 'CANCELLED', cancelledAt: completeDate },
      });
    await this.outbox.enqueue(
      tx,
      PaymentRefundedV2,
      {
        rfno,
        ono,
        mno,
        sellerId,
        amount: part.amount,
        completeDate: completeDate.toISOString(),
        lines: part.lines as RefundLine[],
      },
      { aggregateId: ono },
    );
    return true;
  }
}
