import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { qualifiedTable } from '@mkt/persistence';
import type { ServiceRuntime } from '@mkt/platform';
import { SERVICE_RUNTIME } from '@mkt/platform';
import type {
  ManagedProductDetailDto,
  ManagedProductSlice,
  ManagedProductsQuery,
  ProductActor,
  ProductDetailDto,
  ProductListQuery,
  ProductSlice,
  ProductSortKey,
  ProductSummaryDto,
} from '@mkt/contracts';
import { toCategoryDto } from '../categories/category.repository';
import { CategoryRepository } from '../categories/category.repository';
import type { Prisma } from '../database';
import { CatalogDatabase } from '../database';

/** Sort keys of the list call and the columns they sort by: the price sorts by the price shown, after the discount. */
const SORT_COLUMNS: Record<ProductSortKey, string> = {
  p_salesVol: 'p_sales_vol',
  pno: 'pno',
  p_salePer: 'p_sale_per',
  p_price: 'p_sale_price',
  p_stock: 'p_stock',
};

/** Columns only the database's search and sorts read. */
const searchColumns = { pNameChosung: true, searchBigrams: true, pSalePrice: true } as const;

/** What a list shows of a product: the page statement's row. */
interface ListRow {
  pno: number;
  pName: string;
  pPrice: number;
  pSalePer: number;
  pSalesVol: number;
  pStock: number;
  delFlag: boolean;
  sellerId: number;
  businessName: string;
  imageNames: string[];
}

function toSummary(row: ListRow): ProductSummaryDto {
  return {
    pno: row.pno,
    pName: row.pName,
    p_name: row.pName,
    pPrice: row.pPrice,
    p_price: row.pPrice,
    pSalePer: row.pSalePer,
    p_salePer: row.pSalePer,
    p_salesVol: row.pSalesVol,
    p_stock: row.pStock,
    delFlag: row.delFlag,
    businessName: row.businessName,
    productImage: row.imageNames.map((name) => ({ pi_name: name })),
  };
}

/** Hangul compatibility consonants (ㄱ to ㅎ): a keyword of only these searches initial consonants. */
const CHOSUNG_ONLY = /^[\u3131-\u314e\s]+$/;

/** `%keyword%` for LIKE, with the keyword's own wildcards taken literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A keyword matches a substring of the name or business name; a keyword of initial consonants only
 * (ㄱㅊ) matches the name's initial consonants (김치). Two-character keywords use the bigram array,
 * longer ones the trigram indexes.
 */
function keywordCondition(keyword: string, params: unknown[]): string {
  const chosung = CHOSUNG_ONLY.test(keyword);
  if ([...keyword].length === 2) {
    params.push(keyword.toLowerCase());
    return `p.search_bigrams @> ARRAY[$${params.length}::text]`;
  }
  params.push(likePattern(keyword));
  const n = params.length;
  return chosung ? `p.p_name_chosung LIKE $${n}` : `(p.p_name ILIKE $${n} OR p.business_name ILIKE $${n})`;
}

/**
 * The WHERE clause of a shopper's product list and its parameters. Written as SQL rather than
 * through Prisma because Prisma sends a substring match as ILIKE ('%' || $1 || '%'), which hides
 * the pattern from the planner and so keeps it off the trigram indexes.
 */
function listFilter(
  product: string,
  categoryLink: string,
  keyword: string,
  ctnos: number[] | null,
  { includeDeleted = false, sellerId }: { includeDeleted?: boolean; sellerId?: number } = {},
) {
  const params: unknown[] = [];
  const conditions = includeDeleted ? ['TRUE'] : ['NOT p.del_flag'];
  if (sellerId !== undefined) {
    params.push(sellerId);
    conditions.push(`p.seller_id = $${params.length}`);
  }
  if (ctnos) {
    params.push(ctnos);
    conditions.push(
      `EXISTS (SELECT 1 FROM ${categoryLink} cp WHERE cp.pno = p.pno AND cp.ctno = ANY($${params.length}::int[]))`,
    );
  }
  if (keyword) conditions.push(keywordCondition(keyword, params));
  return { sql: `FROM ${product} p WHERE ${conditions.join(' AND ')}`, params };
}

/**
 * Whether a page is sorted from all of the filter's matches (found through the indexes) rather than
 * by walking the sort order's index until the page is full. The walk reads about `reach` x
 * `products` / `matches` rows and tests each against the filter, which costs about twice the read
 * of a match. At 100,000 products, page 1: 2,104 matches (김치) sorted in 2.9 ms, walked in 5.2
 * (embedded: 5.2 and 10.9); 3,156 (ㄱㅊ) in 3.1 and 2.0 (9.2 and 10.5); 10,000 in 21 and 0.7.
 * PostgreSQL makes this choice itself from a guess of a keyword's matches taken from a sample of
 * 100 names, and takes a word pair found in 2 products (or none) for 1,000: its walk then reads the
 * whole catalogue, 50 to 200 ms where the matches take 1 ms.
 */
function sortsMatches(matches: number, reach: number, products: number): boolean {
  return matches * matches <= 2 * reach * products;
}

@Injectable()
export class ProductRepository {
  /**
   * Totals of a filter only drive the page buttons, and counting a substring match over the whole
   * catalogue costs far more than the page itself, so they are reused for a short while (by the
   * filter; concurrent misses share one count, a failed count is not kept).
   */
  private readonly totals = new LRUCache<string, number, () => Promise<number>>({
    max: 1_000,
    ttl: 30_000,
    fetchMethod: (_filter, _stale, { context: count }) => count(),
  });

  constructor(
    private readonly db: CatalogDatabase,
    private readonly categories: CategoryRepository,
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  /** A table of this service's schema, for the statements written as SQL. */
  private table(name: string): string {
    return qualifiedTable(this.runtime.database.schema, name);
  }

  /** Shopper-facing list: deleted products never show. */
  async list(query: ProductListQuery): Promise<ProductSlice> {
    const page = await this.pageOf(
      query,
      { column: SORT_COLUMNS[query.sortBy], direction: query.sort === 'asc' ? 'ASC' : 'DESC' },
      {},
    );
    return { items: page.rows.map(toSummary), totalCount: page.totalCount };
  }

  /** The consoles' list, deleted products included, newest first: a seller's own, or every product for an admin. */
  async managedList(query: ManagedProductsQuery, actor: ProductActor): Promise<ManagedProductSlice> {
    const sellerId = actor.role === 'SELLER' ? actor.mno : undefined;
    const page = await this.pageOf(
      query,
      { column: 'pno', direction: 'DESC' },
      { includeDeleted: true, sellerId },
    );
    return {
      items: page.rows.map((row) => ({
        pno: row.pno,
        pName: row.pName,
        delFlag: row.delFlag,
        pPrice: row.pPrice,
        pSalePer: row.pSalePer,
        p_stock: row.pStock,
        sno: row.sellerId,
        businessName: row.businessName,
      })),
      totalCount: page.totalCount,
    };
  }

  private async pageOf(
    query: { page: number; size: number; ctno: number; keyword: string },
    sort: { column: string; direction: 'ASC' | 'DESC' },
    scope: { includeDeleted?: boolean; sellerId?: number },
  ): Promise<{ rows: ListRow[]; totalCount: number }> {
    const ctnos = query.ctno > 0 ? await this.categories.withDescendants(query.ctno) : null;
    const filter = listFilter(
      this.table('product'),
      this.table('category_product'),
      query.keyword,
      ctnos,
      scope,
    );
    // The consoles' lists change with every toggle and are short: counted each time.
    const totalCount = await (scope.includeDeleted
      ? this.count(filter)
      : this.totals.forceFetch(JSON.stringify([query.ctno, query.keyword]), {
          context: () => this.count(filter),
        }));
    const sortMatches = sortsMatches(totalCount, query.page * query.size, await this.productsForSale());
    const n = filter.params.length;
    const orderBy = (key: string) => `ORDER BY ${key} ${sort.direction}, p.pno DESC`;
    const page = sortMatches
      ? `WITH matches AS MATERIALIZED (SELECT p.pno, p.${sort.column} AS sort_key ${filter.sql})
         SELECT p.pno FROM matches p ${orderBy('p.sort_key')}`
      : `SELECT p.pno ${filter.sql} ${orderBy(`p.${sort.column}`)}`;
    // One statement for the page and its rows: each statement costs catalog and PostgreSQL more
    // than these small rows do.
    const rows = await this.db.$queryRawUnsafe<ListRow[]>(
      `SELECT p.pno, p.p_name AS "pName", p.p_price AS "pPrice", p.p_sale_per AS "pSalePer",
              p.p_sales_vol AS "pSalesVol", p.p_stock AS "pStock", p.del_flag AS "delFlag",
              p.seller_id AS "sellerId", p.business_name AS "businessName",
              ARRAY(SELECT i.pi_name FROM ${this.table('product_image')} i WHERE i.pno = p.pno ORDER BY i.ord)
                AS "imageNames"
       FROM (${page} LIMIT $${n + 1} OFFSET $${n + 2}) page JOIN ${this.table('product')} p USING (pno)
       ${orderBy(`p.${sort.column}`)}`,
      ...filter.params,
      query.size,
      (query.page - 1) * query.size,
    );
    return { rows, totalCount };
  }

  private async count(filter: { sql: string; params: unknown[] }): Promise<number> {
    const [row] = await this.db.$queryRawUnsafe<{ total: number }[]>(
      `SELECT count(*)::int AS total ${filter.sql}`,
      ...filter.params,
    );
    return row.total;
  }

  /** Products a shopper may see, the total of the unfiltered list. */
  private productsForSale(): Promise<number> {
    return this.totals.forceFetch(JSON.stringify([0, '']), {
      context: () => this.count(listFilter(this.table('product'), this.table('category_product'), '', null)),
    });
  }

  /** A product as its page shows it; deleted products are not found. */
  detail(pno: number): Promise<ProductDetailDto | null> {
    return this.findDetail({ pno, delFlag: false });
  }

  /** A product as its seller's console shows it, deleted or not; another seller's is not found. */
  async managedDetail(pno: number, actor: ProductActor): Promise<ManagedProductDetailDto | null> {
    const product = await this.findDetail({
      pno,
      ...(actor.role === 'SELLER' ? { sellerId: actor.mno } : {}),
    });
    if (!product) return null;
    return { ...product, categoryProductBumpers: product.category.map(({ ctno }) => ({ ctno })) };
  }

  private async findDetail(where: Prisma.ProductWhereInput): Promise<ProductDetailDto | null> {
    const row = await this.db.product.findFirst({
      where,
      omit: searchColumns,
      include: {
        images: { orderBy: { ord: 'asc' }, select: { piName: true } },
        options: { where: { retired: false }, orderBy: { odno: 'asc' } },
        categories: { include: { category: true } },
      },
    });
    if (!row) return null;
    return {
      ...toSummary({ ...row, imageNames: row.images.map((image) => image.piName) }),
      pContent: row.pContent,
      sno: row.sellerId,
      optionDetail: row.options.map((o) => ({
        odno: o.odno,
        od_name: o.odName,
        od_price: o.odPrice,
        od_stock: o.odStock,
      })),
      category: row.categories.map((link) => toCategoryDto(link.category)),
    };
  }
}
