import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { OrderDto } from '@mkt/contracts';
import { OrderMessages } from '@mkt/contracts';
import { BadInput, NotFound } from '@mkt/http';
import { OrderDatabase } from '../database';
import { OrderReads } from '../orders/order-reads';
import { OrderProcess } from '../process/order-process.service';

/** The member's payment window for their order ended without paying: closed, or the card declined. */
export class AbandonPayment {
  constructor(
    readonly mno: number,
    readonly ono: number,
    readonly outcome: 'cancelled' | 'declined',
  ) {}
}

/**
 * Cancels the member's unpaid order at once, with the window's outcome as the reason (not the
 * timeout's). Only the owner's order, only while it waits for payment and no payment verified; a
 * payment that verifies after all finds the order cancelled and is given back.
 */
@CommandHandler(AbandonPayment)
export class AbandonPaymentHandler implements ICommandHandler<AbandonPayment, OrderDto> {
  constructor(
    private readonly db: OrderDatabase,
    private readonly process: OrderProcess,
    private readonly reads: OrderReads,
  ) {}

  async execute({ mno, ono, outcome }: AbandonPayment): Promise<OrderDto> {
    const order = await this.db.order.findFirst({ where: { ono, mno } });
    if (!order) throw new NotFound(OrderMessages.orderNotFound);
    if (order.status !== 'PAYMENT_PENDING' || order.paidPmno !== null)
      throw new BadInput(OrderMessages.notAwaitingPayment);
    await this.db.$transaction((tx) =>
      this.process.apply(tx, ono, {
        kind: 'PAYMENT_ABANDONED',
        reason: outcome === 'cancelled' ? 'PAYMENT_CANCELLED' : 'PAYMENT_DECLINED',
      }),
    );
    return this.reads.one(ono, mno);
  }
}
