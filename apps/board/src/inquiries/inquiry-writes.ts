import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { InquiryAdd, InquiryDto, InquiryWrite } from '@mkt/contracts';
import { InquiryMessages, NOT_YOUR_INQUIRY } from '@mkt/contracts';
import { CatalogProducts } from '@mkt/internal-clients';
import { NotFound } from '@mkt/http';
import { BoardDatabase } from '../database';
import type { Answerer } from './inquiry-view';
import { inquiryAsSeenBy } from './inquiry-view';

/** The author as the BFF names them: the signed-in member and their nickname. */
export interface Author {
  mno: number;
  nickname: string;
}

const notFound = () => new NotFound(InquiryMessages.notFound);

/**
 * Members ask, edit and delete their own inquiries; sellers answer those on their own products.
 * Another member's inquiry is not found for a member (404); another seller's is refused (403
 * NOT_YOUR_INQUIRY), as the consoles refuse another seller's refund.
 */
@Injectable()
export class InquiryWrites {
  constructor(
    private readonly db: BoardDatabase,
    private readonly products: CatalogProducts,
  ) {}

  /** Asks about a product on sale; its seller is kept with the inquiry for the seller's list. */
  async ask(author: Author, inquiry: InquiryAdd): Promise<InquiryDto> {
    const sellerId = await this.products.sellerOf(inquiry.pno);
    if (sellerId === null) throw new NotFound(InquiryMessages.productNotFound);
    const row = await this.db.productInquiry.create({
      data: {
        pno: inquiry.pno,
        sellerId,
        mno: author.mno,
        mNickName: author.nickname,
        title: inquiry.title,
        content: inquiry.content,
        secret: inquiry.secret,
      },
      include: { reply: true },
    });
    return inquiryAsSeenBy(row, { mno: author.mno, role: 'MEMBER' });
  }

  /** The author edits a question not yet answered (an answer speaks to the question as it was). */
  async change(mno: number, qno: number, edit: InquiryWrite): Promise<InquiryDto> {
    const { count } = await this.db.productInquiry.updateMany({
      where: { qno, mno, reply: { is: null } },
      data: { title: edit.title, content: edit.content, secret: edit.secret },
    });
    const row = await this.db.productInquiry.findFirst({ where: { qno, mno }, include: { reply: true } });
    if (!row) throw notFound();
    if (count === 0) {
      throw new HttpException(
        { error: 'ALREADY_ANSWERED', message: InquiryMessages.answeredNotEditable },
        HttpStatus.CONFLICT,
      );
    }
    return inquiryAsSeenBy(row, { mno, role: 'MEMBER' });
  }

  /** The author deletes an inquiry, answered or not; its answer goes with it. */
  async remove(mno: number, qno: number): Promise<void> {
    const { count } = await this.db.productInquiry.deleteMany({ where: { qno, mno } });
    if (count === 0) throw notFound();
  }

  /** Sets the answer (again: replaces it, dated anew); the inquiry is then answered (`replyCheck`). */
  async answer(answerer: Answerer, qno: number, content: string): Promise<InquiryDto> {
    return this.db.$transaction(async (tx) => {
      const inquiry = await tx.productInquiry.findUnique({ where: { qno } });
      if (!inquiry) throw notFound();
      if (answerer.role !== 'ADMIN' && inquiry.sellerId !== answerer.mno) {
        throw new HttpException(
          { error: NOT_YOUR_INQUIRY, message: InquiryMessages.notYours },
          HttpStatus.FORBIDDEN,
        );
      }
      const regDate = new Date();
      await tx.inquiryReply.upsert({
        where: { qno },
        create: { qno, content, regDate },
        update: { content, regDate },
      });
      const row = await tx.productInquiry.findUniqueOrThrow({ where: { qno }, include: { reply: true } });
      return inquiryAsSeenBy(row, answerer);
    });
  }
}
