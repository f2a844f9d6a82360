import { join } from 'node:path';
import { CqrsModule } from '@nestjs/cqrs';
import { catalogOptionsProvider } from '@mkt/internal-clients';
import { defineService } from '@mkt/platform';
import { z } from 'zod';
import { AbandonPaymentHandler } from './checkout/abandon-payment';
import { PlaceOrderHandler } from './checkout/place-order';
import { OrderDatabase } from './database';
import { OrderController } from './orders/order.controller';
import { OrderReads } from './orders/order-reads';
import {
  AbandonedOrderSweeper,
  CancelAbandonedOrdersHandler,
  PAYMENT_TIMEOUT_MS,
} from './process/abandoned-orders';
import { orderProcessHandlers } from './process/order-process.handlers';
import { OrderProcess } from './process/order-process.service';
import { refundStatusHandlers } from './refunds/refund-status.handlers';
import { MarkLineReviewed } from './reviews/review-written.handler';

/** Minutes a placed order waits for its payment before it is cancelled. */
const paymentTimeout = z.coerce.number().int().positive().default(15);

/** Orders and their process: placed, then complete once paid and reserved, or cancelled; then, maybe, reviewed or refunded. */
export const orderService = defineService({
  name: 'order',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: OrderDatabase,
  imports: [CqrsModule.forRoot()],
  handlers: [...orderProcessHandlers, ...refundStatusHandlers, MarkLineReviewed],
  controllers: [OrderController],
  providers: () => [
    OrderProcess,
    OrderReads,
    PlaceOrderHandler,
    AbandonPaymentHandler,
    CancelAbandonedOrdersHandler,
    AbandonedOrderSweeper,
    {
      provide: PAYMENT_TIMEOUT_MS,
      useFactory: () => paymentTimeout.parse(process.env.ORDER_PAYMENT_TIMEOUT_MINUTES) * 60_000,
    },
    catalogOptionsProvider,
  ],
});
