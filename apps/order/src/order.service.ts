import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { OrderDatabase } from './database';
import { OrderPlacement } from './placement/order-placement';

/** Orders and their lines; placing an order announces order.placed. */
export const orderService = defineService({
  name: 'order',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: OrderDatabase,
  providers: () => [OrderPlacement],
});
