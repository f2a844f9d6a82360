// No schemas here: the web app's entry chunk reads these without taking zod along.

/** The root of the category tree: its children are the top categories (depth 1). */
export const ROOT_CATEGORY = 1;

/** Sort keys the product list accepts (spec: popularity, newest, discount, price). */
export const PRODUCT_SORT_KEYS = ['p_salesVol', 'pno', 'p_salePer', 'p_price', 'p_stock'] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

/** Largest page a list call serves; the product list asks for 40. */
export const MAX_PAGE_SIZE = 100;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
