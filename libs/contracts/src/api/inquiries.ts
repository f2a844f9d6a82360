import { z } from 'zod';
import { dateTimeSchema } from './date-time';
import { INQUIRY_CONTENT_MAX, INQUIRY_TITLE_MAX, InquiryMessages } from './inquiry-constants';

export const inquiryReplyDtoSchema = z.object({ qr_content: z.string(), regDate: dateTimeSchema });
export type InquiryReplyDto = z.infer<typeof inquiryReplyDtoSchema>;

/**
 * A product inquiry. A secret inquiry reaches anyone but its author with the placeholder title,
 * no content and no reply text (`replyCheck` still tells whether it was answered).
 */
export const inquirySchema = z.object({
  qno: z.number().int(),
  pno: z.number().int(),
  /** The author; absent from a masked inquiry, which names nobody but by nickname. */
  mno: z.number().int().optional(),
  m_nickName: z.string(),
  title: z.string(),
  content: z.string(),
  secret: z.boolean(),
  replyCheck: z.boolean(),
  regDate: dateTimeSchema,
  proQAReply: inquiryReplyDtoSchema.nullable(),
  masked: z
    .boolean()
    .describe(
      "ours: this caller gets the secret placeholder (not its author, the product's seller nor an admin)",
    ),
});
export type InquiryDto = z.infer<typeof inquirySchema>;

export const inquiryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page는 1 이상이어야 합니다.').max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100, 'size는 100 이하여야 합니다.').default(10),
  /** Newest first is the only order; the spec's client names it. */
  sortBy: z.enum(['qno'], { error: 'sortBy는 qno여야 합니다.' }).optional(),
});
export type InquiryListQuery = z.infer<typeof inquiryListQuerySchema>;

/** A seller answering another seller's inquiry: the console's own refusal (ERROR_ACCESS_DENIED sends the client to login). */
export const NOT_YOUR_INQUIRY = 'NOT_YOUR_INQUIRY';

const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * What a member writes: `POST /api/qa/add` and `PUT /api/qa/change` (which also carry `qno`). The
 * spec's client also sends `mno`, `replyCheck`, `proQAReply` and more: the author is the caller,
 * and only the seller's answer sets `replyCheck`, so those are not read.
 */
export const inquiryWriteSchema = z.object({
  title: requiredText(InquiryMessages.titleRequired, InquiryMessages.titleTooLong, INQUIRY_TITLE_MAX),
  content: requiredText(InquiryMessages.contentRequired, InquiryMessages.contentTooLong, INQUIRY_CONTENT_MAX),
  secret: z.boolean({ error: 'secret은 true 또는 false여야 합니다.' }).default(false),
});
export type InquiryWrite = z.infer<typeof inquiryWriteSchema>;

export const inquiryAddSchema = inquiryWriteSchema.extend({
  pno: z.number({ error: '상품 번호(pno)가 필요합니다.' }).int().positive().max(2_147_483_647),
});
export type InquiryAdd = z.infer<typeof inquiryAddSchema>;

export const inquiryChangeSchema = inquiryWriteSchema.extend({
  qno: z.number({ error: '문의 번호(qno)가 필요합니다.' }).int().positive().max(2_147_483_647),
});
export type InquiryChange = z.infer<typeof inquiryChangeSchema>;

/** Ours: `PUT /api/qa/{qno}/reply`, a seller's answer (given again, it replaces the answer). */
export const inquiryReplySchema = z.object({
  qr_content: requiredText(
    InquiryMessages.answerRequired,
    InquiryMessages.answerTooLong,
    INQUIRY_CONTENT_MAX,
  ),
});
export type InquiryReplyRequest = z.infer<typeof inquiryReplySchema>;

/**
 * Ours: the seller console's list, `GET /api/qa/seller?page&size&answered`: unanswered first;
 * `answered=false` only those waiting, `answered=true` only those answered (latest answer first).
 */
export const sellerInquiryQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page는 1 이상이어야 합니다.').max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100, 'size는 100 이하여야 합니다.').default(10),
  answered: z
    .enum(['true', 'false'], { error: 'answered는 true 또는 false여야 합니다.' })
    .transform((value) => value === 'true')
    .optional(),
});
export type SellerInquiryQuery = z.infer<typeof sellerInquiryQuerySchema>;

/** An inquiry in a member's own list (`list/my/{mno}`) and the seller console: with the product's name (ours; null once the product is gone). */
export const inquiryWithProductSchema = inquirySchema.extend({ p_name: z.string().nullable() });
export type InquiryWithProductDto = z.infer<typeof inquiryWithProductSchema>;
