import { Controller } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { CartClearedV1, OrderCompletedV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import type { CartTx } from '../database';

/**
 * A completed order takes what it ordered out of the member's cart: from the lines the checkout came
 * from, or (from a client that does not name them) from the member's lines of the ordered options.
 * Only the ordered pieces go: a line holding no more is removed, and one the member added to while
 * the order completed (adding an option already in the cart adds to its line) keeps the rest.
 */
@Controller()
export class ClearOrderedLinesOnOrderCompleted {
  constructor(private readonly outbox: Outbox) {}

  @ConsumesEvent(OrderCompletedV1, 'cart.clear-ordered-lines-on-order-completed')
  async handle(
    { ono, mno, lines, cartItemIds }: PayloadOf<typeof OrderCompletedV1>,
    { tx }: HandlingContext<CartTx>,
  ): Promise<void> {
    const orderedPieces = new Map<number, number>();
    for (const line of lines) orderedPieces.set(line.odno, (orderedPieces.get(line.odno) ?? 0) + line.count);
    const held = await tx.cartItem.findMany({
      where: cartItemIds.length
        ? { mno, cino: { in: cartItemIds } }
        : { mno, odno: { in: [...orderedPieces.keys()] } },
      select: { cino: true, odno: true },
    });
    // A named line whose option the order does not hold (an older client's checkout) goes whole.
    const takeOff = held.map((line) => ({ cino: line.cino, pieces: orderedPieces.get(line.odno) }));
    const { count: removed } = takeOff.length
      ? await tx.cartItem.deleteMany({
          where: {
            OR: takeOff.map(({ cino, pieces }) =>
              pieces === undefined ? { cino } : { cino, cCnt: { lte: pieces } },
            ),
          },
        })
      : { count: 0 };
    if (removed < takeOff.length) {
      for (const { cino, pieces } of takeOff) {
        if (pieces === undefined) continue;
        await tx.cartItem.updateMany({
          where: { cino, cCnt: { gt: pieces } },
          data: { cCnt: { decrement: pieces } },
        });
      }
    }
    await this.outbox.enqueue(
      tx,
      CartClearedV1,
      { mno, ono, cartItemIds: takeOff.map((line) => line.cino) },
      { aggregateId: ono },
    );
  }
}
