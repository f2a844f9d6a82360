import { Controller } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { OrderCompletedV1, PaymentRefundedV2, RefundPartRejectedV2, RefundRequestedV1 } from '@mkt/contracts';
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
  @ConsumesEvent(OrderCompletedV1, 'catalog.record-purchased-lines')
  async handle(
    { ono, mno, lines }: PayloadOf<typeof OrderCompletedV1>,
    { tx }: HandlingContext<CatalogTx>,
  ): Promise<void> {
    // A refund that arrived first keeps its status.
    await tx.purchasedLine.createMany({
      data: lines.map(({ orno, odno, pno }) => ({ orno, odno, pno, ono, mno })),
      skipDuplicates: true,
    });
  }
}

/** While a refund is asked for, its parts' lines are not reviewable. */
@Controller()
export class HoldLinesOnRefundRequested {
  @ConsumesEvent(RefundRequestedV1, 'catalog.hold-lines-on-refund-requested')
  async handle(
    { rfno, ono, mno, parts }: PayloadOf<typeof RefundRequestedV1>,
    { tx }: HandlingContext<CatalogTx>,
  ): Promise<void> {
    // A part refused already (its rejection came first) stays reviewable.
    const rejected = await tx.rejectedRefund.findMany({ where: { rfno }, select: { sellerId: true } });
    const lines = parts
      .filter((part) => !rejected.some((refusal) => refusal.sellerId === part.sellerId))
      .flatMap((part) => part.lines);
    // A line refunded already (its money came back first) stays refunded.
    const refunded = await tx.purchasedLine.findMany({
      where: { orno: { in: lines.map((line) => line.orno) }, status: 'REFUND_COMPLETE' },
      select: { orno: true },
    });
    const held = lines.filter((line) => !refunded.some((done) => done.orno === line.orno));
    await setLines(tx, { ono, mno }, held, 'REFUND_PENDING');
  }
}

/** A seller refused its part: that part's lines are reviewable again. */
@Controller()
export class ReleaseLinesOnRefundRejected {
  @ConsumesEvent(RefundPartRejectedV2, 'catalog.release-lines-on-refund-part-rejected')
  async handle(
    { rfno, ono, part }: PayloadOf<typeof RefundPartRejectedV2>,
    { tx }: HandlingContext<CatalogTx>,
  ): Promise<void> {
    await tx.rejectedRefund.createMany({
      data: [{ rfno, sellerId: part.sellerId, ono }],
      skipDuplicates: true,
    });
    await tx.purchasedLine.updateMany({
      where: { orno: { in: part.lines.map((line) => line.orno) }, status: 'REFUND_PENDING' },
      data: { status: 'COMPLETE' },
    });
  }
}

/** A refunded part's lines are never reviewed. */
@Controller()
export class CloseLinesOnPaymentRefunded {
  @ConsumesEvent(PaymentRefundedV2, 'catalog.close-lines-on-payment-refunded')
  async handle(
    { ono, mno, lines }: PayloadOf<typeof PaymentRefundedV2>,
    { tx }: HandlingContext<CatalogTx>,
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
