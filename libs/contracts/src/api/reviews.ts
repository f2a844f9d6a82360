import { z } from 'zod';

/** A product review as the product page lists it. */
export interface ReviewDto {
  rno: number;
  pno: number;
  m_name: string;
  rate: number;
  title: string;
  content: string;
  regDate: string;
  reviewLike: number;
  businessName: string;
  od_name: string;
}

/** Review sorts: recommended (most liked) or newest. */
export const REVIEW_SORT_KEYS = ['reviewLike', 'rno'] as const;

export const reviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page는 1 이상이어야 합니다.').max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100, 'size는 100 이하여야 합니다.').default(10),
  sortBy: z.enum(REVIEW_SORT_KEYS, { error: 'sortBy는 reviewLike 또는 rno여야 합니다.' }).default('rno'),
  /** 0 means every rating. */
  rate: z.coerce
    .number()
    .int()
    .min(0, 'rate는 0에서 5 사이여야 합니다.')
    .max(5, 'rate는 0에서 5 사이여야 합니다.')
    .default(0),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;
