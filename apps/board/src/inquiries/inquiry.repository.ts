import { Injectable } from '@nestjs/common';
import type { InquiryDto, InquiryListQuery, Slice } from '@mkt/contracts';
import { SECRET_INQUIRY_TITLE } from '@mkt/contracts';
import type { Prisma } from '../database';
import { BoardDatabase } from '../database';

type InquiryRow = Prisma.ProductInquiryGetPayload<{ include: { reply: true } }>;

/**
 * An inquiry as `viewerMno` may see it: a secret inquiry of somebody else keeps only its number,
 * author nickname, date and whether it was answered.
 */
export function inquiryAsSeenBy(row: InquiryRow, viewerMno: number | null): InquiryDto {
  const hidden = row.secret && row.mno !== viewerMno;
  return {
    qno: row.qno,
    pno: row.pno,
    mno: row.mno,
    m_nickName: row.mNickName,
    title: hidden ? SECRET_INQUIRY_TITLE : row.title,
    content: hidden ? '' : row.content,
    secret: row.secret,
    replyCheck: row.reply !== null,
    regDate: row.regDate.toISOString(),
    proQAReply:
      row.reply && !hidden
        ? { qr_content: row.reply.content, regDate: row.reply.regDate.toISOString() }
        : null,
  };
}

@Injectable()
export class InquiryRepository {
  constructor(private readonly db: BoardDatabase) {}

  /** A page of a product's inquiries, newest first. */
  async forProduct(
    pno: number,
    query: InquiryListQuery,
    viewerMno: number | null,
  ): Promise<Slice<InquiryDto>> {
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
    return { items: rows.map((row) => inquiryAsSeenBy(row, viewerMno)), totalCount };
  }
}
