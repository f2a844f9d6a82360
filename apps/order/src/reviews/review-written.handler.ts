import { Injectable } from '@nestjs/common';
import type { PayloadOf } from '@mkt/contracts';
import { ReviewWrittenV1 } from '@mkt/contracts';
import type { EventHandler } from '@mkt/messaging';
import type { OrderTx } from '../database';

/** A reviewed line carries its review: my page moves it to the written tab, refunds see it reviewed. */
@Injectable()
export class MarkLineReviewed implements EventHandler<PayloadOf<typeof ReviewWrittenV1>, OrderTx> {
  readonly name = 'order.mark-line-reviewed';
  readonly event = ReviewWrittenV1;

  async handle({ orno, rno }: PayloadOf<typeof ReviewWrittenV1>, tx: OrderTx): Promise<void> {
    // A line already carrying a review keeps it.
    await tx.orderDetail.updateMany({ where: { orno, rno: null }, data: { rno, reviewFlag: true } });
  }
}
