import 'reflect-metadata';
import { z } from 'zod';
import { applyMigrations, prismaAdapterFor } from '@mkt/persistence';
import { loadConfig, postgresUrl } from '@mkt/platform';
import { messagingMigrationsDir } from '@mkt/messaging';
import { catalogService, productImageDir } from '../catalog.module';
import { CatalogDatabase } from '../database';
import { LocalDiskImageStorage } from '../images/image-storage';
import { seedDemoCatalog } from './demo-catalog';

/** `npm run seed:demo`: the demo store in a distributed-mode catalog database (skipped when not empty). */
async function main(): Promise<void> {
  const config = loadConfig(
    z.object({
      DATABASE_URL: postgresUrl,
      DATA_DIR: z.string().min(1).default('.data/catalog'),
      PRODUCTS_PER_CATEGORY: z.coerce.number().int().min(1).default(16),
    }),
  );
  const target = { kind: 'postgres', url: config.DATABASE_URL, schema: 'public' } as const;
  await applyMigrations(target, [
    { scope: 'catalog', dir: catalogService.migrationsDir },
    { scope: 'messaging', dir: messagingMigrationsDir },
  ]);
  const db = new CatalogDatabase({ adapter: prismaAdapterFor(target) });
  const summary = await seedDemoCatalog(
    db,
    new LocalDiskImageStorage(productImageDir({ dataDir: config.DATA_DIR })),
    {
      productsPerCategory: config.PRODUCTS_PER_CATEGORY,
    },
  );
  console.log(
    summary
      ? `seeded ${summary.categories} categories and ${summary.products} products`
      : 'catalog already has data; nothing seeded',
  );
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
