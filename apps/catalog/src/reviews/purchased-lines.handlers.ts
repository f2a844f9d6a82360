import { Controller } from '@nestjs/common';
import type { EventContext } from '@mkt/platform';
import { OnEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { OrderCompletedV1, PaymentRefundedV1, RefundRejectedV1, RefundRequestedV1 } from '@mkt/contracts';
import type { CatalogTx } from '../database';

/** Where a bought line stands; only a COMPLETE one may be reviewed. */
export type PurchasedLineStatus = 'COMPLETE' | 'REFUND_PENDING' | 'REFUND_COMPLETE';

interface BoughtLine {
  orno: number;
  odno: number;
  pno: number;
}

/** The lines of a member's order at `status`, recorded if catalog had not heard of them (events of different topics may cross). */
async function setLines(
  tx: CatalogTx,
  order: { ono: number; mno: number },
  lines: BoughtLine[],
  status: PurchasedLineStatus,
): Promise<void> {
  for (const { orno, odno, pno } of lines) {
    await tx.purchasedLine.upsert({
      where: { orno },
      create: { orno, odno, pno, ...order, status },
      update: { status },
    });
  }
}

/** A complete order's lines become reviewable by their buyer. */
@Controller()
export class RecordPurchasedLines {
  @OnEvent(OrderCompletedV1, 'catalog.record-purchased-lines')
  async handle(
    { ono, mno, lines }: PayloadOf<typeof OrderCompletedV1>,
    { tx }: EventContext<CatalogTx>,
  ): Promise<void> {
    // A refund that arrived first keeps its status.
    await tx.purchasedLine.createMany({
      data: lines.map(({ orno, odno, pno }) => ({ orno, odno, pno, ono, mno })),
      skipDuplicates: true,
    });
  }
}

/** While a refund is asked for, the order's lines are not reviewable. */
@Controller()
export class HoldLinesOnRefundRequested {
  @OnEvent(RefundRequestedV1, 'catalog.hold-lines-on-refund-requested')
  async handle(
    { rfno, ono, mno, parts }: PayloadOf<typeof RefundRequestedV1>,
    { tx }: EventContext<CatalogTx>,
  ): Promise<void> {
    // Refused already (the rejection came first): the lines stay reviewable.
    if (await tx.rejectedRefund.findUnique({ where: { rfno } })) return;
    const lines = parts.flatMap((part) => part.lines);
    // Refunded already (the refund's completion came first): it stays refunded.
    const done = await tx.purchasedLine.count({ where: { ono, status: 'REFUND_COMPLETE' } });
    if (!done) await setLines(tx, { ono, mno }, lines, 'REFUND_PENDING');
  }
}

/** A refused refund leaves the order complete: its lines are reviewable again. */
@Controller()
export class ReleaseLinesOnRefundRejected {
  @OnEvent(RefundRejectedV1, 'catalog.release-lines-on-refund-rejected')
  async handle(
    { rfno, ono }: PayloadOf<typeof RefundRejectedV1>,
    { tx }: EventContext<CatalogTx>,
  ): Promise<void> {
    await tx.rejectedRefund.create({ data: { rfno, ono } });
    await tx.purchasedLine.updateMany({
      where: { ono, status: 'REFUND_PENDING' },
      data: { status: 'COMPLETE' },
    });
  }
}

/** A refunded order's lines are never reviewed. */
@Controller()
export class CloseLinesOnPaymentRefunded {
  @OnEvent(PaymentRefundedV1, 'catalog.close-lines-on-payment-refunded')
  async handle(
    { ono, mno, lines }: PayloadOf<typeof PaymentRefundedV1>,
    { tx }: EventContext<CatalogTx>,
  ): Promise<void> {
    await setLines(tx, { ono, mno }, lines, 'REFUND_COMPLETE');
  }
}

export const purchasedLineHandlers = [
  RecordPurchasedLines,
  HoldLinesOnRefundRequested,
  ReleaseLinesOnRefundRejected,
  CloseLinesOnPaymentRefunded,
];
