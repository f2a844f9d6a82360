import type {
  InquiryAdd,
  InquiryDto,
  InquiryListQuery,
  InquiryWrite,
  Role,
  SellerInquiryQuery,
  Slice,
} from '@mkt/contracts';
import type { ServiceClient } from '@mkt/platform';

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
    return this.http.get(`/inquiries/product/${pno}`, { ...query, viewer: viewer?.mno, role: viewer?.role });
  }

  memberInquiries(mno: number): Promise<InquiryDto[]> {
    return this.http.get(`/inquiries/member/${mno}`);
  }

  /** The inquiries a seller answers (on its products; an admin: all), unanswered first. */
  inquiriesToAnswer(answerer: BoardCaller, query: SellerInquiryQuery): Promise<Slice<InquiryDto>> {
    return this.http.get('/inquiries/to-answer', {
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
}
