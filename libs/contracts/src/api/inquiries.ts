import { z } from 'zod';

export interface InquiryReplyDto {
  qr_content: string;
  regDate: string;
}

/**
 * A product inquiry. A secret inquiry reaches anyone but its author with the placeholder title,
 * no content and no reply text (`replyCheck` still tells whether it was answered).
 */
export interface InquiryDto {
  qno: number;
  pno: number;
  mno: number;
  m_nickName: string;
  title: string;
  content: string;
  secret: boolean;
  replyCheck: boolean;
  regDate: string;
  proQAReply: InquiryReplyDto | null;
}

export const SECRET_INQUIRY_TITLE = '비밀글입니다.';

export const inquiryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page는 1 이상이어야 합니다.').max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100, 'size는 100 이하여야 합니다.').default(10),
  /** Newest first is the only order; the spec's client names it. */
  sortBy: z.enum(['qno'], { error: 'sortBy는 qno여야 합니다.' }).optional(),
});
export type InquiryListQuery = z.infer<typeof inquiryListQuerySchema>;
