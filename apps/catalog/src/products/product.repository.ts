import { Inject, Injectable } from '@nestjs/common';
import { quoteIdent } from '@mkt/persistence';
import type { ServiceRuntime } from '@mkt/platform';
import { SERVICE_RUNTIME, TtlCache } from '@mkt/platform';
import type {
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

/** Sort keys of the list call and the columns they sort by. */
const SORT_COLUMNS: Record<ProductSortKey, string> = {
  p_salesVol: 'p_sales_vol',
  pno: 'pno',
  p_salePer: 'p_sale_per',
  p_price: 'p_price',
  p_stock: 'p_stock',
};

const summaryInclude = { images: { orderBy: { ord: 'asc' }, select: { piName: true } } } as const;
/** Columns only the database's search reads. */
const searchColumns = { pNameChosung: true, searchBigrams: true } as const;
type SummaryRow = Omit<
  Prisma.ProductGetPayload<{ include: typeof summaryInclude }>,
  keyof typeof searchColumns
>;

function toSummary(row: SummaryRow): ProductSummaryDto {
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
    productImage: row.images.map((image) => ({ pi_name: image.piName })),
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
function listFilter(product: string, categoryLink: string, keyword: string, ctnos: number[] | null) {
  const params: unknown[] = [];
  const conditions = ['NOT p.del_flag'];
  if (ctnos) {
    params.push(ctnos);
    conditions.push(
      `EXISTS (SELECT 1 FROM ${categoryLink} cp WHERE cp.pno = p.pno AND cp.ctno = ANY($${params.length}::int[]))`,
    );
  }
  if (keyword) conditions.push(keywordCondition(keyword, params));
  return { sql: `FROM ${product} p WHERE ${conditions.join(' AND ')}`, params };
}

@Injectable()
export class ProductRepository {
  /**
   * Totals of a filter only drive the page buttons, and counting a substring match over the whole
   * catalogue costs far more than the page itself, so they are reused for a short while.
   */
  private readonly totals = new TtlCache<number>(30_000);

  constructor(
    private readonly db: CatalogDatabase,
    private readonly categories: CategoryRepository,
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  /** A table of this service's schema, for the statements written as SQL. */
  private table(name: string): string {
    return `${quoteIdent(this.runtime.database.schema)}.${quoteIdent(name)}`;
  }

  /** Shopper-facing list: deleted products never show. */
  async list(query: ProductListQuery): Promise<ProductSlice> {
    const ctnos = query.ctno > 0 ? await this.categories.withDescendants(query.ctno) : null;
    const filter = listFilter(this.table('product'), this.table('category_product'), query.keyword, ctnos);
    const direction = query.sort === 'asc' ? 'ASC' : 'DESC';
    const n = filter.params.length;
    const [page, totalCount] = await Promise.all([
      this.db.$queryRawUnsafe<{ pno: number }[]>(
        `SELECT p.pno ${filter.sql} ORDER BY p.${SORT_COLUMNS[query.sortBy]} ${direction}, p.pno DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        ...filter.params,
        query.size,
        (query.page - 1) * query.size,
      ),
      this.totals.get(JSON.stringify([query.ctno, query.keyword]), async () => {
        const [row] = await this.db.$queryRawUnsafe<{ total: number }[]>(
          `SELECT count(*)::int AS total ${filter.sql}`,
          ...filter.params,
        );
        return row.total;
      }),
    ]);
    const rows = await this.db.product.findMany({
      where: { pno: { in: page.map((r) => r.pno) } },
      include: summaryInclude,
    });
    const byPno = new Map(rows.map((row) => [row.pno, row]));
    const inPageOrder = page.map((r) => byPno.get(r.pno)).filter((row) => row !== undefined);
    return { items: inPageOrder.map(toSummary), totalCount };
  }

  /** A product as its page shows it; deleted products are not found. */
  async detail(pno: number): Promise<ProductDetailDto | null> {
    const row = await this.db.product.findFirst({
      where: { pno, delFlag: false },
      omit: searchColumns,
      include: {
        ...summaryInclude,
        options: { orderBy: { odno: 'asc' } },
        categories: { include: { category: true } },
      },
    });
    if (!row) return null;
    return {
      ...toSummary(row),
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
