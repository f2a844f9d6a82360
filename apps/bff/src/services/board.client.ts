import type {
  BoardListQuery,
  FaqDto,
  FaqForm,
  InquiryDto,
  InquiryListQuery,
  NoticeDto,
  NoticeForm,
  Slice,
} from '@mkt/contracts';
import type { ServiceClient } from '@mkt/platform';

/** Typed calls to the board service. */
export class BoardClient {
  constructor(private readonly http: ServiceClient) {}

  /** `viewerMno`: the signed-in member, who may read their own secret inquiries. */
  productInquiries(pno: number, query: InquiryListQuery, viewerMno?: number): Promise<Slice<InquiryDto>> {
    return this.http.get(`/inquiries/product/${pno}`, { ...query, viewer: viewerMno });
  }

  /** `includePrivate`: the caller is an admin (the BFF decides). */
  notices(query: BoardListQuery): Promise<Slice<NoticeDto>> {
    return this.http.get('/notices', { ...query, includePrivate: String(query.includePrivate) });
  }

  notice(nno: number, includePrivate: boolean): Promise<NoticeDto> {
    return this.http.get(`/notices/${nno}`, { includePrivate: String(includePrivate) });
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
    return this.http.get('/faqs', { ...query, includePrivate: String(query.includePrivate) });
  }

  faq(fno: number, includePrivate: boolean): Promise<FaqDto> {
    return this.http.get(`/faqs/${fno}`, { includePrivate: String(includePrivate) });
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
