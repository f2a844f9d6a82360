import { z } from 'zod';
import { dateTimeSchema } from './date-time';

/** Notices and FAQs of the customer centre (spec 001 §2, §5, §7, §8). */

export const NOTICE_TITLE_MAX = 100;
export const FAQ_QUESTION_MAX = 200;
/** Notice content and FAQ answers. */
export const BOARD_TEXT_MAX = 5_000;

/** The public lists and the admin console page 10 at a time; the admin dashboard shows 5. */
export const BOARD_PAGE_SIZE = 10;
export const DASHBOARD_BOARD_SIZE = 5;

export const NoticeMessages = {
  blank: '제목과 내용을 입력해 주세요.',
  titleTooLong: `제목은 ${NOTICE_TITLE_MAX}자 이하로 입력해 주세요.`,
  contentTooLong: `내용은 ${BOARD_TEXT_MAX.toLocaleString('ko-KR')}자 이하로 입력해 주세요.`,
  notFound: '공지사항을 찾을 수 없습니다.',
  created: '공지사항이 등록되었습니다.',
  createFailed: '공지사항 등록 중 오류가 발생했습니다.',
  updated: '공지사항이 수정되었습니다.',
  updateFailed: '공지사항 수정 중 오류가 발생했습니다.',
  deleted: '공지사항이 삭제되었습니다.',
} as const;

export const FaqMessages = {
  blank: '질문과 답변을 모두 입력해 주세요.',
  questionTooLong: `질문은 ${FAQ_QUESTION_MAX}자 이하로 입력해 주세요.`,
  answerTooLong: `답변은 ${BOARD_TEXT_MAX.toLocaleString('ko-KR')}자 이하로 입력해 주세요.`,
  notFound: 'FAQ를 찾을 수 없습니다.',
  created: '질문이 등록되었습니다.',
  createFailed: '질문 등록 중 오류가 발생했습니다.',
  updated: '질문이 수정되었습니다.',
  updateFailed: '질문 수정 중 오류가 발생했습니다.',
  deleted: '질문이 삭제되었습니다.',
} as const;

export const noticeSchema = z.object({
  nno: z.number().int(),
  title: z.string(),
  content: z.string(),
  isPrivate: z.boolean(),
  /** The admin who wrote it. */
  adno: z.number().int(),
  regDate: dateTimeSchema,
  /** `nno` in base64, as the detail path carries it. */
  encodedId: z.string(),
});
export type NoticeDto = z.infer<typeof noticeSchema>;

export const faqSchema = z.object({
  fno: z.number().int(),
  question: z.string(),
  answer: z.string(),
  isPrivate: z.boolean(),
  adno: z.number().int(),
  regDate: dateTimeSchema,
});
export type FaqDto = z.infer<typeof faqSchema>;

/** The private checkbox: the spec's client sends a boolean; a form may send 'true'/'false'. */
const isPrivateSchema = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')], {
    error: 'isPrivate는 true 또는 false여야 합니다.',
  })
  .default(false);

/** Text that may be missing (read as blank); blank is refused by the form as a whole, with the spec's one message. */
const text = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).trim().max(max, tooLong).default('');

/**
 * The notice a create or edit sends. `adno` and `nno` in the body are not read: the writer is the
 * signed-in admin and the notice is the one in the path.
 */
export const noticeFormSchema = z
  .object({
    title: text(NOTICE_TITLE_MAX, NoticeMessages.titleTooLong),
    content: text(BOARD_TEXT_MAX, NoticeMessages.contentTooLong),
    isPrivate: isPrivateSchema,
  })
  .refine((form) => form.title !== '' && form.content !== '', { error: NoticeMessages.blank });
export type NoticeForm = z.infer<typeof noticeFormSchema>;

/** The FAQ a create or edit sends (`adno` and `fno` are not read). */
export const faqFormSchema = z
  .object({
    question: text(FAQ_QUESTION_MAX, FaqMessages.questionTooLong),
    answer: text(BOARD_TEXT_MAX, FaqMessages.answerTooLong),
    isPrivate: isPrivateSchema,
  })
  .refine((form) => form.question !== '' && form.answer !== '', { error: FaqMessages.blank });
export type FaqForm = z.infer<typeof faqFormSchema>;

/**
 * `GET /api/notice/list` and `/api/faq/list`: 1-based `page`, `size`. `includePrivate=true` (ours,
 * for the admin console) lists private items too and is answered to admins only.
 */
export const boardListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page는 1 이상이어야 합니다.').max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100, 'size는 100 이하여야 합니다.').default(BOARD_PAGE_SIZE),
  includePrivate: z
    .enum(['true', 'false'], { error: 'includePrivate는 true 또는 false여야 합니다.' })
    .transform((flag) => flag === 'true')
    .default(false),
});
export type BoardListQuery = z.infer<typeof boardListQuerySchema>;

/** `GET /api/admin/visitor/count`: today's distinct visitors (Korean day). */
export const visitorCountSchema = z.object({ counter: z.number().int() });
export type VisitorCountDto = z.infer<typeof visitorCountSchema>;
