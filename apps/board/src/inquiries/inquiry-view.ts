import type { InquiryDto, Role } from '@mkt/contracts';
import { SECRET_INQUIRY_TITLE } from '@mkt/contracts';
import type { Prisma } from '../database';

export type InquiryRow = Prisma.ProductInquiryGetPayload<{ include: { reply: true } }>;

/** Who is reading, as the BFF vouches for them; null for a visitor. */
export type Viewer = { mno: number; role: Role } | null;

/** Who answers inquiries: a seller those on its own products, an admin any. */
export type Answerer = { mno: number; role: 'SELLER' | 'ADMIN' };

/** A secret inquiry is read whole by its author, the product's seller (who answers it) and admins. */
export function mayReadWhole(row: Pick<InquiryRow, 'secret' | 'mno' | 'sellerId'>, viewer: Viewer): boolean {
  if (!row.secret) return true;
  if (!viewer) return false;
  if (viewer.role === 'ADMIN') return true;
  if (viewer.role === 'SELLER') return viewer.mno === row.sellerId;
  return viewer.mno === row.mno;
}

/**
 * An inquiry as `viewer` may see it: a secret inquiry of somebody else keeps only its number,
 * author nickname, date and whether it was answered (not the author's `mno`).
 */
export function inquiryAsSeenBy(row: InquiryRow, viewer: Viewer): InquiryDto {
  const hidden = !mayReadWhole(row, viewer);
  return {
    qno: row.qno,
    pno: row.pno,
    ...(hidden ? {} : { mno: row.mno }),
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
    masked: hidden,
  };
}
