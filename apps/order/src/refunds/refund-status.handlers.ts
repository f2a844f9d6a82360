import { Controller } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { RefundRequestedV1, RefundSettledV1 } from '@mkt/contracts';
import type { OrderTx } from '../database';

/*
 * A refund's course as the order shows it: requested (REFUND_PENDING), then settled: REFUND_COMPLETE
 * when some of the order's money went back, else ORDER_COMPLETE again. Each seller's part is the
 * refund's to show. The two events come on different topics, so in any order after a stall of this
 * service: a request no later than the last settled refund, or a settlement of an earlier refund than
 * the latest requested one, no longer moves the order.
 */

@Controller()
class MarkRefundRequested {
  @ConsumesEvent(RefundRequestedV1, 'order.refund-requested')
  async handle(
    { ono, rfno }: PayloadOf<typeof RefundRequestedV1>,
    { tx }: HandlingContext<OrderTx>,
  ): Promise<void> {
    await tx.order.updateMany({
      where: {
        ono,
        status: { in: ['ORDER_COMPLETE', 'REFUND_COMPLETE'] },
        AND: [
          { OR: [{ settledRfno: null }, { settledRfno: { lt: rfno } }] },
          { OR: [{ refundRfno: null }, { refundRfno: { lt: rfno } }] },
        ],
      },
      data: { status: 'REFUND_PENDING', refundRfno: rfno },
    });
  }
}

@Controller()
class MarkRefundSettled {
  @ConsumesEvent(RefundSettledV1, 'order.refund-settled')
  async handle(
    { ono, rfno, refunded }: PayloadOf<typeof RefundSettledV1>,
    { tx }: HandlingContext<OrderTx>,
  ): Promise<void> {
    await tx.order.updateMany({
      where: {
        ono,
        status: { in: ['ORDER_COMPLETE', 'REFUND_PENDING', 'REFUND_COMPLETE'] },
        OR: [{ refundRfno: null }, { refundRfno: { lte: rfno } }],
      },
      data: {
        status: refunded ? 'REFUND_COMPLETE' : 'ORDER_COMPLETE',
        refundRfno: rfno,
        settledRfno: rfno,
      },
    });
  }
}

export const refundStatusHandlers = [MarkRefundRequested, MarkRefundSettled];
