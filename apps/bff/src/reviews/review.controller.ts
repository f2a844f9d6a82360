import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { PageResult, ReviewDto, ReviewLikeDto } from '@mkt/contracts';
import {
  positiveIdSchema,
  reviewLikeToggleSchema,
  reviewListQuerySchema,
  reviewWriteSchema,
  toPageResult,
} from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { CatalogClient } from '../services/catalog.client';
import { MemberClient } from '../services/member.client';

const id = (value: string) => parseInput(positiveIdSchema, value);

const withRate = reviewListQuerySchema.extend({
  rate: z.coerce
    .number()
    .int()
    .min(1, 'rate는 1에서 5 사이여야 합니다.')
    .max(5, 'rate는 1에서 5 사이여야 합니다.'),
});

/** A product's reviews (their count, a page, optionally of one rating), one review, and members' writes and likes. */
@Controller('api/review')
export class ReviewController {
  constructor(
    private readonly catalog: CatalogClient,
    private readonly members: MemberClient,
  ) {}

  @Get('review/:rno')
  one(@Param('rno') rno: string): Promise<ReviewDto> {
    return this.catalog.review(id(rno));
  }

  @Get('cnt/:pno')
  // A bare number is JSON too; without this Nest sends it as text/html.
  @Header('Content-Type', 'application/json')
  count(@Param('pno') pno: string): Promise<number> {
    return this.catalog.reviewCount(id(pno));
  }

  @Get('list/rate/:pno')
  async byRate(@Param('pno') pno: string, @Query() rawQuery: unknown): Promise<PageResult<ReviewDto>> {
    return this.page(id(pno), parseInput(withRate, rawQuery));
  }

  @Get('list/:pno')
  async list(@Param('pno') pno: string, @Query() rawQuery: unknown): Promise<PageResult<ReviewDto>> {
    return this.page(id(pno), { ...parseInput(reviewListQuerySchema, rawQuery), rate: 0 });
  }

  /** The caller reviews their line `orno`; the body's `mno` and `odno` are not read. */
  @Post('add/:orno')
  @Authenticated({ roles: ['MEMBER'] })
  async add(
    @Param('orno') orno: string,
    @Body() body: unknown,
    @Caller() caller: SessionClaims,
  ): Promise<void> {
    const review = parseInput(reviewWriteSchema, body);
    const member = await this.members.byMno(caller.mno);
    await this.catalog.writeReview(id(orno), { mno: caller.mno, mName: member.m_name }, review);
  }

  /** The spec's like toggle: the whole review comes back; the caller's like of it is toggled, its count never read. */
  @Put('change')
  @HttpCode(200)
  @Authenticated({ roles: ['MEMBER'] })
  like(@Body() body: unknown, @Caller() caller: SessionClaims): Promise<ReviewLikeDto> {
    return this.catalog.toggleReviewLike(parseInput(reviewLikeToggleSchema, body).rno, caller.mno);
  }

  /** Ours: which of the product's reviews the caller likes, so the product page shows them liked. */
  @Get('liked/:pno')
  @Authenticated({ roles: ['MEMBER'] })
  liked(@Param('pno') pno: string, @Caller() caller: SessionClaims): Promise<number[]> {
    return this.catalog.likedReviews(caller.mno, id(pno));
  }

  private async page(
    pno: number,
    query: z.infer<typeof reviewListQuerySchema>,
  ): Promise<PageResult<ReviewDto>> {
    const slice = await this.catalog.reviews(pno, query);
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }
}
