import { Injectable } from '@nestjs/common';
import type { PayloadOf } from '@mkt/contracts';
import { PaymentRefundedV1, RefundRejectedV1, RefundRequestedV1 } from '@mkt/contracts';
import type { EventHandler } from '@mkt/messaging';
import type { OrderTx } from '../database';

/*
 * A refund's course as the order shows it: requested, then refunded or (rejected) complete again.
 * The events come on different topics, so in any order after a stall of this service: the money
 * back (payment.refunded) completes the refund even before the request was seen, and a rejection
 * is remembered, so that its request, seen after either, no longer moves the order.
 */

@Injectable()
class MarkRefundRequested implements EventHandler<PayloadOf<typeof RefundRequestedV1>, OrderTx> {
  readonly name = 'order.refund-requested';
  readonly event = RefundRequestedV1;
  async handle({ ono, rfno }: PayloadOf<typeof RefundRequestedV1>, tx: OrderTx): Promise<void> {
    await tx.order.updateMany({
      where: { ono, status: 'ORDER_COMPLETE', OR: [{ rejectedRfno: null }, { rejectedRfno: { not: rfno } }] },
      data: { status: 'REFUND_PENDING' },
    });
  }
}

@Injectable()
class MarkRefundRejected implements EventHandler<PayloadOf<typeof RefundRejectedV1>, OrderTx> {
  readonly name = 'order.refund-rejected';
  readonly event = RefundRejectedV1;
  async handle({ ono, rfno }: PayloadOf<typeof RefundRejectedV1>, tx: OrderTx): Promise<void> {
    await tx.order.updateMany({
      where: { ono, status: { in: ['REFUND_PENDING', 'ORDER_COMPLETE'] } },
      data: { status: 'ORDER_COMPLETE', rejectedRfno: rfno },
    });
  }
}

@Injectable()
class MarkRefundComplete implements EventHandler<PayloadOf<typeof PaymentRefundedV1>, OrderTx> {
  readonly name = 'order.payment-refunded';
  readonly event = PaymentRefundedV1;
  async handle({ ono }: PayloadOf<typeof PaymentRefundedV1>, tx: OrderTx): Promise<void> {
    await tx.order.updateMany({
      where: { ono, status: { in: ['ORDER_COMPLETE', 'REFUND_PENDING'] } },
      data: { status: 'REFUND_COMPLETE' },
    });
  }
}

export const refundStatusHandlers = [MarkRefundRequested, MarkRefundRejected, MarkRefundComplete];
