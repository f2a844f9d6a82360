import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandBus, CommandHandler } from '@nestjs/cqrs';
import { JsonLogger } from '@mkt/platform';
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

/** Looks for abandoned checkouts once a minute (the state is in the database: a restart loses nothing). */
@Injectable()
export class AbandonedOrderSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly commands: CommandBus,
    private readonly logger: JsonLogger,
    @Inject(PAYMENT_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running = this.commands
        .execute(new CancelAbandonedOrders(this.timeoutMs))
        .then((cancelled) => cancelled && this.logger.log('abandoned orders cancelled', { cancelled }))
        .catch((error: unknown) =>
          this.logger.error('cancelling abandoned orders failed', { error: String(error) }),
        );
    }, 60_000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
