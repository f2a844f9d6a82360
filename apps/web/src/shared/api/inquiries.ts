import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InquiryDto, InquiryWithProductDto, InquiryWrite, PageResult } from '@mkt/contracts';
import { http } from './http';

/** Product inquiry calls (CLIENT-CONTRACT "Reviews and inquiries"), and ours for the seller console. */

export interface ProductInquiryParams {
  pno: number;
  page: number;
  size: number;
  /** Who reads (their own secret inquiries open): part of the key, so signing in or out reloads. */
  viewer: number | null;
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
  mine: (mno: number) => ['inquiries', 'mine', mno] as const,
  toAnswer: (params: InquiriesToAnswerParams) => ['inquiries', 'to-answer', params] as const,
};

export function productInquiriesQuery(params: ProductInquiryParams) {
  return queryOptions({
    queryKey: inquiryKeys.product(params),
    queryFn: ({ signal }) => fetchProductInquiries(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/qa/my (ours): a page of the member's own inquiries with their answers. */
export function myInquiriesQuery(mno: number, page: number, size: number) {
  return queryOptions({
    queryKey: [...inquiryKeys.mine(mno), { page, size }] as const,
    queryFn: ({ signal }) =>
      http.get<PageResult<InquiryWithProductDto>>('/api/qa/my', { query: { page, size }, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface InquiriesToAnswerParams {
  page: number;
  size: number;
  /** Only answered ones (true), only waiting ones (false), or all. */
  answered?: boolean;
}

/** GET /api/qa/seller (ours): the inquiries on the seller's products, unanswered first. */
export function inquiriesToAnswerQuery(params: InquiriesToAnswerParams) {
  return queryOptions({
    queryKey: inquiryKeys.toAnswer(params),
    queryFn: ({ signal }) =>
      http.get<PageResult<InquiryWithProductDto>>('/api/qa/seller', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/qa/add as the spec's client sends it (the server takes the author from the token). */
export function addInquiry(mno: number, pno: number, inquiry: InquiryWrite): Promise<InquiryDto> {
  return http.post<InquiryDto>('/api/qa/add', { ...inquiry, mno, pno, replyCheck: false });
}

/** PUT /api/qa/change: the whole question with the edits. */
export function changeInquiry(inquiry: InquiryDto, edit: InquiryWrite): Promise<InquiryDto> {
  return http.put<InquiryDto>('/api/qa/change', { ...inquiry, ...edit });
}

export function deleteInquiry(qno: number): Promise<void> {
  return http.delete<void>(`/api/qa/delete/${qno}`);
}

/** PUT /api/qa/{qno}/reply (ours): the seller's answer, replacing an earlier one. */
export function answerInquiry(qno: number, qr_content: string): Promise<InquiryDto> {
  return http.put<InquiryDto>(`/api/qa/${qno}/reply`, { qr_content });
}
