import { Injectable } from '@nestjs/common';
import type { ReviewDto, ReviewListQuery, ReviewRatingDto, Slice } from '@mkt/contracts';
import { maskPersonName, ReviewMessages } from '@mkt/contracts';
import { NotFound } from '@mkt/http';
import type { Prisma } from '../database';
import { CatalogDatabase } from '../database';

const reviewInclude = { product: { select: { businessName: true } } } as const;
type ReviewRow = Prisma.ReviewGetPayload<{ include: typeof reviewInclude }>;

function toReviewDto(row: ReviewRow): ReviewDto {
  return {
    rno: row.rno,
    pno: row.pno,
    m_name: maskPersonName(row.mName),
    rate: row.rate,
    title: row.title,
    content: row.content,
    regDate: row.regDate.toISOString(),
    reviewLike: row.reviewLike,
    businessName: row.product.businessName,
    od_name: row.odName,
  };
}

@Injectable()
export class ReviewRepository {
  constructor(private readonly db: CatalogDatabase) {}

  async count(pno: number): Promise<number> {
    return this.db.review.count({ where: { pno } });
  }

  async rating(pno: number): Promise<ReviewRatingDto> {
    const { _count, _avg } = await this.db.review.aggregate({
      where: { pno },
      _count: true,
      _avg: { rate: true },
    });
    return { count: _count, average: _avg.rate ?? 0 };
  }

  async one(rno: number): Promise<ReviewDto> {
    const row = await this.db.review.findUnique({ where: { rno }, include: reviewInclude });
    if (!row) throw new NotFound(ReviewMessages.notFound);
    return toReviewDto(row);
  }

  /** A page of a product's reviews, most liked or newest first, optionally of one rating. */
  async page(pno: number, query: ReviewListQuery): Promise<Slice<ReviewDto>> {
    const where: Prisma.ReviewWhereInput = { pno, ...(query.rate > 0 ? { rate: query.rate } : {}) };
    const orderBy: Prisma.ReviewOrderByWithRelationInput[] =
      query.sortBy === 'reviewLike' ? [{ reviewLike: 'desc' }, { rno: 'desc' }] : [{ rno: 'desc' }];
    const [rows, totalCount] = await Promise.all([
      this.db.review.findMany({
        where,
        include: reviewInclude,
        orderBy,
        skip: (query.page - 1) * query.size,
        take: query.size,
      }),
      this.db.review.count({ where }),
    ]);
    return { items: rows.map(toReviewDto), totalCount };
  }
}
