import { Controller } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { CartClearedV1, OrderCompletedV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import type { CartTx } from '../database';

/**
 * A completed order takes its lines out of the member's cart: the lines the checkout came from, or
 * (from a client that does not name them) the member's lines of the ordered options.
 */
@Controller()
export class ClearOrderedLinesOnOrderCompleted {
  constructor(private readonly outbox: Outbox) {}

  @ConsumesEvent(OrderCompletedV1, 'cart.clear-ordered-lines-on-order-completed')
  async handle(
    { ono, mno, lines, cartItemIds }: PayloadOf<typeof OrderCompletedV1>,
    { tx }: HandlingContext<CartTx>,
  ): Promise<void> {
    const ordered = cartItemIds.length
      ? { mno, cino: { in: cartItemIds } }
      : { mno, odno: { in: lines.map((line) => line.odno) } };
    const removed = await tx.cartItem.findMany({ where: ordered, select: { cino: true } });
    await tx.cartItem.deleteMany({ where: { cino: { in: removed.map((line) => line.cino) } } });
    await this.outbox.enqueue(
      tx,
      CartClearedV1,
      { mno, ono, cartItemIds: removed.map((line) => line.cino) },
      { aggregateId: ono },
    );
  }
}
