import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { CategoryController } from './categories/category.controller';
import { CategoryRepository } from './categories/category.repository';
import { CatalogDatabase } from './database';
import { ImageController } from './images/image.controller';
import { DiskImageImport } from './images/disk-image-import';
import { DatabaseImageStorage, IMAGE_STORAGE } from './images/image-storage';
import { OptionController } from './options/option.controller';
import { OptionSnapshots } from './options/option-snapshots';
import { ProductChanges } from './products/product-changes';
import { ProductController } from './products/product.controller';
import { ProductRepository } from './products/product.repository';
import { ProductManagement } from './products/product-management';
import { ProductManagementController } from './products/product-management.controller';
import { ReviewController } from './reviews/review.controller';
import { ReviewRepository } from './reviews/review.repository';
import { ReviewWrites } from './reviews/review-writes';
import { OptionStock, ProductTotals } from './stock/option-stock';
import { ExpiredStockHoldSweeper, StockHoldController, StockHolds } from './stock/stock-holds';
import { stockHandlers } from './stock/stock.handlers';
import { purchasedLineHandlers } from './reviews/purchased-lines.handlers';
import { WishController } from './wishes/wish.controller';
import { WishList } from './wishes/wish-list';

/** Categories, products, options, stock, product images, reviews and wish lists. */
export const catalogService = defineService({
  name: 'catalog',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: CatalogDatabase,
  handlers: [...stockHandlers, ...purchasedLineHandlers],
  controllers: [
    CategoryController,
    ProductController,
    ProductManagementController,
    OptionController,
    StockHoldController,
    ReviewController,
    ImageController,
    WishController,
  ],
  providers: () => [
    CategoryRepository,
    ProductRepository,
    ProductManagement,
    ProductChanges,
    ProductTotals,
    OptionStock,
    StockHolds,
    ExpiredStockHoldSweeper,
    ReviewRepository,
    ReviewWrites,
    OptionSnapshots,
    WishList,
    {
      provide: IMAGE_STORAGE,
      inject: [CatalogDatabase],
      useFactory: (db: CatalogDatabase) => new DatabaseImageStorage(db),
    },
    DiskImageImport,
  ],
});
