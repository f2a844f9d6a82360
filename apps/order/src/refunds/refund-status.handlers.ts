import { Controller } from '@nestjs/common';
import type { EventContext } from '@mkt/platform';
import { OnEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { PaymentRefundedV1, RefundRejectedV1, RefundRequestedV1 } from '@mkt/contracts';
import type { OrderTx } from '../database';

/*
 * A refund's course as the order shows it: requested, then refunded or (rejected) complete again.
 * The events come on different topics, so in any order after a stall of this service: the money
 * back (payment.refunded) completes the refund even before the request was seen, and a rejection
 * is remembered, so that its request, seen after either, no longer moves the order.
 */

@Controller()
class MarkRefundRequested {
  @OnEvent(RefundRequestedV1, 'order.refund-requested')
  async handle(
    { ono, rfno }: PayloadOf<typeof RefundRequestedV1>,
    { tx }: EventContext<OrderTx>,
  ): Promise<void> {
    await tx.order.updateMany({
      where: { ono, status: 'ORDER_COMPLETE', OR: [{ rejectedRfno: null }, { rejectedRfno: { not: rfno } }] },
      data: { status: 'REFUND_PENDING' },
    });
  }
}

@Controller()
class MarkRefundRejected {
  @OnEvent(RefundRejectedV1, 'order.refund-rejected')
  async handle(
    { ono, rfno }: PayloadOf<typeof RefundRejectedV1>,
    { tx }: EventContext<OrderTx>,
  ): Promise<void> {
    await tx.order.updateMany({
      where: { ono, status: { in: ['REFUND_PENDING', 'ORDER_COMPLETE'] } },
      data: { status: 'ORDER_COMPLETE', rejectedRfno: rfno },
    });
  }
}

@Controller()
class MarkRefundComplete {
  @OnEvent(PaymentRefundedV1, 'order.payment-refunded')
  async handle({ ono }: PayloadOf<typeof PaymentRefundedV1>, { tx }: EventContext<OrderTx>): Promise<void> {
    await tx.order.updateMany({
      where: { ono, status: { in: ['ORDER_COMPLETE', 'REFUND_PENDING'] } },
      data: { status: 'REFUND_COMPLETE' },
    });
  }
}

export const refundStatusHandlers = [MarkRefundRequested, MarkRefundRejected, MarkRefundComplete];
