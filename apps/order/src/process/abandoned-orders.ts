import { Inject, Injectable } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandBus, CommandHandler } from '@nestjs/cqrs';
import { JsonLogger } from '@mkt/observability';
import { RecurringJob } from '@mkt/platform';
import { OrderDatabase } from '../database';
import { OrderProcess } from './order-process.service';

/** Cancels orders still unpaid `olderThanMs` after they were placed. Answers how many it cancelled. */
export class CancelAbandonedOrders {
  constructor(readonly olderThanMs: number) {}
}

@CommandHandler(CancelAbandonedOrders)
export class CancelAbandonedOrdersHandler implements ICommandHandler<CancelAbandonedOrders, number> {
  constructor(
    private readonly db: OrderDatabase,
    private readonly process: OrderProcess,
  ) {}

  async execute({ olderThanMs }: CancelAbandonedOrders): Promise<number> {
    const abandoned = await this.db.order.findMany({
      where: {
        status: 'PAYMENT_PENDING',
        paidPmno: null,
        orderDate: { lt: new Date(Date.now() - olderThanMs) },
      },
      select: { ono: true },
      take: 500,
    });
    for (const { ono } of abandoned) {
      await this.db.$transaction((tx) => this.process.apply(tx, ono, { kind: 'PAYMENT_TIMEOUT' }));
    }
    return abandoned.length;
  }
}

export const PAYMENT_TIMEOUT_MS = Symbol('PAYMENT_TIMEOUT_MS');

/** Looks for abandoned checkouts once a minute. */
@Injectable()
export class AbandonedOrderSweeper extends RecurringJob {
  constructor(
    private readonly commands: CommandBus,
    private readonly logger: JsonLogger,
    @Inject(PAYMENT_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {
    super(logger, { name: 'cancelling abandoned orders', idleMs: 60_000 });
  }

  async runOnce(): Promise<number> {
    const cancelled: number = await this.commands.execute(new CancelAbandonedOrders(this.timeoutMs));
    if (cancelled) this.logger.log('abandoned orders cancelled', { cancelled });
    return cancelled;
  }
}
