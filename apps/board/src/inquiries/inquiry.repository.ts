import { Injectable } from '@nestjs/common';
import type { InquiryDto, InquiryListQuery, SellerInquiryQuery, Slice } from '@mkt/contracts';
import { BoardDatabase } from '../database';
import type { Answerer, Viewer } from './inquiry-view';
import { inquiryAsSeenBy } from './inquiry-view';

/** Reads of product inquiries. */
@Injectable()
export class InquiryRepository {
  constructor(private readonly db: BoardDatabase) {}

  /** A page of a product's inquiries, newest first, secret ones masked unless `viewer` may read them. */
  async forProduct(pno: number, query: InquiryListQuery, viewer: Viewer): Promise<Slice<InquiryDto>> {
    const where = { pno };
    const [rows, totalCount] = await Promise.all([
      this.db.productInquiry.findMany({
        where,
        include: { reply: true },
        orderBy: { qno: 'desc' },
        skip: (query.page - 1) * query.size,
        take: query.size,
      }),
      this.db.productInquiry.count({ where }),
    ]);
    return { items: rows.map((row) => inquiryAsSeenBy(row, viewer)), totalCount };
  }

  /** Every inquiry a member asked, newest first, whole: they are the author. */
  async ofMember(mno: number): Promise<InquiryDto[]> {
    return this.memberInquiries(mno);
  }

  /** A page of a member's inquiries, newest first (my page's list). */
  async pageOfMember(mno: number, query: InquiryListQuery): Promise<Slice<InquiryDto>> {
    const [items, totalCount] = await Promise.all([
      this.memberInquiries(mno, { skip: (query.page - 1) * query.size, take: query.size }),
      this.db.productInquiry.count({ where: { mno } }),
    ]);
    return { items, totalCount };
  }

  private async memberInquiries(mno: number, paging?: { skip: number; take: number }): Promise<InquiryDto[]> {
    const rows = await this.db.productInquiry.findMany({
      where: { mno },
      include: { reply: true },
      orderBy: { qno: 'desc' },
      ...paging,
    });
    return rows.map((row) => inquiryAsSeenBy(row, { mno, role: 'MEMBER' }));
  }

  /**
   * A page of the inquiries a seller answers, those on its products (an admin: every inquiry):
   * unanswered ones first, newest first, then answered ones, latest answer first.
   */
  async toAnswer(answerer: Answerer, query: SellerInquiryQuery): Promise<Slice<InquiryDto>> {
    const where = {
      ...(answerer.role === 'ADMIN' ? {} : { sellerId: answerer.mno }),
      ...(query.answered === undefined ? {} : { reply: query.answered ? { isNot: null } : { is: null } }),
    };
    const [rows, totalCount] = await Promise.all([
      this.db.productInquiry.findMany({
        where,
        include: { reply: true },
        // No answer is a null date, which PostgreSQL sorts first in descending order.
        orderBy: [{ reply: { regDate: 'desc' } }, { qno: 'desc' }],
        skip: (query.page - 1) * query.size,
        take: query.size,
      }),
      this.db.productInquiry.count({ where }),
    ]);
    return { items: rows.map((row) => inquiryAsSeenBy(row, answerer)), totalCount };
  }
}
