import { join } from 'node:path';
import type { ServiceRuntime } from '@mkt/platform';
import { defineService } from '@mkt/platform';
import { CategoryController } from './categories/category.controller';
import { CategoryRepository } from './categories/category.repository';
import { CatalogDatabase } from './database';
import { ImageController } from './images/image.controller';
import { IMAGE_STORAGE, LocalDiskImageStorage } from './images/image-storage';
import { ProductController } from './products/product.controller';
import { ProductRepository } from './products/product.repository';
import { ReviewController } from './reviews/review.controller';
import { ReviewRepository } from './reviews/review.repository';
import { ReserveStockOnOrderPlaced } from './stock/reserve-stock.handler';

/** Where catalog keeps product image files under its data folder. */
export function productImageDir(runtime: Pick<ServiceRuntime, 'dataDir'>): string {
  return join(runtime.dataDir, 'images', 'product');
}

/** Categories, products, options, stock, product images and reviews. */
export const catalogService = defineService({
  name: 'catalog',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: CatalogDatabase,
  handlers: [ReserveStockOnOrderPlaced],
  controllers: [CategoryController, ProductController, ReviewController, ImageController],
  providers: (runtime) => [
    CategoryRepository,
    ProductRepository,
    ReviewRepository,
    { provide: IMAGE_STORAGE, useValue: new LocalDiskImageStorage(productImageDir(runtime)) },
  ],
});
