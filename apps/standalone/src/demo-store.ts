import type { BoardDatabase } from '../../board/src/database';
import { seedDemoInquiries } from '../../board/src/seed/demo-inquiries';
import { productImageDir } from '../../catalog/src/catalog.module';
import type { CatalogDatabase } from '../../catalog/src/database';
import { LocalDiskImageStorage } from '../../catalog/src/images/image-storage';
import type { SeedSummary } from '../../catalog/src/seed/demo-catalog';
import { seedDemoCatalog } from '../../catalog/src/seed/demo-catalog';

/**
 * The demo store across services: catalog's categories, products and reviews, then board's
 * inquiries on those products. Each part is skipped when its service already has data.
 */
export async function seedDemoStore(
  catalog: CatalogDatabase,
  board: BoardDatabase,
  catalogDataDir: string,
  options: { productsPerCategory?: number } = {},
): Promise<(SeedSummary & { inquiries: number }) | null> {
  const summary = await seedDemoCatalog(
    catalog,
    new LocalDiskImageStorage(productImageDir({ dataDir: catalogDataDir })),
    options,
  );
  if (!summary) return null;
  const pnos = (
    await catalog.product.findMany({ select: { pno: true }, orderBy: { pno: 'asc' }, take: 400 })
  ).map((p) => p.pno);
  return { ...summary, inquiries: await seedDemoInquiries(board, pnos) };
}
