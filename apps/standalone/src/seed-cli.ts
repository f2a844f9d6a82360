import 'reflect-metadata';
import { z } from 'zod';
import type { DatabaseTarget } from '@mkt/persistence';
import { applyMigrations, prismaAdapterFor } from '@mkt/persistence';
import type { ServiceDefinition } from '@mkt/platform';
import { loadConfig, postgresUrl, serviceMigrations } from '@mkt/platform';
import { BoardDatabase, boardService } from '@mkt/board';
import { CatalogDatabase, catalogService } from '@mkt/catalog';
import { MemberDatabase, memberService } from '@mkt/member';
import { seedDemoStore } from './demo-store';

const seedConfig = z.object({
  CATALOG_DATABASE_URL: postgresUrl,
  BOARD_DATABASE_URL: postgresUrl,
  MEMBER_DATABASE_URL: postgresUrl,
  PRODUCTS_PER_CATEGORY: z.coerce.number().int().min(1).default(16),
});

async function migrated(definition: ServiceDefinition, url: string): Promise<DatabaseTarget> {
  const target = { kind: 'postgres', url, schema: 'public' } as const;
  await applyMigrations(target, serviceMigrations(definition));
  return target;
}

/** `npm run seed:demo`: the demo store in distributed-mode databases (each part skipped when it has data). */
async function main(): Promise<void> {
  const config = loadConfig(seedConfig);
  const catalog = new CatalogDatabase({
    adapter: prismaAdapterFor(await migrated(catalogService, config.CATALOG_DATABASE_URL)),
  });
  const board = new BoardDatabase({
    adapter: prismaAdapterFor(await migrated(boardService, config.BOARD_DATABASE_URL)),
  });
  const member = new MemberDatabase({
    adapter: prismaAdapterFor(await migrated(memberService, config.MEMBER_DATABASE_URL)),
  });
  try {
    const summary = await seedDemoStore(
      { catalog, board, member },
      {
        productsPerCategory: config.PRODUCTS_PER_CATEGORY,
      },
    );
    console.log(`seeded ${JSON.stringify(summary)} (zero where a service already had data)`);
  } finally {
    await catalog.$disconnect();
    await board.$disconnect();
    await member.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
