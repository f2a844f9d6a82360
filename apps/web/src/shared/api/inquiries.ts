import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InquiryDto, PageResult } from '@mkt/contracts';
import { http } from './http';

export interface ProductInquiryParams {
  pno: number;
  page: number;
  size: number;
}

export function fetchProductInquiries(
  { pno, page, size }: ProductInquiryParams,
  signal?: AbortSignal,
): Promise<PageResult<InquiryDto>> {
  return http.get<PageResult<InquiryDto>>(`/api/qa/product/${pno}`, { query: { page, size }, signal });
}

export const inquiryKeys = {
  all: ['inquiries'] as const,
  product: (params: ProductInquiryParams) => ['inquiries', 'product', params] as const,
};

export function productInquiriesQuery(params: ProductInquiryParams) {
  return queryOptions({
    queryKey: inquiryKeys.product(params),
    queryFn: ({ signal }) => fetchProductInquiries(params, signal),
    placeholderData: keepPreviousData,
  });
}
