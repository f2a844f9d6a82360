import type { ProductListQuery } from '@mkt/contracts';
import { discountedPrice } from '@mkt/pricing';
import type { ServiceRuntime } from '@mkt/platform';
import { SERVICE_RUNTIME } from '@mkt/platform';
import type { TestService } from '@mkt/testing';
import { startTestService } from '@mkt/testing';
import { catalogService } from '../catalog.module';
import { CategoryRepository } from '../categories/category.repository';
import { CatalogDatabase } from '../database';
import { ProductRepository } from './product.repository';

jest.setTimeout(180_000);

const PRODUCTS = 20_000;
const SELLERS = ['바른농부', '바다마켓', '한우명가', '컬리신선'];
const ADJECTIVES = ['특가', '프리미엄', '실속', '국내산', '유기농'];
const NOUNS = ['김치', '사과', '배', '한우 등심', '양상추', '고등어', '두부', '우유', '쌀', '식빵', '커피'];
/** Found in two products. */
const RARE_PAIR = '수제 양갱';
/**
 * Found in 1,000 products, every one deleted: PostgreSQL, which takes the name and the deletion for
 * unrelated, guesses that about 950 of them are for sale.
 */
const DISCONTINUED = '단종 머그컵';

interface Row {
  pno: number;
  name: string;
  business: string;
  chosung: string;
  salesVol: number;
  price: number;
  deleted: boolean;
}

/** Keyword search on real PostgreSQL, at a size where the query's plan matters. */
describe("catalog's keyword search", () => {
  let catalog: TestService;
  let db: CatalogDatabase;
  let rows: Row[];
  /** The page statements the repository sent, with their parameters. */
  const pageStatements: { sql: string; params: unknown[] }[] = [];
  let products: ProductRepository;

  beforeAll(async () => {
    catalog = await startTestService(catalogService);
    db = catalog.app.get(CatalogDatabase);
    // As in standalone mode's embedded database, which never vacuums.
    await db.$executeRawUnsafe('ALTER TABLE product SET (autovacuum_enabled = off)');
    await db.$executeRawUnsafe(
      `INSERT INTO product (p_name, p_content, p_price, p_sale_per, p_sales_vol, p_stock, seller_id, business_name, del_flag)
       SELECT '[' || ($2::text[])[1 + i % 4] || '] ' || ($3::text[])[1 + i % 5] || ' '
                || ($4::text[])[1 + (i * 7) % 11] || ' ' || i || '호',
              -- Sale percents vary, so the price shown orders products otherwise than the list price.
              '내용', 1000 + (i * 37 % 900) * 10, i * 13 % 60, i * 97 % 5000, 10, 1 + i % 4, ($2::text[])[1 + i % 4], i % 50 = 0
       FROM generate_series(1, $1::int) AS i`,
      PRODUCTS,
      SELLERS,
      ADJECTIVES,
      NOUNS,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO product (p_name, p_content, p_price, p_sale_per, p_sales_vol, p_stock, seller_id, business_name)
       VALUES ('${RARE_PAIR} 세트', '내용', 5000, 0, 10, 10, 1, '바른농부'),
              ('${RARE_PAIR} 선물', '내용', 6000, 0, 20, 10, 2, '바다마켓')`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO product (p_name, p_content, p_price, p_sale_per, p_sales_vol, p_stock, seller_id, business_name, del_flag)
       SELECT '[바른농부] ${DISCONTINUED} ' || i, '내용', 3000, 0, i, 0, 1, '바른농부', true FROM generate_series(1, 1000) AS i`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO product_image (pno, pi_name, ord)
       SELECT pno, name, ord FROM product, (VALUES ('second.png', 2), ('first.png', 1)) AS images (name, ord)
       WHERE p_name LIKE '%${RARE_PAIR}%'`,
    );
    await db.$executeRawUnsafe('ANALYZE product');
    rows = (
      await db.$queryRawUnsafe<
        {
          pno: number;
          p_name: string;
          business_name: string;
          p_name_chosung: string;
          p_sales_vol: number;
          p_price: number;
          p_sale_per: number;
          del_flag: boolean;
        }[]
      >(
        'SELECT pno, p_name, business_name, p_name_chosung, p_sales_vol, p_price, p_sale_per, del_flag FROM product',
      )
    ).map((r) => ({
      pno: r.pno,
      name: r.p_name,
      business: r.business_name,
      chosung: r.p_name_chosung,
      salesVol: r.p_sales_vol,
      // The price sorts order by the price a card shows: after the discount, rounded up to 10 won.
      price: discountedPrice(r.p_price, r.p_sale_per),
      deleted: r.del_flag,
    }));
    const recording = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== '$queryRawUnsafe') return Reflect.get(target, property, receiver) as unknown;
        return (sql: string, ...params: unknown[]) => {
          if (sql.includes('ORDER BY')) pageStatements.push({ sql, params });
          return target.$queryRawUnsafe(sql, ...params);
        };
      },
    });
    products = new ProductRepository(
      recording,
      catalog.app.get(CategoryRepository),
      catalog.app.get<ServiceRuntime>(SERVICE_RUNTIME),
    );
  });
  afterAll(() => catalog.close());

  /** What a keyword should find, worked out in JavaScript: a substring of the name or business name, or of the name's initial consonants. */
  function expected(keyword: string, order: (a: Row, b: Row) => number, { includeDeleted = false } = {}) {
    const consonantsOnly = /^[\u3131-\u314e\s]+$/.test(keyword);
    return rows
      .filter((row) => includeDeleted || !row.deleted)
      .filter((row) =>
        consonantsOnly
          ? row.chosung.includes(keyword)
          : row.name.toLowerCase().includes(keyword.toLowerCase()) || row.business.includes(keyword),
      )
      .sort((a, b) => order(a, b) || b.pno - a.pno);
  }
  const bySalesDesc = (a: Row, b: Row) => b.salesVol - a.salesVol;
  const byPriceAsc = (a: Row, b: Row) => a.price - b.price;

  const list = (keyword: string, overrides: Partial<ProductListQuery> = {}) =>
    products.list({ page: 1, size: 40, ctno: 0, keyword, sortBy: 'p_salesVol', sort: 'desc', ...overrides });

  it.each([
    ['a rare pair of two-character words', RARE_PAIR],
    ['a pair with a longer word', '프리미엄 양상추'],
    ['a two-character word in thousands of names', '특가'],
    ['a longer word in thousands of names', '프리미엄'],
    ['a business name', '바다마켓'],
    ['initial consonants', 'ㄱㅊ'],
    ['one character', '배'],
    ['deleted products only', DISCONTINUED],
    ['nothing', '없는 조합'],
  ])('finds %s (%s) page by page, as a substring match does', async (_kind, keyword) => {
    const all = expected(keyword, bySalesDesc);
    const lastPage = Math.max(1, Math.ceil(all.length / 40));
    for (const page of new Set([1, 2, lastPage, lastPage + 1])) {
      const slice = await list(keyword, { page });
      expect(slice.totalCount).toBe(all.length);
      expect(slice.items.map((item) => item.pno)).toEqual(
        all.slice((page - 1) * 40, page * 40).map((row) => row.pno),
      );
    }
  });

  it("shows in a list what the product's page shows, its images in their order", async () => {
    const { items } = await list(RARE_PAIR);
    for (const item of items) {
      expect(item.productImage).toEqual([{ pi_name: 'first.png' }, { pi_name: 'second.png' }]);
      expect(await products.detail(item.pno)).toMatchObject(item);
    }
    const [other] = (await list('특가')).items;
    expect(await products.detail(other.pno)).toMatchObject({ ...other, productImage: [] });
  });

  it('sorts either way by any key, and the consoles see deleted products too', async () => {
    for (const keyword of [RARE_PAIR, '실속 김치', '유기농']) {
      const cheapest = await list(keyword, { sortBy: 'p_price', sort: 'asc', size: 100 });
      expect(cheapest.items.map((item) => item.pno)).toEqual(
        expected(keyword, byPriceAsc)
          .slice(0, 100)
          .map((row) => row.pno),
      );
      const managed = await products.managedList(
        { page: 1, size: 30, ctno: 0, keyword },
        { mno: 1, role: 'ADMIN' },
      );
      const newestFirst = expected(keyword, () => 0, { includeDeleted: true });
      expect(managed.totalCount).toBe(newestFirst.length);
      expect(managed.items.map((item) => item.pno)).toEqual(newestFirst.slice(0, 30).map((row) => row.pno));
    }
  });

  it('reads only the matches of a keyword PostgreSQL guesses wrong, not the whole catalogue', async () => {
    pageStatements.length = 0;
    expect((await list(DISCONTINUED)).totalCount).toBe(0);
    expect(productRowsRead(await plan(pageStatements[0]))).toBeLessThanOrEqual(1_000);
  });

  it('finds a rare pair through the search indexes right after thousands of products were added', async () => {
    pageStatements.length = 0;
    await list(RARE_PAIR);
    expect(productRowsRead(await plan(pageStatements[0]))).toBeLessThanOrEqual(10);
  });

  /** The plan PostgreSQL ran a statement with, and the rows each step read. */
  async function plan(statement: { sql: string; params: unknown[] }): Promise<PlanNode> {
    const [{ 'QUERY PLAN': plans }] = await db.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`,
      ...statement.params,
    );
    return plans[0].Plan;
  }
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows of the product table a plan looked at: those it kept and those it read and dropped. */
function productRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'product'
      ? (node['Actual Rows'] +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + productRowsRead(child), 0);
}
