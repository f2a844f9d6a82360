import { Injectable } from '@nestjs/common';
import { RefundSettledV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import type { RefundTx } from '../database';
import { isSettled, refundStatusOf } from './refund-parts';

/**
 * Moves a refund to the status its parts make (after a part was decided or given back), in the
 * caller's transaction. When the refund settles, its date is set and refund.settled goes out.
 */
@Injectable()
export class RefundProgress {
  constructor(private readonly outbox: Outbox) {}

  async follow(tx: RefundTx, rfno: number, at: Date): Promise<void> {
    const refund = await tx.refund.findUniqueOrThrow({ where: { rfno }, include: { parts: true } });
    const status = refundStatusOf(refund.parts);
    if (status === refund.status) return;
    const settles = isSettled(status);
    await tx.refund.update({ where: { rfno }, data: { status, completeDate: settles ? at : null } });
    if (!settles) return;
    // Money of the order went back, by this refund or by the one it asked again after.
    const refunded = await tx.refundPart.count({
      where: { status: 'REFUNDED', refund: { ono: refund.ono } },
    });
    await this.outbox.enqueue(
      tx,
      RefundSettledV1,
      { rfno, ono: refund.ono, mno: refund.mno, refunded: refunded > 0 },
      { aggregateId: refund.ono },
    );
  }
}
