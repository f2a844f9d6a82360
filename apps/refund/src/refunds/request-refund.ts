import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { OrderDto, RefundDto } from '@mkt/contracts';
import { RefundMessages, RefundRequestedV1 } from '@mkt/contracts';
import { OrderReader } from '@mkt/internal-clients';
import { Outbox } from '@mkt/messaging';
import { BadInput } from '@mkt/http';
import type { RefundTx } from '../database';
import { RefundDatabase } from '../database';
import type { RefundLine } from './refund-parts';
import { namesOf } from './refund-parts';
import { toRefundDto } from './refund-views';

/** A member asks for their complete order's money back, or asks again for the parts a seller rejected. */
export class RequestRefund {
  constructor(
    readonly mno: number,
    readonly ono: number,
    readonly reason: string,
  ) {}
}

/** The advisory lock space of refund requests (the second key is the order). */
const REQUEST_LOCK = 0x7266;

interface NewPart {
  sellerId: number;
  amount: number;
  productName: string;
  lines: RefundLine[];
}

/** The order's lines grouped by seller, each group's amount the sum of its lines' amounts. */
export function partsOf(order: OrderDto): NewPart[] {
  const bySeller = new Map<number, OrderDto['orderDetails']>();
  for (const line of order.orderDetails)
    bySeller.set(line.sellerId, [...(bySeller.get(line.sellerId) ?? []), line]);
  return [...bySeller].map(([sellerId, lines]) => ({
    sellerId,
    amount: lines.reduce((sum, line) => sum + line.or_amount, 0),
    productName: namesOf(lines.map((line) => line.p_name)),
    lines: lines.map((line) => ({ orno: line.orno, odno: line.odno, pno: line.pno, count: line.or_count })),
  }));
}

/**
 * Saves the refund (PENDING) with each seller's part and announces it (refund.requested) in one
 * transaction, only of the member's own order. An order is refunded once; when sellers rejected
 * parts of it, the member may ask again for those parts once, with a new reason (a new refund).
 */
@CommandHandler(RequestRefund)
export class RequestRefundHandler implements ICommandHandler<RequestRefund, RefundDto> {
  constructor(
    private readonly db: RefundDatabase,
    private readonly outbox: Outbox,
    @Inject(OrderReader) private readonly orders: OrderReader,
  ) {}

  async execute({ mno, ono, reason }: RequestRefund): Promise<RefundDto> {
    // Another member's order is not found (404).
    const order = await this.orders.order(ono, mno);
    return this.db.$transaction(async (tx) => {
      // Two requests of one order at once take turns: the second sees the first's refund.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REQUEST_LOCK}::int, ${ono}::int)`;
      const previous = await tx.refund.findFirst({
        where: { ono },
        orderBy: { rfno: 'desc' },
        include: { parts: true },
      });
      const parts = previous ? this.partsToAskAgain(previous, order) : this.firstParts(order);
      return this.save(tx, { ono, mno, reason, retryOfRfno: previous?.rfno ?? null, order, parts });
    });
  }

  private firstParts(order: OrderDto): NewPart[] {
    if (order.status !== 'ORDER_COMPLETE') throw new BadInput(RefundMessages.notRefundable);
    // The spec shows the refund button only while some line is not reviewed; the server holds to it too.
    if (order.orderDetails.every((line) => line.review_flag)) throw new BadInput(RefundMessages.allReviewed);
    return partsOf(order);
  }

  /** The rejected parts of the order's settled refund, asked for once more. */
  private partsToAskAgain(
    previous: { status: string; retryOfRfno: number | null; parts: { sellerId: number; status: string }[] },
    order: OrderDto,
  ): NewPart[] {
    if (previous.status === 'PENDING' || previous.status === 'APPROVED')
      throw new BadInput(RefundMessages.alreadyRequested);
    const rejected = new Set(
      previous.parts.filter((part) => part.status === 'REJECTED').map((part) => part.sellerId),
    );
    if (rejected.size === 0) throw new BadInput(RefundMessages.alreadyRequested);
    if (previous.retryOfRfno !== null) throw new BadInput(RefundMessages.askedAgainAlready);
    if (order.status !== 'ORDER_COMPLETE' && order.status !== 'REFUND_COMPLETE')
      throw new BadInput(RefundMessages.notRefundable);
    const parts = partsOf(order).filter((part) => rejected.has(part.sellerId));
    const lines = order.orderDetails.filter((line) => rejected.has(line.sellerId));
    if (lines.every((line) => line.review_flag)) throw new BadInput(RefundMessages.allReviewed);
    return parts;
  }

  private async save(
    tx: RefundTx,
    request: {
      ono: number;
      mno: number;
      reason: string;
      retryOfRfno: number | null;
      order: OrderDto;
      parts: NewPart[];
    },
  ): Promise<RefundDto> {
    const { ono, mno, reason, retryOfRfno, order, parts } = request;
    const refund = await tx.refund.create({
      data: {
        ono,
        mno,
        reason,
        retryOfRfno,
        amount: parts.reduce((sum, part) => sum + part.amount, 0),
        productName: namesOf(
          order.orderDetails
            .filter((line) => parts.some((part) => part.sellerId === line.sellerId))
            .map((line) => line.p_name),
        ),
        parts: { create: parts },
      },
    });
    await this.outbox.enqueue(
      tx,
      RefundRequestedV1,
      {
        rfno: refund.rfno,
        ono,
        mno,
        requestDate: refund.requestDate.toISOString(),
        amount: refund.amount,
        parts: parts.map(({ sellerId, amount, lines }) => ({ sellerId, amount, lines })),
      },
      { aggregateId: ono },
    );
    return toRefundDto(refund);
  }
}
