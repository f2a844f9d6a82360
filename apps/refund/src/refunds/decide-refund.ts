import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { Role } from '@mkt/contracts';
import { RefundApprovedV1, RefundMessages, RefundRejectedV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import { HttpException, HttpStatus } from '@nestjs/common';
import { NotFound } from '@mkt/platform';
import type { RefundTx } from '../database';
import { RefundDatabase } from '../database';

/** Who decides: a seller decides its own part; an admin decides every part still open. */
export interface Decider {
  mno: number;
  role: Role;
}

/** A seller (or an admin) approves its part, or rejects the refund with a reason. */
export class DecideRefund {
  constructor(
    readonly rfno: number,
    readonly decider: Decider,
    readonly decision: { approve: true } | { approve: false; reason: string },
  ) {}
}

/** Not ERROR_ACCESS_DENIED: that code sends the web client to the login page; this is the console's own refusal. */
const notYours = () =>
  new HttpException({ error: 'NOT_YOUR_REFUND', message: RefundMessages.notYours }, HttpStatus.FORBIDDEN);

/**
 * Records the decision under the refund's row lock. When the last part is approved, refund.approved
 * goes out (payment gives the money back); a rejection ends the refund (refund.rejected). Deciding
 * again changes nothing. Answers the text the console shows.
 */
@CommandHandler(DecideRefund)
export class DecideRefundHandler implements ICommandHandler<DecideRefund, string> {
  constructor(
    private readonly db: RefundDatabase,
    private readonly outbox: Outbox,
  ) {}

  execute({ rfno, decider, decision }: DecideRefund): Promise<string> {
    return this.db.$transaction(async (tx) => {
      // Two sellers deciding at once take turns, so exactly one of them sees the last approval.
      await tx.refund.updateMany({ where: { rfno }, data: { rfno } });
      const refund = await tx.refund.findUnique({ where: { rfno }, include: { parts: true } });
      if (!refund) throw new NotFound(RefundMessages.notFound);
      const mine =
        decider.role === 'ADMIN'
          ? refund.parts
          : refund.parts.filter((part) => part.sellerId === decider.mno);
      if (mine.length === 0) throw notYours();
      const open = mine.filter((part) => part.status === 'PENDING');
      if (refund.status !== 'PENDING' || open.length === 0) return RefundMessages.alreadyDecided;
      if (!decision.approve) return this.reject(tx, refund, decision.reason);
      await tx.refundPart.updateMany({
        where: { rfno, sellerId: { in: open.map((part) => part.sellerId) } },
        data: { status: 'APPROVED', decidedAt: new Date() },
      });
      const waiting = refund.parts.filter((part) => part.status === 'PENDING' && !open.includes(part));
      if (waiting.length) return RefundMessages.partApproved;
      await tx.refund.update({ where: { rfno }, data: { status: 'APPROVED' } });
      await this.outbox.enqueue(
        tx,
        RefundApprovedV1,
        {
          rfno,
          ono: refund.ono,
          mno: refund.mno,
          amount: refund.amount,
          parts: refund.parts.map((part) => ({
            sellerId: part.sellerId,
            amount: part.amount,
            lines: part.lines as { orno: number; odno: number; pno: number; count: number }[],
          })),
        },
        { aggregateId: refund.ono },
      );
      return RefundMessages.approved;
    });
  }

  private async reject(
    tx: RefundTx,
    refund: { rfno: number; ono: number; mno: number },
    reason: string,
  ): Promise<string> {
    await tx.refund.update({
      where: { rfno: refund.rfno },
      data: { status: 'REJECTED', rejectReason: reason, completeDate: new Date() },
    });
    await tx.refundPart.updateMany({
      where: { rfno: refund.rfno, status: 'PENDING' },
      data: { status: 'REJECTED', decidedAt: new Date() },
    });
    await this.outbox.enqueue(
      tx,
      RefundRejectedV1,
      { rfno: refund.rfno, ono: refund.ono, mno: refund.mno, reason },
      { aggregateId: refund.ono },
    );
    return RefundMessages.rejected;
  }
}
