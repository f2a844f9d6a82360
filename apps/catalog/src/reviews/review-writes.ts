import { Inject, Injectable } from '@nestjs/common';
import type { ReviewDto, ReviewLikeDto, ReviewWrite } from '@mkt/contracts';
import { ReviewMessages, ReviewWrittenV1 } from '@mkt/contracts';
import type { DatabaseNotices } from '@mkt/messaging';
import { keyed, Outbox, waitForNotice } from '@mkt/messaging';
import { BadInput, NotFound } from '@mkt/http';
import { isUniqueViolation } from '@mkt/persistence';
import { DATABASE_NOTICES } from '@mkt/platform';
import { CatalogDatabase } from '../database';
import { ReviewRepository } from './review.repository';

/** Who writes a review: the signed-in member, with the name the review shows. */
export interface ReviewAuthor {
  mno: number;
  mName: string;
}

/** What a purchased_line insert notifies, with its orno (catalog's migration 0010). */
const LINE_RECORDED = 'catalog_purchased_line';
/**
 * How long a review waits for a line catalog has not heard of: the order's completion reaches the
 * shopper (the order service) a few milliseconds before it reaches catalog (order.completed).
 */
const UNHEARD_LINE_WAIT_MS = 2_000;

/** Reviews written on bought order lines, and members' likes of them. */
@Injectable()
export class ReviewWrites {
  constructor(
    private readonly db: CatalogDatabase,
    private readonly outbox: Outbox,
    private readonly reviews: ReviewRepository,
    @Inject(DATABASE_NOTICES) private readonly notices: DatabaseNotices,
  ) {}

  /**
   * Saves the review of the author's line `orno` of a complete order and announces it
   * (review.written) in one transaction; once per line, the unique `orno` holding under races.
   * The line is as order's and refund's events left it (./purchased-lines.handlers); one not heard
   * of yet is waited for a while, so a shopper who sees the order complete can review at once.
   */
  async write(orno: number, author: ReviewAuthor, review: ReviewWrite): Promise<ReviewDto> {
    const line = await waitForNotice(
      this.notices,
      LINE_RECORDED,
      keyed(String(orno)),
      async () => (await this.db.purchasedLine.findUnique({ where: { orno } })) ?? undefined,
      UNHEARD_LINE_WAIT_MS,
    );
    // Another member's line, or a line of no complete order, is not found.
    if (!line || line.mno !== author.mno) throw new NotFound(ReviewMessages.lineNotFound);
    if (line.status !== 'COMPLETE') throw new BadInput(ReviewMessages.notReviewable);
    if (await this.db.review.findUnique({ where: { orno } }))
      throw new BadInput(ReviewMessages.alreadyWritten);
    const option = await this.db.productOption.findUnique({
      where: { odno: line.odno },
      select: { odName: true },
    });
    try {
      const rno = await this.db.$transaction(async (tx) => {
        const saved = await tx.review.create({
          data: {
            pno: line.pno,
            mno: author.mno,
            orno,
            mName: author.mName,
            odName: option?.odName ?? '',
            ...review,
          },
        });
        await this.outbox.enqueue(
          tx,
          ReviewWrittenV1,
          { rno: saved.rno, orno, ono: line.ono, mno: author.mno, pno: line.pno },
          { aggregateId: line.ono },
        );
        return saved.rno;
      });
      return await this.reviews.one(rno);
    } catch (error) {
      // Two reviews of the line at once: the line's one review exists now.
      if (isUniqueViolation(error)) throw new BadInput(ReviewMessages.alreadyWritten);
      throw error;
    }
  }

  /** Likes the review for the member, or takes their like back; the count moves with it. */
  async toggleLike(rno: number, mno: number): Promise<ReviewLikeDto> {
    if (!(await this.db.review.findUnique({ where: { rno }, select: { rno: true } })))
      throw new NotFound(ReviewMessages.notFound);
    try {
      return await this.db.$transaction(async (tx) => {
        const taken = await tx.reviewLike.deleteMany({ where: { rno, mno } });
        if (!taken.count) await tx.reviewLike.create({ data: { rno, mno } });
        const { reviewLike } = await tx.review.update({
          where: { rno },
          data: { reviewLike: taken.count ? { decrement: 1 } : { increment: 1 } },
        });
        return { rno, liked: !taken.count, reviewLike };
      });
    } catch (error) {
      // The same member's like arriving twice at once: the other one counted it.
      if (!isUniqueViolation(error)) throw error;
      const { reviewLike } = await this.db.review.findUniqueOrThrow({ where: { rno } });
      return { rno, liked: true, reviewLike };
    }
  }

  /** The reviews of the product the member likes. */
  async likedBy(mno: number, pno: number): Promise<number[]> {
    const likes = await this.db.reviewLike.findMany({
      where: { mno, review: { pno } },
      select: { rno: true },
      orderBy: { rno: 'asc' },
    });
    return likes.map((like) => like.rno);
  }
}
