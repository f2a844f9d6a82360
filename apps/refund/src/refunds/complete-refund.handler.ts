import { Injectable } from '@nestjs/common';
import type { PayloadOf } from '@mkt/contracts';
import { PaymentRefundedV1 } from '@mkt/contracts';
import type { EventHandler } from '@mkt/messaging';
import type { RefundTx } from '../database';

/** The gateway gave the money back: the refund is complete, with the date it was. */
@Injectable()
export class CompleteRefundOnPaymentRefunded implements EventHandler<
  PayloadOf<typeof PaymentRefundedV1>,
  RefundTx
> {
  readonly name = 'refund.complete-on-payment-refunded';
  readonly event = PaymentRefundedV1;

  async handle({ rfno, completeDate }: PayloadOf<typeof PaymentRefundedV1>, tx: RefundTx): Promise<void> {
    await tx.refund.updateMany({
      where: { rfno, status: 'APPROVED' },
      data: { status: 'COMPLETED', completeDate: new Date(completeDate) },
    });
  }
}
