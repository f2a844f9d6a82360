import { Controller } from '@nestjs/common';
import type { EventContext } from '@mkt/platform';
import { OnEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { PaymentRefundedV1 } from '@mkt/contracts';
import type { RefundTx } from '../database';

/** The gateway gave the money back: the refund is complete, with the date it was. */
@Controller()
export class CompleteRefundOnPaymentRefunded {
  @OnEvent(PaymentRefundedV1, 'refund.complete-on-payment-refunded')
  async handle(
    { rfno, completeDate }: PayloadOf<typeof PaymentRefundedV1>,
    { tx }: EventContext<RefundTx>,
  ): Promise<void> {
    await tx.refund.updateMany({
      where: { rfno, status: 'APPROVED' },
      data: { status: 'COMPLETED', completeDate: new Date(completeDate) },
    });
  }
}
