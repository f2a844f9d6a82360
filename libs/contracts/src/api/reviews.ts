import { z } from 'zod';
import { dateTimeSchema } from './date-time';

/**
 * A reviewer's name as Korean stores show it to everyone: the first and last letters, the ones
 * between masked (김민수 → 김*수, 남궁민수 → 남**수, 이수 → 이*).
 */
export function maskPersonName(name: string): string {
  const letters = [...name.trim()];
  if (letters.length <= 1) return '*';
  if (letters.length === 2) return `${letters[0]}*`;
  return `${letters[0]}${'*'.repeat(letters.length - 2)}${letters[letters.length - 1]}`;
}

/** A product review as the product page lists it; `m_name` is masked (`maskPersonName`). */
export const reviewSchema = z.object({
  rno: z.number().int(),
  pno: z.number().int(),
  m_name: z.string(),
  rate: z.number().int(),
  title: z.string(),
  content: z.string(),
  regDate: dateTimeSchema,
  reviewLike: z.number().int(),
  businessName: z.string(),
  od_name: z.string(),
});
export type ReviewDto = z.infer<typeof reviewSchema>;

/** A product's reviews in two figures: how many, and their mean rating (0 when there are none). */
export const reviewRatingSchema = z.object({
  count: z.number().int(),
  average: z.number(),
});
export type ReviewRatingDto = z.infer<typeof reviewRatingSchema>;

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

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_CONTENT_MAX = 2000;
export const REVIEW_RATE_MAX = 5;

export const ReviewMessages = {
  titleRequired: '리뷰 제목을 입력해 주세요.',
  rateRequired: '별점을 선택해 주세요.',
  rateRange: `별점은 1점에서 ${REVIEW_RATE_MAX}점 사이로 선택해 주세요.`,
  contentRequired: '리뷰 내용을 입력해 주세요.',
  titleTooLong: `리뷰 제목은 ${REVIEW_TITLE_MAX}자 이하로 입력해 주세요.`,
  contentTooLong: `리뷰 내용은 ${REVIEW_CONTENT_MAX}자 이하로 입력해 주세요.`,
  registered: '리뷰가 등록되었습니다.',
  notReviewable: '결제가 완료된 주문의 상품만 리뷰를 작성할 수 있습니다.',
  lineNotFound: '리뷰를 작성할 주문 상품을 찾을 수 없습니다.',
  alreadyWritten: '이미 리뷰를 작성한 상품입니다.',
  notFound: '리뷰를 찾을 수 없습니다.',
} as const;

/** The first of the spec's review checks a draft fails, in its order (title, rating, content); undefined when it passes. */
export function reviewDraftProblem(draft: {
  title: string;
  rate: number;
  content: string;
}): string | undefined {
  if (!draft.title.trim()) return ReviewMessages.titleRequired;
  if (!draft.rate) return ReviewMessages.rateRequired;
  if (!Number.isInteger(draft.rate) || draft.rate < 1 || draft.rate > REVIEW_RATE_MAX)
    return ReviewMessages.rateRange;
  if (!draft.content.trim()) return ReviewMessages.contentRequired;
  if (draft.title.trim().length > REVIEW_TITLE_MAX) return ReviewMessages.titleTooLong;
  if (draft.content.trim().length > REVIEW_CONTENT_MAX) return ReviewMessages.contentTooLong;
  return undefined;
}

/**
 * `POST /api/review/add/{orno}` as the spec's client sends it: one message, the first check failed.
 * `mno` and `odno` are read by nobody (the caller and the order line decide them).
 */
export const reviewWriteSchema = z
  .object({
    title: z.string({ error: ReviewMessages.titleRequired }).default(''),
    rate: z.number({ error: ReviewMessages.rateRange }).default(0),
    content: z.string({ error: ReviewMessages.contentRequired }).default(''),
  })
  .superRefine((draft, ctx) => {
    const problem = reviewDraftProblem(draft);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((draft) => ({ title: draft.title.trim(), rate: draft.rate, content: draft.content.trim() }));
export type ReviewWrite = z.infer<typeof reviewWriteSchema>;

/** `PUT /api/review/change`: the whole listed review; only its `rno` is read (the like is the caller's to toggle). */
export const reviewLikeToggleSchema = z.object({
  rno: z.number({ error: '리뷰 번호가 필요합니다.' }).int().positive('리뷰 번호가 필요합니다.'),
});

/** What toggling a like answers (ours; the spec's client reads nothing): the caller's like and the count. */
export const reviewLikeSchema = z.object({
  rno: z.number().int(),
  liked: z.boolean(),
  reviewLike: z.number().int(),
});
export type ReviewLikeDto = z.infer<typeof reviewLikeSchema>;
