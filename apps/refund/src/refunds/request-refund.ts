import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { OrderDto, RefundDto } from '@mkt/contracts';
import { RefundMessages, RefundRequestedV1 } from '@mkt/contracts';
import { OrderReader } from '@mkt/internal-clients';
import { Outbox } from '@mkt/messaging';
import { BadInput } from '@mkt/platform';
import { RefundDatabase } from '../database';
import { toRefundDto } from './refund-views';

/** A member asks for their complete order's money back. */
export class RequestRefund {
  constructor(
    readonly mno: number,
    readonly ono: number,
    readonly reason: string,
  ) {}
}

/** The order's lines grouped by seller, each group's amount the sum of its lines. */
export function partsOf(order: OrderDto) {
  const bySeller = new Map<number, OrderDto['orderDetails']>();
  for (const line of order.orderDetails)
    bySeller.set(line.sellerId, [...(bySeller.get(line.sellerId) ?? []), line]);
  return [...bySeller].map(([sellerId, lines]) => ({
    sellerId,
    amount: lines.reduce((sum, line) => sum + line.or_price * line.or_count, 0),
    lines: lines.map((line) => ({ orno: line.orno, odno: line.odno, pno: line.pno, count: line.or_count })),
  }));
}

/** '사과' or '사과 외 2건', as the history lists a refund. */
export function productNameOf(order: OrderDto): string {
  const [first, ...rest] = order.orderDetails;
  return rest.length ? `${first.p_name} 외 ${rest.length}건` : first.p_name;
}

/**
 * Saves the refund (PENDING) with each seller's part and announces it (refund.requested) in one
 * transaction; once per order, only of the member's own complete order.
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
    if (await this.db.refund.findUnique({ where: { ono } }))
      throw new BadInput(RefundMessages.alreadyRequested);
    if (order.status !== 'ORDER_COMPLETE') throw new BadInput(RefundMessages.notRefundable);
    // The spec shows the refund button only while some line is not reviewed; the server holds to it too.
    if (order.orderDetails.every((line) => line.review_flag)) throw new BadInput(RefundMessages.allReviewed);
    const parts = partsOf(order);
    try {
      return await this.db.$transaction(async (tx) => {
        const refund = await tx.refund.create({
          data: {
            ono,
            mno,
            reason,
            amount: order.o_totalPrice,
            productName: productNameOf(order),
            parts: {
              create: parts.map((part) => ({
                sellerId: part.sellerId,
                amount: part.amount,
                lines: part.lines,
              })),
            },
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
            parts,
          },
          { aggregateId: ono },
        );
        return toRefundDto(refund);
      });
    } catch (error) {
      // Two requests at once: the order's one refund exists now.
      if (await this.db.refund.findUnique({ where: { ono } }))
        throw new BadInput(RefundMessages.alreadyRequested);
      throw error;
    }
  }
}
