import { queryOptions } from '@tanstack/react-query';
import type { PageResult, ProductSortKey, ProductSummaryDto } from '@mkt/contracts';
import { http } from './http';

export type SortDirection = 'asc' | 'desc';

export interface ProductListParams {
  page: number;
  size: number;
  sortBy: ProductSortKey;
  sort: SortDirection;
  ctno?: number;
  keyword?: string;
}

export function fetchProductList(
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<PageResult<ProductSummaryDto>> {
  return http.get<PageResult<ProductSummaryDto>>('/api/product/list', {
    query: { ...params },
    signal,
  });
}

export const productKeys = {
  all: ['products'] as const,
  list: (params: ProductListParams) => ['products', 'list', params] as const,
};

export function productListQuery(params: ProductListParams) {
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => fetchProductList(params, signal),
  });
}
