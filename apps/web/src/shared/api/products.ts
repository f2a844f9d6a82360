import { queryOptions } from '@tanstack/react-query';
import type {
  PageResult,
  ProductDetailDto,
  ProductSortKey,
  ProductSummaryDto,
  SortDirection,
} from '@mkt/contracts';
import { http } from './http';

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

/** The detail call carries the product number base64-encoded: product 12 is `/api/product/MTI=`. */
export function encodeProductId(pno: number): string {
  return btoa(String(pno));
}

export function fetchProduct(pno: number, signal?: AbortSignal): Promise<ProductDetailDto> {
  return http.get<ProductDetailDto>(`/api/product/${encodeProductId(pno)}`, { signal });
}

export const productKeys = {
  all: ['products'] as const,
  list: (params: ProductListParams) => ['products', 'list', params] as const,
  detail: (pno: number) => ['products', 'detail', pno] as const,
};

export function productListQuery(params: ProductListParams) {
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => fetchProductList(params, signal),
  });
}

export function productDetailQuery(pno: number) {
  return queryOptions({
    queryKey: productKeys.detail(pno),
    queryFn: ({ signal }) => fetchProduct(pno, signal),
    // A not-found the server rendered hydrates as it is (asking again on mount would render the
    // skeleton over the server's page); a failed read offers its own retry.
    retryOnMount: false,
  });
}
