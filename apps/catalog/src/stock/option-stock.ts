import { Inject, Injectable } from '@nestjs/common';
import { qualifiedTable } from '@mkt/persistence';
import type { ServiceRuntime } from '@mkt/platform';
import { SERVICE_RUNTIME } from '@mkt/platform';
import type { ShortLine } from '@mkt/contracts';
import type { CatalogTx } from '../database';
import type { ProductChange } from '../products/product-changes';
import { ProductChanges } from '../products/product-changes';

/** Pieces of one option, and the product it belongs to. */
export interface StockLine {
  odno: number;
  pno: number;
  count: number;
}

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

/** Option by option in `odno` order, so that two checkouts locking the same options never wait on each other in a circle. */
const inOptionOrder = <Line extends StockLine>(lines: Line[]) => [...lines].sort((a, b) => a.odno - b.odno);

/**
 * Options' stock, taken and given back in the caller's transaction. Each change refreshes its
 * products' p_stock and announces it (product.changed), so shoppers' pages show it.
 */
@Injectable()
export class OptionStock {
  constructor(
    private readonly changes: ProductChanges,
    private readonly totals: ProductTotals,
  ) {}

  /** Takes every line out of stock or none of them; answers the lines that were short (none: taken). Stock never goes below zero. */
  async take(tx: CatalogTx, lines: StockLine[]): Promise<ShortLine[]> {
    const taken: StockLine[] = [];
    const shortLines: ShortLine[] = [];
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
      await this.putBack(tx, taken);
      return shortLines;
    }
    await this.announce(tx, lines, ['stock']);
    return [];
  }

  /** Puts the lines back on sale; `changed` names what else of the products the caller changed with it. */
  async giveBack(tx: CatalogTx, lines: StockLine[], changed: ProductChange[] = ['stock']): Promise<void> {
    await this.putBack(tx, inOptionOrder(lines));
    await this.announce(tx, lines, changed);
  }

  private async putBack(tx: CatalogTx, lines: StockLine[]): Promise<void> {
    for (const line of lines) {
      await tx.productOption.update({
        where: { odno: line.odno },
        data: { odStock: { increment: line.count } },
      });
    }
  }

  private async announce(tx: CatalogTx, lines: StockLine[], changed: ProductChange[]): Promise<void> {
    const pnos = lines.map((line) => line.pno);
    await this.totals.refreshStock(tx, pnos);
    await this.changes.announce(tx, pnos, changed);
  }
}
