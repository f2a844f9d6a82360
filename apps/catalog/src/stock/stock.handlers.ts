import { Controller, Inject, Injectable } from '@nestjs/common';
import { qualifiedTable } from '@mkt/persistence';
import type { HandlingContext } from '@mkt/platform';
import type { ServiceRuntime } from '@mkt/platform';
import { ConsumesEvent, SERVICE_RUNTIME } from '@mkt/platform';
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

type OrderedLine = PayloadOf<typeof OrderPlacedV1>['lines'][number];

/**
 * The product's totals its options and orders make: p_stock (the sum of its options' stock) and
 * p_sales_vol. One statement per call, its product rows locked in `pno` order so that two orders
 * touching the same products never wait on each other in a circle.
 */
@Injectable()
export class ProductTotals {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  private table(name: string): string {
    return qualifiedTable(this.runtime.database.schema, name);
  }

  async refreshStock(tx: CatalogTx, pnos: number[]): Promise<void> {
    await tx.$executeRawUnsafe(
      `UPDATE ${this.table('product')} p
       SET p_stock = COALESCE((SELECT SUM(o.od_stock) FROM ${this.table('product_option')} o WHERE o.pno = p.pno), 0)
       FROM (SELECT pno FROM ${this.table('product')} WHERE pno = ANY($1::int[]) ORDER BY pno FOR UPDATE) locked
       WHERE p.pno = locked.pno`,
      [...new Set(pnos)],
    );
  }

  /** Adds each line's count to its product's sales (`sign` -1 takes it off). */
  async countSales(tx: CatalogTx, lines: { pno: number; count: number }[], sign: 1 | -1): Promise<void> {
    await tx.$executeRawUnsafe(
      `UPDATE ${this.table('product')} p SET p_sales_vol = p.p_sales_vol + $3::int * sold.count
       FROM (SELECT pno, SUM(count)::int AS count FROM unnest($1::int[], $2::int[]) AS line(pno, count) GROUP BY pno) sold,
            (SELECT pno FROM ${this.table('product')} WHERE pno = ANY($1::int[]) ORDER BY pno FOR UPDATE) locked
       WHERE p.pno = sold.pno AND p.pno = locked.pno`,
      lines.map((line) => line.pno),
      lines.map((line) => line.count),
      sign,
    );
  }
}

/** Option by option in `odno` order, so that two orders locking the same options never wait on each other in a circle. */
const inOptionOrder = (lines: OrderedLine[]) => [...lines].sort((a, b) => a.odno - b.odno);

/**
 * A placed order takes all its lines out of stock or none of them: stock.reserved, or
 * stock.rejected naming the lines short of stock. Stock never goes below zero.
 */
@Controller()
export class ReserveStockOnOrderPlaced {
  constructor(
    private readonly outbox: Outbox,
    private readonly changes: ProductChanges,
    private readonly totals: ProductTotals,
  ) {}

  @ConsumesEvent(OrderPlacedV1, 'catalog.reserve-stock-on-order-placed')
  async handle(
    { ono, lines }: PayloadOf<typeof OrderPlacedV1>,
    { tx }: HandlingContext<CatalogTx>,
  ): Promise<void> {
    // Cancelled before it arrived: nothing to take.
    if (await tx.stockReservation.findUnique({ where: { ono } })) return;
    const taken: OrderedLine[] = [];
    const shortLines: PayloadOf<typeof StockRejectedV1>['shortLines'] = [];
    for (const line of inOptionOrder(lines)) {
      const { count } = await tx.productOption.updateMany({
        where: { odno: line.odno, odStock: { gte: line.count } },
        data: { odStock: { decrement: line.count } },
      });
      if (count === 1) {
        taken.push(line);
        continue;
      }
      const option = await tx.productOption.findUnique({
        where: { odno: line.odno },
        select: { odStock: true },
      });
      shortLines.push({ odno: line.odno, wanted: line.count, available: option?.odStock ?? 0 });
    }
    if (shortLines.length) {
      for (const line of taken) {
        await tx.productOption.update({
          where: { odno: line.odno },
          data: { odStock: { increment: line.count } },
        });
      }
      await tx.stockReservation.create({ data: { ono, status: 'REJECTED' } });
      await this.outbox.enqueue(tx, StockRejectedV1, { ono, shortLines }, { aggregateId: ono });
      return;
    }
    const pnos = lines.map((line) => line.pno);
    await this.totals.refreshStock(tx, pnos);
    await this.changes.announce(tx, pnos, ['stock']);
    await tx.stockReservation.create({ data: { ono, status: 'RESERVED' } });
    await this.outbox.enqueue(tx, StockReservedV1, { ono }, { aggregateId: ono });
  }
}

/** A cancelled order gives back what it took; a cancellation that arrives first keeps the order from taking any. */
@Controller()
export class ReleaseStockOnOrderCancelled {
  constructor(
    private readonly changes: ProductChanges,
    private readonly totals: ProductTotals,
  ) {}

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
    for (const line of inOptionOrder(lines)) {
      await tx.productOption.update({
        where: { odno: line.odno },
        data: { odStock: { increment: line.count } },
      });
    }
    const pnos = lines.map((line) => line.pno);
    await this.totals.refreshStock(tx, pnos);
    await this.changes.announce(tx, pnos, ['stock']);
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
    private readonly changes: ProductChanges,
    private readonly totals: ProductTotals,
  ) {}

  @ConsumesEvent(PaymentRefundedV2, 'catalog.restock-on-payment-refunded')
  async handle(
    { lines }: PayloadOf<typeof PaymentRefundedV2>,
    { tx }: HandlingContext<CatalogTx>,
  ): Promise<void> {
    for (const line of [...lines].sort((a, b) => a.odno - b.odno)) {
      await tx.productOption.update({
        where: { odno: line.odno },
        data: { odStock: { increment: line.count } },
      });
    }
    await this.totals.countSales(tx, lines, -1);
    const pnos = lines.map((line) => line.pno);
    await this.totals.refreshStock(tx, pnos);
    await this.changes.announce(tx, pnos, ['stock', 'salesVolume']);
  }
}

export const stockHandlers = [
  ReserveStockOnOrderPlaced,
  ReleaseStockOnOrderCancelled,
  CountSalesOnOrderCompleted,
  RestockOnPaymentRefunded,
];
