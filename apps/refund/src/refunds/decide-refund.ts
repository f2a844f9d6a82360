import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { Role } from '@mkt/contracts';
import { RefundMessages, RefundPartApprovedV2, RefundPartRejectedV2 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import { HttpException, HttpStatus } from '@nestjs/common';
import { NotFound } from '@mkt/http';
import { RefundDatabase } from '../database';
import type { RefundLine } from './refund-parts';
import { RefundProgress } from './refund-progress';

/** Who decides: a seller decides its own part; an admin decides every part still open. */
export interface Decider {
  mno: number;
  role: Role;
}

/** A seller (or an admin) approves or rejects (with a reason) its part of a refund. */
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
 * Records the decision of the decider's open parts under the refund's row lock, and announces each
 * part: approved (payment gives that part back at once, whatever the other sellers decide) or
 * rejected. Another seller's part is never touched. Deciding again changes nothing. Answers the
 * text the console shows.
 */
@CommandHandler(DecideRefund)
export class DecideRefundHandler implements ICommandHandler<DecideRefund, string> {
  constructor(
    private readonly db: RefundDatabase,
    private readonly outbox: Outbox,
    private readonly progress: RefundProgress,
  ) {}

  execute({ rfno, decider, decision }: DecideRefund): Promise<string> {
    return this.db.$transaction(async (tx) => {
      // Two sellers deciding at once take turns, so the refund's status follows both decisions.
      await tx.refund.updateMany({ where: { rfno }, data: { rfno } });
      const refund = await tx.refund.findUnique({ where: { rfno }, include: { parts: true } });
      if (!refund) throw new NotFound(RefundMessages.notFound);
      const mine =
        decider.role === 'ADMIN'
          ? refund.parts
          : refund.parts.filter((part) => part.sellerId === decider.mno);
      if (mine.length === 0) throw notYours();
      const open = mine.filter((part) => part.status === 'PENDING');
      if (open.length === 0) return RefundMessages.alreadyDecided;
      const now = new Date();
      await tx.refundPart.updateMany({
        where: { rfno, sellerId: { in: open.map((part) => part.sellerId) }, status: 'PENDING' },
        data: decision.approve
          ? { status: 'APPROVED', decidedAt: now }
          : { status: 'REJECTED', decidedAt: now, rejectReason: decision.reason },
      });
      for (const part of open) {
        const announced = {
          rfno,
          ono: refund.ono,
          mno: refund.mno,
          part: {
            sellerId: part.sellerId,
            amount: part.amount,
            lines: part.lines as unknown as RefundLine[],
          },
        };
        if (decision.approve)
          await this.outbox.enqueue(tx, RefundPartApprovedV2, announced, { aggregateId: refund.ono });
        else
          await this.outbox.enqueue(
            tx,
            RefundPartRejectedV2,
            { ...announced, reason: decision.reason },
            { aggregateId: refund.ono },
          );
      }
      await this.progress.follow(tx, rfno, now);
      if (!decision.approve) return RefundMessages.rejected;
      const othersOpen = refund.parts.some((part) => part.status === 'PENDING' && !open.includes(part));
      return othersOpen ? RefundMessages.partApproved : RefundMessages.approved;
    });
  }
}
