import { Controller } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { ReviewWrittenV1 } from '@mkt/contracts';
import type { OrderTx } from '../database';

/** A reviewed line carries its review: my page moves it to the written tab, refunds see it reviewed. */
@Controller()
export class MarkLineReviewed {
  @ConsumesEvent(ReviewWrittenV1, 'order.mark-line-reviewed')
  async handle(
    { orno, rno }: PayloadOf<typeof ReviewWrittenV1>,
    { tx }: HandlingContext<OrderTx>,
  ): Promise<void> {
    // A line already carrying a review keeps it.
    await tx.orderDetail.updateMany({ where: { orno, rno: null }, data: { rno, reviewFlag: true } });
  }
}
