import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { PageResult, ReviewDto, ReviewLikeDto } from '@mkt/contracts';
import {
  reviewLikeToggleSchema,
  reviewListQuerySchema,
  reviewWriteSchema,
  toPageResult,
  pageResultSchema,
  reviewLikeSchema,
  reviewSchema,
} from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { CatalogReadCache } from '../catalog/catalog-read-cache';
import { CatalogClient } from '../services/catalog.client';
import { OrderClient } from '../services/order.client';
import { MemberClient } from '../services/member.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

class ReviewPath extends idPath('rno') {}
class ProductPath extends idPath('pno') {}
class LinePath extends idPath('orno') {}
class RateQuery extends createZodDto(
  reviewListQuerySchema.extend({
    rate: z.coerce
      .number()
      .int()
      .min(1, 'rate는 1에서 5 사이여야 합니다.')
      .max(5, 'rate는 1에서 5 사이여야 합니다.'),
  }),
) {}
class ListQuery extends createZodDto(reviewListQuerySchema.omit({ rate: true })) {}
class WriteBody extends createZodDto(reviewWriteSchema) {}
class LikeBody extends createZodDto(reviewLikeToggleSchema) {}

/** A product's reviews (their count, a page, optionally of one rating), one review, and members' writes and likes. */
@Controller('api/review')
export class ReviewController {
  constructor(
    private readonly catalog: CatalogClient,
    private readonly members: MemberClient,
    private readonly orders: OrderClient,
    private readonly cache: CatalogReadCache,
  ) {}

  @ApiDoc({
    summary: 'One review',
    answer: reviewSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such review' },
  })
  @Get('review/:rno')
  one(@Param() { rno }: ReviewPath): Promise<ReviewDto> {
    return this.catalog.review(rno);
  }

  @ApiDoc({
    summary: 'How many reviews a product has (a bare number)',
    answer: z.number().int(),
    errors: { 400: BAD_INPUT },
  })
  @Get('cnt/:pno')
  // A bare number is JSON too; without this Nest sends it as text/html.
  @Header('Content-Type', 'application/json')
  count(@Param() { pno }: ProductPath): Promise<number> {
    return this.catalog.reviewCount(pno);
  }

  @ApiDoc({
    summary: "A product's reviews of one rating",
    answer: pageResultSchema(reviewSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('list/rate/:pno')
  async byRate(@Param() { pno }: ProductPath, @Query() query: RateQuery): Promise<PageResult<ReviewDto>> {
    return this.page(pno, query);
  }

  @ApiDoc({
    summary: "A product's reviews",
    answer: pageResultSchema(reviewSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('list/:pno')
  async list(@Param() { pno }: ProductPath, @Query() query: ListQuery): Promise<PageResult<ReviewDto>> {
    return this.page(pno, { ...query, rate: 0 });
  }

  /** The caller reviews their line `orno`; the body's `mno` and `odno` are not read. */
  @ApiDoc({
    summary: "Reviews a line of one of the caller's complete orders, once",
    description:
      "The body's `mno` and `odno` are not read. Checked in the spec's order: title, rating (1 to 5), content.",
    errors: {
      400: `${BAD_INPUT}; a line being refunded or already reviewed (이미 리뷰를 작성한 상품입니다.)`,
      404: "NOT_FOUND: not the caller's line, or its order never completed",
    },
  })
  @Post('add/:orno')
  @Authenticated({ roles: ['MEMBER'] })
  async add(
    @Param() { orno }: LinePath,
    @Body() review: WriteBody,
    @Caller() caller: SessionClaims,
  ): Promise<void> {
    const member = await this.members.byMno(caller.mno);
    const written = await this.catalog.writeReview(orno, { mno: caller.mno, mName: member.m_name }, review);
    // The product's page shows its rating: the writer sees theirs counted at once.
    this.cache.reviewsChanged(written.pno);
    // My page's review tabs read the line from the order service.
    await this.orders.ownChangeShown(caller.mno, { orno });
  }

  /** The spec's like toggle: the whole review comes back; the caller's like of it is toggled, its count never read. */
  @ApiDoc({
    summary: "Toggles the caller's like of a review",
    description:
      "The spec's client sends the whole review; only `rno` is read, never its `reviewLike` count.",
    answer: reviewLikeSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such review' },
  })
  @Put('change')
  @HttpCode(200)
  @Authenticated({ roles: ['MEMBER'] })
  like(@Body() { rno }: LikeBody, @Caller() caller: SessionClaims): Promise<ReviewLikeDto> {
    return this.catalog.toggleReviewLike(rno, caller.mno);
  }

  /** Ours: which of the product's reviews the caller likes, so the product page shows them liked. */
  @ApiDoc({
    summary: "Which of a product's reviews the caller likes (their rno)",
    answer: z.array(z.number().int()),
    errors: { 400: BAD_INPUT },
  })
  @Get('liked/:pno')
  @Authenticated({ roles: ['MEMBER'] })
  liked(@Param() { pno }: ProductPath, @Caller() caller: SessionClaims): Promise<number[]> {
    return this.catalog.likedReviews(caller.mno, pno);
  }

  private async page(
    pno: number,
    query: z.infer<typeof reviewListQuerySchema>,
  ): Promise<PageResult<ReviewDto>> {
    const slice = await this.catalog.reviews(pno, query);
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }
}
