import type { BoardDatabase } from '@mkt/board';
import { seedDemoInquiries, seedDemoNotices } from '@mkt/board';
import type { CatalogDatabase, SeedSummary } from '@mkt/catalog';
import { seedDemoCatalog } from '@mkt/catalog';
import type { MemberDatabase } from '@mkt/member';
import { seedDemoAccounts } from '@mkt/member';

export interface DemoDatabases {
  catalog: CatalogDatabase;
  board: BoardDatabase;
  member: MemberDatabase;
}

/**
 * The demo store across services: member's sign-in accounts, catalog's categories, products and
 * reviews, then board's inquiries on those products and the admin's notices and FAQs. Each part is skipped when its service
 * already has data.
 */
export async function seedDemoStore(
  databases: DemoDatabases,
  options: { productsPerCategory?: number } = {},
): Promise<SeedSummary & { inquiries: number; accounts: number; notices: number }> {
  const accounts = await seedDemoAccounts(databases.member);
  const catalog = (await seedDemoCatalog(databases.catalog, options)) ?? {
    categories: 0,
    products: 0,
    reviews: 0,
  };
  const products = catalog.products
    ? await databases.catalog.product.findMany({
        select: { pno: true, sellerId: true },
        orderBy: { pno: 'asc' },
        take: 400,
      })
    : [];
  const shoppers = await databases.member.member.findMany({
    where: { role: 'MEMBER' },
    select: { mno: true, mNickname: true },
    orderBy: { mno: 'asc' },
  });
  const authors = shoppers.map((shopper) => ({ mno: shopper.mno, nickname: shopper.mNickname }));
  const admin = await databases.member.member.findFirst({
    where: { role: 'ADMIN' },
    orderBy: { mno: 'asc' },
  });
  return {
    ...catalog,
    accounts,
    inquiries: products.length ? await seedDemoInquiries(databases.board, products, authors) : 0,
    notices: admin ? await seedDemoNotices(databases.board, admin.mno) : 0,
  };
}
