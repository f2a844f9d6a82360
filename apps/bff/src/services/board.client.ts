import { z } from 'zod';
import { faqSchema, inquirySchema, noticeSchema, sliceSchema } from '@mkt/contracts';
import type {
  BoardListQuery,
  FaqDto,
  FaqForm,
  InquiryAdd,
  InquiryDto,
  InquiryListQuery,
  InquiryWrite,
  NoticeDto,
  NoticeForm,
  Role,
  SellerInquiryQuery,
  Slice,
} from '@mkt/contracts';
import type { ServiceClient } from '@mkt/http';

/** Who asks the board service, as the BFF signed them in. */
export interface BoardCaller {
  mno: number;
  role: Role;
}

/** Typed calls to the board service. */
export class BoardClient {
  constructor(private readonly http: ServiceClient) {}

  /** `viewer`: the signed-in caller, who may read secret inquiries they wrote or answer; absent for visitors. */
  productInquiries(pno: number, query: InquiryListQuery, viewer?: BoardCaller): Promise<Slice<InquiryDto>> {
    return this.http.get(`/inquiries/product/${pno}`, sliceSchema(inquirySchema), {
      ...query,
      viewer: viewer?.mno,
      role: viewer?.role,
    });
  }

  memberInquiries(mno: number): Promise<InquiryDto[]> {
    return this.http.get(`/inquiries/member/${mno}`, z.array(inquirySchema));
  }

  memberInquiryPage(mno: number, query: InquiryListQuery): Promise<Slice<InquiryDto>> {
    return this.http.get(`/inquiries/member/${mno}/page`, sliceSchema(inquirySchema), {
      page: query.page,
      size: query.size,
    });
  }

  /** The inquiries a seller answers (on its products; an admin: all), unanswered first. */
  inquiriesToAnswer(answerer: BoardCaller, query: SellerInquiryQuery): Promise<Slice<InquiryDto>> {
    return this.http.get('/inquiries/to-answer', sliceSchema(inquirySchema), {
      page: query.page,
      size: query.size,
      answered: query.answered === undefined ? undefined : String(query.answered),
      mno: answerer.mno,
      role: answerer.role,
    });
  }

  ask(author: { mno: number; nickname: string }, inquiry: InquiryAdd): Promise<InquiryDto> {
    return this.http.post('/inquiries', { ...author, inquiry });
  }

  change(mno: number, qno: number, edit: InquiryWrite): Promise<InquiryDto> {
    return this.http.put(`/inquiries/member/${mno}/${qno}`, edit);
  }

  remove(mno: number, qno: number): Promise<void> {
    return this.http.delete(`/inquiries/member/${mno}/${qno}`);
  }

  answer(answerer: BoardCaller, qno: number, qr_content: string): Promise<InquiryDto> {
    return this.http.put(`/inquiries/${qno}/reply`, { mno: answerer.mno, role: answerer.role, qr_content });
  }

  /** `includePrivate`: the caller is an admin (the BFF decides). */
  notices(query: BoardListQuery): Promise<Slice<NoticeDto>> {
    return this.http.get('/notices', sliceSchema(noticeSchema), {
      ...query,
      includePrivate: String(query.includePrivate),
    });
  }

  notice(nno: number, includePrivate: boolean): Promise<NoticeDto> {
    return this.http.get(`/notices/${nno}`, noticeSchema, { includePrivate: String(includePrivate) });
  }

  /** `adno`: the signed-in admin. */
  createNotice(adno: number, form: NoticeForm): Promise<NoticeDto> {
    return this.http.post('/notices', { ...form, adno });
  }

  updateNotice(nno: number, form: NoticeForm): Promise<NoticeDto> {
    return this.http.put(`/notices/${nno}`, form);
  }

  async deleteNotice(nno: number): Promise<void> {
    await this.http.delete(`/notices/${nno}`);
  }

  faqs(query: BoardListQuery): Promise<Slice<FaqDto>> {
    return this.http.get('/faqs', sliceSchema(faqSchema), {
      ...query,
      includePrivate: String(query.includePrivate),
    });
  }

  faq(fno: number, includePrivate: boolean): Promise<FaqDto> {
    return this.http.get(`/faqs/${fno}`, faqSchema, { includePrivate: String(includePrivate) });
  }

  createFaq(adno: number, form: FaqForm): Promise<FaqDto> {
    return this.http.post('/faqs', { ...form, adno });
  }

  updateFaq(fno: number, form: FaqForm): Promise<FaqDto> {
    return this.http.put(`/faqs/${fno}`, form);
  }

  async deleteFaq(fno: number): Promise<void> {
    await this.http.delete(`/faqs/${fno}`);
  }
}
