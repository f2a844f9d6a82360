import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { Cart } from './cart';
import { CartController } from './cart.controller';
import { catalogOptionsProvider } from '@mkt/internal-clients';
import { CartDatabase } from './database';
import { ClearOrderedLinesOnOrderCompleted } from './orders/clear-ordered-lines.handler';

/** Members' cart lines; names, prices and stock are read from catalog when a cart is shown. A completed order takes its lines out. */
export const cartService = defineService({
  name: 'cart',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: CartDatabase,
  handlers: [ClearOrderedLinesOnOrderCompleted],
  controllers: [CartController],
  providers: () => [Cart, catalogOptionsProvider],
});
