import { z } from 'zod';
import type { Slice } from './paging';
import { MAX_PAGE_SIZE, PRODUCT_SORT_KEYS, SORT_DIRECTIONS, type SortDirection } from './catalog-constants';

/** Category as the depth and sub calls answer it. `superCate` is the parent's ctno (null for the root). */
export const categorySchema = z.object({
  ctno: z.number().int(),
  cateName: z.string(),
  depth: z.number().int(),
  superCate: z.number().int().nullable().describe("the parent's ctno"),
});
export type CategoryDto = z.infer<typeof categorySchema>;

/**
 * Category as the random call answers it: `superCate` is the parent category itself, with its own
 * parent and so on up to the root (whose `superCate` is null), so a tile can name
 * `superCate.superCate.cateName`.
 */
export interface CategoryWithAncestorsDto extends Omit<CategoryDto, 'superCate'> {
  superCate: CategoryWithAncestorsDto | null;
}
export const categoryWithAncestorsSchema: z.ZodType<CategoryWithAncestorsDto> = categorySchema
  .extend({
    superCate: z
      .lazy(() => categoryWithAncestorsSchema)
      .nullable()
      .describe('the parent category, with its own parent up to the root'),
  })
  // A schema that contains itself is documented once, by this name (the OpenAPI document's components).
  .meta({ id: 'CategoryWithAncestors' });

export const productImageSchema = z.object({ pi_name: z.string() });
export type ProductImageDto = z.infer<typeof productImageSchema>;

export const optionDetailSchema = z.object({
  odno: z.number().int(),
  od_name: z.string(),
  od_price: z.number().int(),
  od_stock: z.number().int(),
});
export type OptionDetailDto = z.infer<typeof optionDetailSchema>;

/**
 * A product card in lists. The spec's pages read both spellings (`pName` and `p_name`, ...), so
 * both are sent.
 */
export const productSummarySchema = z.object({
  pno: z.number().int(),
  pName: z.string(),
  p_name: z.string(),
  pPrice: z.number().int(),
  p_price: z.number().int(),
  pSalePer: z.number().int(),
  p_salePer: z.number().int(),
  p_salesVol: z.number().int(),
  p_stock: z.number().int(),
  delFlag: z.boolean(),
  businessName: z.string(),
  productImage: z.array(productImageSchema),
});
export type ProductSummaryDto = z.infer<typeof productSummarySchema>;

export const productDetailSchema = productSummarySchema.extend({
  pContent: z.string(),
  sno: z.number().int(),
  optionDetail: z.array(optionDetailSchema),
  category: z.array(categorySchema),
});
export type ProductDetailDto = z.infer<typeof productDetailSchema>;

/** An id in a path or a query, which are text: `"12"` is 12. */
export const positiveIdSchema = z.coerce
  .number({ error: '숫자 번호여야 합니다.' })
  .int('정수 번호여야 합니다.')
  .positive('1 이상의 번호여야 합니다.')
  .max(2_147_483_647, '번호가 너무 큽니다.');

/**
 * An id in a JSON body: a JSON number. A body is typed, so `true`, `[1]` and `"2"` are refused
 * there rather than coerced to 1, 1 and 2.
 */
export const bodyIdSchema = z
  .number({ error: '숫자 번호여야 합니다.' })
  .int('정수 번호여야 합니다.')
  .positive('1 이상의 번호여야 합니다.')
  .max(2_147_483_647, '번호가 너무 큽니다.');

export const categoryDepthSchema = z.coerce
  .number({ error: '깊이는 숫자여야 합니다.' })
  .int()
  .min(1, '깊이는 1에서 3 사이여야 합니다.')
  .max(3, '깊이는 1에서 3 사이여야 합니다.');

const isSortDirection = (value: string | undefined): value is SortDirection =>
  (SORT_DIRECTIONS as readonly (string | undefined)[]).includes(value);

/**
 * Query of GET /api/product/list, validated the same way by the BFF and by catalog. The spec's
 * client names the field in both `sortBy` and `sort` and asks ascending with `order=true`; our web
 * app sends `sort=asc|desc`. Either way it comes out as `sortBy` and `sort` = the direction.
 */
export const productListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1, 'page는 1 이상이어야 합니다.').max(100_000).default(1),
    size: z.coerce
      .number()
      .int()
      .min(1, 'size는 1 이상이어야 합니다.')
      .max(MAX_PAGE_SIZE, `size는 ${MAX_PAGE_SIZE} 이하여야 합니다.`)
      .default(40),
    sortBy: z
      .enum(PRODUCT_SORT_KEYS, { error: `sortBy는 ${PRODUCT_SORT_KEYS.join(', ')} 중 하나여야 합니다.` })
      .optional(),
    sort: z
      .enum([...SORT_DIRECTIONS, ...PRODUCT_SORT_KEYS], {
        error: `sort는 asc, desc 또는 ${PRODUCT_SORT_KEYS.join(', ')} 중 하나여야 합니다.`,
      })
      .optional(),
    order: z.enum(['true', 'false'], { error: 'order는 true 또는 false여야 합니다.' }).optional(),
    /** 0 (or absent) means every category. */
    ctno: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    keyword: z.string().trim().max(100, '검색어는 100자 이하여야 합니다.').default(''),
  })
  .transform(({ sortBy, sort, order, ...rest }, context) => {
    const direction = isSortDirection(sort) ? sort : undefined;
    const field = isSortDirection(sort) ? undefined : sort;
    const orderDirection = order === undefined ? undefined : order === 'true' ? 'asc' : 'desc';
    if (sortBy && field && sortBy !== field) {
      context.addIssue({
        code: 'custom',
        path: ['sort'],
        message: `sortBy(${sortBy})와 sort(${field})가 서로 다른 정렬 항목입니다.`,
      });
    }
    if (direction && orderDirection && direction !== orderDirection) {
      context.addIssue({
        code: 'custom',
        path: ['order'],
        message: `sort(${direction})와 order(${order})가 서로 다른 정렬 방향입니다.`,
      });
    }
    return {
      ...rest,
      sortBy: sortBy ?? field ?? 'p_salesVol',
      sort: direction ?? orderDirection ?? 'desc',
    };
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Catalog's answer to a product list query. */
export type ProductSlice = Slice<ProductSummaryDto>;

/** Query of GET /api/categories/random: how many categories of which depth. */
export const randomCategoriesQuerySchema = z.object({
  count: z.coerce
    .number()
    .int()
    .min(1, 'count는 1 이상이어야 합니다.')
    .max(50, 'count는 50 이하여야 합니다.')
    .default(15),
  depth: z.coerce
    .number()
    .int()
    .min(1, '깊이는 1에서 3 사이여야 합니다.')
    .max(3, '깊이는 1에서 3 사이여야 합니다.')
    .default(3),
});
