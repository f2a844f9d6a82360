import { Controller } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import {
  OrderCancelledV1,
  OrderCompletedV1,
  OrderPlacedV1,
  PaymentRefundedV2,
  StockRejectedV1,
  StockReservedV1,
} from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import type { CatalogTx } from '../database';
import { ProductChanges } from '../products/product-changes';
import { OptionStock, ProductTotals } from './option-stock';
import { StockHolds } from './stock-holds';

/**
 * A placed order takes all its lines out of stock or none of them: stock.reserved, or
 * stock.rejected naming the lines short of stock. An order placed with a hold claims the held
 * pieces instead; one whose hold ran out takes them afresh.
 */
@Controller()
export class ReserveStockOnOrderPlaced {
  constructor(
    private readonly outbox: Outbox,
    private readonly stock: OptionStock,
    private readonly holds: StockHolds,
  ) {}

  @ConsumesEvent(OrderPlacedV1, 'catalog.reserve-stock-on-order-placed')
  async handle(
    { ono, lines, stockHold }: PayloadOf<typeof OrderPlacedV1>,
    { tx }: HandlingContext<CatalogTx>,
  ): Promise<void> {
    // Cancelled before it arrived: nothing to take, and what the placement held goes back.
    if (await tx.stockReservation.findUnique({ where: { ono } })) {
      if (stockHold) await this.holds.releaseIn(tx, stockHold);
      return;
    }
    const claimed = stockHold !== undefined && (await this.holds.claim(tx, stockHold));
    const shortLines = claimed ? [] : await this.stock.take(tx, lines);
    if (shortLines.length) {
      await tx.stockReservation.create({ data: { ono, status: 'REJECTED' } });
      await this.outbox.enqueue(tx, StockRejectedV1, { ono, shortLines }, { aggregateId: ono });
      return;
    }
    await tx.stockReservation.create({ data: { ono, status: 'RESERVED' } });
    await this.outbox.enqueue(tx, StockReservedV1, { ono }, { aggregateId: ono });
  }
}

/** A cancelled order gives back what it took; a cancellation that arrives first keeps the order from taking any. */
@Controller()
export class ReleaseStockOnOrderCancelled {
  constructor(private readonly stock: OptionStock) {}

  @ConsumesEvent(OrderCancelledV1, 'catalog.release-stock-on-order-cancelled')
  async handle(
    { ono, lines }: PayloadOf<typeof OrderCancelledV1>,
    { tx }: HandlingContext<CatalogTx>,
  ): Promise<void> {
    const reservation = await tx.stockReservation.findUnique({ where: { ono } });
    if (!reservation) {
      await tx.stockReservation.create({ data: { ono, status: 'RELEASED' } });
      return;
    }
    if (reservation.status !== 'RESERVED') return;
    await this.stock.giveBack(tx, lines);
    await tx.stockReservation.update({ where: { ono }, data: { status: 'RELEASED' } });
  }
}

/** A completed order counts as sales of its products. */
@Controller()
export class CountSalesOnOrderCompleted {
  constructor(
    private readonly changes: ProductChanges,
    private readonly totals: ProductTotals,
  ) {}

  @ConsumesEvent(OrderCompletedV1, 'catalog.count-sales-on-order-completed')
  async handle(
    { lines }: PayloadOf<typeof OrderCompletedV1>,
    { tx }: HandlingContext<CatalogTx>,
  ): Promise<void> {
    await this.totals.countSales(tx, lines, 1);
    await this.changes.announce(
      tx,
      lines.map((line) => line.pno),
      ['salesVolume'],
    );
  }
}

/** A refunded part's pieces go back on sale, and no longer count as sales. */
@Controller()
export class RestockOnPaymentRefunded {
  constructor(
    private readonly stock: OptionStock,
    private readonly totals: ProductTotals,
  ) {}

  @ConsumesEvent(PaymentRefundedV2, 'catalog.restock-on-payment-refunded')
  async handle(
    { lines }: PayloadOf<typeof PaymentRefundedV2>,
    { tx }: HandlingContext<CatalogTx>,
  ): Promise<void> {
    // Options before products, as every stock change locks them.
    await this.stock.giveBack(tx, lines, ['stock', 'salesVolume']);
    await this.totals.countSales(tx, lines, -1);
  }
}

export const stockHandlers = [
  ReserveStockOnOrderPlaced,
  ReleaseStockOnOrderCancelled,
  CountSalesOnOrderCompleted,
  RestockOnPaymentRefunded,
];
