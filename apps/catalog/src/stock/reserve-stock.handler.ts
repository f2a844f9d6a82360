import { Injectable } from '@nestjs/common';
import type { EventHandler } from '@mkt/messaging';
import { OrderPlacedV1, type PayloadOf } from '@mkt/contracts';
import type { CatalogTx } from '../database';
import { JsonLogger } from '@mkt/platform';

/**
 * A placed order takes its quantities out of the options' stock and adds them to the products'
 * sales volume. Stock never goes below zero: an oversold option stops at 0 and is logged.
 */
@Injectable()
export class ReserveStockOnOrderPlaced implements EventHandler<PayloadOf<typeof OrderPlacedV1>, CatalogTx> {
  readonly name = 'catalog.reserve-stock-on-order-placed';
  readonly event = OrderPlacedV1;

  constructor(private readonly logger: JsonLogger) {}

  async handle(payload: PayloadOf<typeof OrderPlacedV1>, tx: CatalogTx): Promise<void> {
    for (const line of payload.lines) {
      // Updating the product first locks its row, so concurrent orders of it take turns below.
      await tx.product.update({ where: { pno: line.pno }, data: { pSalesVol: { increment: line.count } } });
      const taken = await tx.productOption.updateMany({
        where: { odno: line.odno, pno: line.pno, odStock: { gte: line.count } },
        data: { odStock: { decrement: line.count } },
      });
      if (taken.count === 0) {
        const emptied = await tx.productOption.updateMany({
          where: { odno: line.odno, pno: line.pno },
          data: { odStock: 0 },
        });
        if (emptied.count === 0)
          throw new Error(
            `order ${payload.ono} names option ${line.odno}, which product ${line.pno} does not have`,
          );
        this.logger.warn('option oversold', { ono: payload.ono, odno: line.odno, wanted: line.count });
      }
      const remaining = await tx.productOption.aggregate({
        where: { pno: line.pno },
        _sum: { odStock: true },
      });
      await tx.product.update({ where: { pno: line.pno }, data: { pStock: remaining._sum.odStock ?? 0 } });
    }
  }
}
