import { Body, Controller, Delete, HttpCode, Injectable, Param, Post } from '@nestjs/common';
import type { StockHoldAnswer } from '@mkt/contracts';
import { stockHoldSchema } from '@mkt/contracts';
import { JsonLogger } from '@mkt/observability';
import { isUniqueViolation } from '@mkt/persistence';
import { RecurringJob } from '@mkt/platform';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { CatalogDatabase } from '../database';
import type { CatalogTx } from '../database';
import type { StockLine } from './option-stock';
import { OptionStock } from './option-stock';

/**
 * How long a hold waits for its order.placed. A placement that died between holding and saving its
 * order gives its pieces back after this; an order.placed later than this (the broker down that long)
 * takes the pieces afresh, and is refused like any order if they are gone.
 */
export const STOCK_HOLD_TTL_MS = 120_000;

/** Another request of the same placement held its pieces while this one was taking them. */
class HeldMeanwhile extends Error {}

/**
 * Stock taken for a checkout the moment it is placed, so that a shopper whose pieces are gone is told
 * at once, before any order exists, and one whose pieces are held is sure of them. The order's
 * order.placed claims the hold (ReserveStockOnOrderPlaced).
 */
@Injectable()
export class StockHolds {
  constructor(
    private readonly db: CatalogDatabase,
    private readonly stock: OptionStock,
  ) {}

  /** Holds every line or none; holding again under the same key holds nothing more. */
  async hold(key: string, lines: StockLine[]): Promise<StockHoldAnswer> {
    try {
      return await this.db.$transaction(async (tx) => {
        const existing = await tx.stockHold.findUnique({ where: { key }, select: { status: true } });
        if (existing?.status === 'HELD' || existing?.status === 'CLAIMED') return { held: true };
        const shortLines = await this.stock.take(tx, lines);
        if (shortLines.length) return { held: false, shortLines };
        const hold = {
          lines: lines.map(({ odno, pno, count }) => ({ odno, pno, count })),
          status: 'HELD',
          expiresAt: new Date(Date.now() + STOCK_HOLD_TTL_MS),
        };
        // Never an upsert: two requests of one placement at once would both take the pieces. The
        // second one's write fails instead, and its transaction gives them back.
        if (!existing) await tx.stockHold.create({ data: { key, ...hold } });
        else if (
          (await tx.stockHold.updateMany({ where: { key, status: 'RELEASED' }, data: hold })).count === 0
        )
          throw new HeldMeanwhile();
        return { held: true };
      });
    } catch (error) {
      // The same placement asked twice at once: the other request holds its pieces.
      if (isUniqueViolation(error) || error instanceof HeldMeanwhile) return this.hold(key, lines);
      throw error;
    }
  }

  /** Gives a hold's pieces back unless an order claimed it; nothing happens for a key with no live hold. */
  async release(key: string): Promise<void> {
    await this.db.$transaction((tx) => this.releaseIn(tx, key));
  }

  async releaseIn(tx: CatalogTx, key: string): Promise<void> {
    const hold = await tx.stockHold.findUnique({ where: { key } });
    if (!hold) return;
    const { count } = await tx.stockHold.updateMany({
      where: { key, status: 'HELD' },
      data: { status: 'RELEASED' },
    });
    if (count === 1) await this.stock.giveBack(tx, hold.lines as unknown as StockLine[]);
  }

  /** Turns the hold into the order's: true if it was still held (its pieces are the order's), false if not. */
  async claim(tx: CatalogTx, key: string): Promise<boolean> {
    const { count } = await tx.stockHold.updateMany({
      where: { key, status: 'HELD' },
      data: { status: 'CLAIMED' },
    });
    return count === 1;
  }

  /** Gives back holds nobody claimed in time; answers how many. */
  async releaseExpired(): Promise<number> {
    const expired = await this.db.stockHold.findMany({
      where: { status: 'HELD', expiresAt: { lt: new Date() } },
      select: { key: true },
      take: 500,
    });
    for (const { key } of expired) await this.release(key);
    return expired.length;
  }
}

/** Looks for holds whose placement never saved an order, once a minute. */
@Injectable()
export class ExpiredStockHoldSweeper extends RecurringJob {
  constructor(
    private readonly holds: StockHolds,
    private readonly logger: JsonLogger,
  ) {
    super(logger, { name: 'releasing expired stock holds', idleMs: 60_000 });
  }

  async runOnce(): Promise<number> {
    const released = await this.holds.releaseExpired();
    if (released) this.logger.log('expired stock holds released', { released });
    return released;
  }
}

class HoldBody extends createZodDto(stockHoldSchema) {}
class HoldPath extends createZodDto(z.object({ key: stockHoldSchema.shape.key })) {}

/** Internal, for order: `POST /stock-holds` when a checkout is placed, `DELETE /stock-holds/:key` when its order could not be saved. */
@Controller('stock-holds')
export class StockHoldController {
  constructor(private readonly holds: StockHolds) {}

  @Post()
  @HttpCode(200)
  hold(@Body() { key, lines }: HoldBody): Promise<StockHoldAnswer> {
    return this.holds.hold(key, lines);
  }

  @Delete(':key')
  @HttpCode(204)
  async release(@Param() { key }: HoldPath): Promise<void> {
    await this.holds.release(key);
  }
}
