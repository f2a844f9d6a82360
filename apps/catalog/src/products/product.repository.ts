import { Injectable } from '@nestjs/common';
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

const SORT_COLUMNS: Record<ProductSortKey, keyof Prisma.ProductOrderByWithRelationInput> = {
  p_salesVol: 'pSalesVol',
  pno: 'pno',
  p_salePer: 'pSalePer',
  p_price: 'pPrice',
  p_stock: 'pStock',
};

const summaryInclude = { images: { orderBy: { ord: 'asc' }, select: { piName: true } } } as const;
type SummaryRow = Prisma.ProductGetPayload<{ include: typeof summaryInclude }>;

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

/** Substring matches on the name or the business name, or on the name's initial consonants. */
function keywordConditions(keyword: string): Prisma.ProductWhereInput[] {
  if (CHOSUNG_ONLY.test(keyword)) return [{ pNameChosung: { contains: keyword } }];
  return [
    { pName: { contains: keyword, mode: 'insensitive' } },
    { businessName: { contains: keyword, mode: 'insensitive' } },
  ];
}

@Injectable()
export class ProductRepository {
  constructor(
    private readonly db: CatalogDatabase,
    private readonly categories: CategoryRepository,
  ) {}

  /** Shopper-facing list: deleted products never show. */
  async list(query: ProductListQuery): Promise<ProductSlice> {
    const where: Prisma.ProductWhereInput = { delFlag: false };
    if (query.ctno > 0) {
      where.categories = { some: { ctno: { in: await this.categories.withDescendants(query.ctno) } } };
    }
    if (query.keyword) where.OR = keywordConditions(query.keyword);
    const [rows, totalCount] = await Promise.all([
      this.db.product.findMany({
        where,
        include: summaryInclude,
        orderBy: [{ [SORT_COLUMNS[query.sortBy]]: query.sort }, { pno: 'desc' }],
        skip: (query.page - 1) * query.size,
        take: query.size,
      }),
      this.db.product.count({ where }),
    ]);
    return { items: rows.map(toSummary), totalCount };
  }

  /** A product as its page shows it; deleted products are not found. */
  async detail(pno: number): Promise<ProductDetailDto | null> {
    const row = await this.db.product.findFirst({
      where: { pno, delFlag: false },
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
