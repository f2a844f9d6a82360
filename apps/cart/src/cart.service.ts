import { join } from 'node:path';
import { defineService, SERVICE_RUNTIME, ServiceClient, serviceUrl } from '@mkt/platform';
import type { ServiceRuntime } from '@mkt/platform';
import { Cart } from './cart';
import { CartController } from './cart.controller';
import { CatalogOptions } from './catalog-options';
import { CartDatabase } from './database';

/** Members' cart lines; names, prices and stock are read from catalog when a cart is shown. */
export const cartService = defineService({
  name: 'cart',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: CartDatabase,
  calls: ['catalog'],
  controllers: [CartController],
  providers: () => [
    Cart,
    {
      provide: CatalogOptions,
      inject: [SERVICE_RUNTIME],
      useFactory: (runtime: ServiceRuntime) =>
        new CatalogOptions(new ServiceClient('catalog', serviceUrl(runtime, 'catalog'))),
    },
  ],
});
