import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageResult, ReviewDto, ReviewLikeDto, ReviewWrite } from '@mkt/contracts';
import type { REVIEW_SORT_KEYS } from '@mkt/contracts';
import { http } from './http';

export type ReviewSortKey = (typeof REVIEW_SORT_KEYS)[number];

export interface ReviewListParams {
  pno: number;
  page: number;
  size: number;
  sortBy: ReviewSortKey;
  /** 0: every rating; 1 to 5: only that rating. */
  rate: number;
}

/** The count is a bare JSON number; a plain-text '12' is read as well. */
export async function fetchReviewCount(pno: number, signal?: AbortSignal): Promise<number> {
  const body = await http.get<unknown>(`/api/review/cnt/${pno}`, { signal });
  const count = typeof body === 'string' && body.trim() !== '' ? Number(body) : body;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw new Error(`리뷰 수를 읽을 수 없습니다: ${String(body)}`);
  }
  return count;
}

export function fetchReviews(params: ReviewListParams, signal?: AbortSignal): Promise<PageResult<ReviewDto>> {
  const { pno, page, size, sortBy, rate } = params;
  if (rate > 0) {
    return http.get<PageResult<ReviewDto>>(`/api/review/list/rate/${pno}`, {
      query: { rate, page, size, sortBy },
      signal,
    });
  }
  return http.get<PageResult<ReviewDto>>(`/api/review/list/${pno}`, {
    query: { page, size, sortBy },
    signal,
  });
}

export const reviewKeys = {
  all: ['reviews'] as const,
  count: (pno: number) => ['reviews', 'count', pno] as const,
  list: (params: ReviewListParams) => ['reviews', 'list', params] as const,
  lists: (pno: number) => ['reviews', 'list', { pno }] as const,
  one: (rno: number) => ['reviews', 'one', rno] as const,
  liked: (mno: number, pno: number) => ['reviews', 'liked', mno, pno] as const,
};

/** POST /api/review/add/{orno}: the member's review of a line they bought (answers nothing). */
export function writeReview(orno: number, review: ReviewWrite): Promise<unknown> {
  return http.post(`/api/review/add/${orno}`, review);
}

/**
 * PUT /api/review/change as the spec's client sends it: the listed review with its count moved by
 * one. The server toggles the caller's like and answers the count it keeps.
 */
export function toggleReviewLike(review: ReviewDto, liked: boolean): Promise<ReviewLikeDto> {
  return http.put<ReviewLikeDto>('/api/review/change', {
    ...review,
    reviewLike: review.reviewLike + (liked ? -1 : 1),
  });
}

/** GET /api/review/review/{rno}: one review (my page's written tab). */
export function reviewQuery(rno: number) {
  return queryOptions({
    queryKey: reviewKeys.one(rno),
    queryFn: ({ signal }) => http.get<ReviewDto>(`/api/review/review/${rno}`, { signal }),
  });
}

/** GET /api/review/liked/{pno} (ours): the product's reviews the member likes. */
export function likedReviewsQuery(mno: number, pno: number) {
  return queryOptions({
    queryKey: reviewKeys.liked(mno, pno),
    queryFn: ({ signal }) => http.get<number[]>(`/api/review/liked/${pno}`, { signal }),
  });
}

export function reviewCountQuery(pno: number) {
  return queryOptions({
    queryKey: reviewKeys.count(pno),
    queryFn: ({ signal }) => fetchReviewCount(pno, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so the section does not jump. */
export function reviewListQuery(params: ReviewListParams) {
  return queryOptions({
    queryKey: reviewKeys.list(params),
    queryFn: ({ signal }) => fetchReviews(params, signal),
    placeholderData: keepPreviousData,
  });
}
