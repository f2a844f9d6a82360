import { Controller } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { PaymentRefundedV2 } from '@mkt/contracts';
import type { RefundTx } from '../database';
import { RefundProgress } from './refund-progress';

/** The gateway gave one part back: the part is refunded, and the refund completes with its last part. */
@Controller()
export class RecordPartRefunded {
  constructor(private readonly progress: RefundProgress) {}

  @ConsumesEvent(PaymentRefundedV2, 'refund.part-refunded')
  async handle(
    { rfno, sellerId, completeDate }: PayloadOf<typeof PaymentRefundedV2>,
    { tx }: HandlingContext<RefundTx>,
  ): Promise<void> {
    const at = new Date(completeDate);
    const { count } = await tx.refundPart.updateMany({
      where: { rfno, sellerId, status: 'APPROVED' },
      data: { status: 'REFUNDED', refundedAt: at },
    });
    if (count) await this.progress.follow(tx, rfno, at);
  }
}
