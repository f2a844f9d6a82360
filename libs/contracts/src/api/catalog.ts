/** Category as the category calls answer it. `superCate` is the parent's ctno (null for the root). */
export interface CategoryDto {
  ctno: number;
  cateName: string;
  depth: number;
  superCate: number | null;
}

/** The root of the category tree: its children are the top categories (depth 1). */
export const ROOT_CATEGORY = 1;

export interface ProductImageDto {
  pi_name: string;
}

export interface OptionDetailDto {
  odno: number;
  od_name: string;
  od_price: number;
  od_stock: number;
}

/**
 * A product card in lists. The spec's pages read both spellings (`pName` and `p_name`, ...), so
 * both are sent.
 */
export interface ProductSummaryDto {
  pno: number;
  pName: string;
  p_name: string;
  pPrice: number;
  p_price: number;
  pSalePer: number;
  p_salePer: number;
  p_salesVol: number;
  p_stock: number;
  delFlag: boolean;
  businessName: string;
  productImage: ProductImageDto[];
}

export interface ProductDetailDto extends ProductSummaryDto {
  pContent: string;
  sno: number;
  optionDetail: OptionDetailDto[];
  category: CategoryDto[];
}

/** Sort keys the product list accepts (spec: popularity, newest, discount, price). */
export const PRODUCT_SORT_KEYS = ['p_salesVol', 'pno', 'p_salePer', 'p_price', 'p_stock'] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];
