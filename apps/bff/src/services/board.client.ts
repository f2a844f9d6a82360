import type { InquiryDto, InquiryListQuery, Slice } from '@mkt/contracts';
import type { ServiceClient } from '@mkt/platform';

/** Typed calls to the board service. */
export class BoardClient {
  constructor(private readonly http: ServiceClient) {}

  /** `viewerMno`: the signed-in member, who may read their own secret inquiries. */
  productInquiries(pno: number, query: InquiryListQuery, viewerMno?: number): Promise<Slice<InquiryDto>> {
    return this.http.get(`/inquiries/product/${pno}`, { ...query, viewer: viewerMno });
  }
}
