import { Controller, Inject, Injectable } from '@nestjs/common';
import type { OrderCancelReason, OrderStatus, PayloadOf, PaymentVerificationDto } from '@mkt/contracts';
import { ORDER_CANCEL_REASON_TEXT, OrderCancelledV1, OrderCompletedV1 } from '@mkt/contracts';
import type { DatabaseNotices } from '@mkt/messaging';
import { waitForNotice } from '@mkt/messaging';
import type { HandlingContext } from '@mkt/platform';
import { DATABASE_NOTICES, ConsumesEvent } from '@mkt/platform';
import type { PaymentTx } from '../database';
import { PaymentDatabase } from '../database';

/** What an order_outcome insert notifies, with the order's number (payment's migration 0005). */
const ORDER_DECIDED = 'payment_order_decided';

/** How an order's process ended, as its events said; the first word stands (a repeated cancel changes nothing). */
function recordOutcome(
  tx: PaymentTx,
  ono: number,
  outcome: { status: 'ORDER_COMPLETE' } | { status: 'CANCEL'; cancelReason: OrderCancelReason },
) {
  return tx.orderOutcome.createMany({ data: [{ ono, ...outcome }], skipDuplicates: true });
}

@Controller()
export class RecordCompletedOrder {
  @ConsumesEvent(OrderCompletedV1, 'payment.record-completed-order')
  async handle(
    { ono }: PayloadOf<typeof OrderCompletedV1>,
    { tx }: HandlingContext<PaymentTx>,
  ): Promise<void> {
    await recordOutcome(tx, ono, { status: 'ORDER_COMPLETE' });
  }
}

@Controller()
export class RecordCancelledOrder {
  @ConsumesEvent(OrderCancelledV1, 'payment.record-cancelled-order')
  async handle(
    { ono, reason }: PayloadOf<typeof OrderCancelledV1>,
    { tx }: HandlingContext<PaymentTx>,
  ): Promise<void> {
    await recordOutcome(tx, ono, { status: 'CANCEL', cancelReason: reason });
  }
}

/**
 * Waits for an order's process to end without asking the order service again and again: the
 * outcome arrives as an event (above), and its commit wakes whoever waits for that order.
 */
@Injectable()
export class OrderOutcomes {
  constructor(
    private readonly db: PaymentDatabase,
    @Inject(DATABASE_NOTICES) private readonly notices: DatabaseNotices,
  ) {}

  /**
   * The order's outcome once known, looking first with `lookElsewhere` (the order service, for an
   * order decided before its events were recorded here); undefined when `timeoutMs` passed first.
   */
  waitFor(
    ono: number,
    timeoutMs: number,
    lookElsewhere: () => Promise<PaymentVerificationDto | undefined>,
  ): Promise<PaymentVerificationDto | undefined> {
    let lookedElsewhere = false;
    return waitForNotice(
      this.notices,
      ORDER_DECIDED,
      String(ono),
      async () => {
        const recorded = await this.db.orderOutcome.findUnique({ where: { ono } });
        if (recorded) return verificationOf(recorded);
        if (lookedElsewhere) return undefined;
        lookedElsewhere = true;
        return lookElsewhere();
      },
      timeoutMs,
    );
  }
}

/** A verification's answer for an order whose process ended at `status` (a cancelled one says why). */
export function decidedVerification(
  status: OrderStatus,
  cancelReason: string | null,
): PaymentVerificationDto {
  return status === 'CANCEL'
    ? { verified: false, status, reason: cancelReason }
    : { verified: true, status, reason: null };
}

function verificationOf(outcome: { status: string; cancelReason: string | null }): PaymentVerificationDto {
  const status = outcome.status as 'ORDER_COMPLETE' | 'CANCEL';
  return decidedVerification(
    status,
    status === 'CANCEL' ? ORDER_CANCEL_REASON_TEXT[outcome.cancelReason as OrderCancelReason] : null,
  );
}
