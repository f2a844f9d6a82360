import { z } from 'zod';
import { dateTimeSchema } from './date-time';

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

export const SECRET_INQUIRY_TITLE = '비밀글입니다.';

export const inquiryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page는 1 이상이어야 합니다.').max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100, 'size는 100 이하여야 합니다.').default(10),
  /** Newest first is the only order; the spec's client names it. */
  sortBy: z.enum(['qno'], { error: 'sortBy는 qno여야 합니다.' }).optional(),
});
export type InquiryListQuery = z.infer<typeof inquiryListQuerySchema>;

/** Longest title and content of an inquiry, and of an answer. */
export const INQUIRY_TITLE_MAX = 100;
export const INQUIRY_CONTENT_MAX = 2_000;

export const InquiryMessages = {
  titleRequired: '문의 제목을 입력해 주세요.',
  contentRequired: '문의 내용을 입력해 주세요.',
  titleTooLong: `문의 제목은 ${INQUIRY_TITLE_MAX}자 이하로 입력해 주세요.`,
  contentTooLong: `문의 내용은 ${INQUIRY_CONTENT_MAX}자 이하로 입력해 주세요.`,
  answerRequired: '답변 내용을 입력해 주세요.',
  answerTooLong: `답변은 ${INQUIRY_CONTENT_MAX}자 이하로 입력해 주세요.`,
  productNotFound: '문의할 상품을 찾을 수 없습니다.',
  notFound: '문의를 찾을 수 없습니다.',
  answeredNotEditable: '답변이 등록된 문의는 수정할 수 없습니다.',
  notYours: '내 상품의 문의만 답변할 수 있습니다.',
  added: '문의가 등록되었습니다.',
  changed: '문의가 수정되었습니다.',
  deleted: '문의가 삭제되었습니다.',
  answered: '답변이 등록되었습니다.',
} as const;

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
