import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import type { PageResult, ReviewDto } from '@mkt/contracts';
import { positiveIdSchema, reviewListQuerySchema, toPageResult } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { CatalogClient } from '../services/catalog.client';

const withRate = reviewListQuerySchema.extend({
  rate: z.coerce
    .number()
    .int()
    .min(1, 'rate는 1에서 5 사이여야 합니다.')
    .max(5, 'rate는 1에서 5 사이여야 합니다.'),
});

/** A product's reviews: all of them, their count, or a page (optionally of one rating). */
@Controller('api/review')
export class ReviewController {
  constructor(private readonly catalog: CatalogClient) {}

  @Get('review/:pno')
  all(@Param('pno') pno: string): Promise<ReviewDto[]> {
    return this.catalog.allReviews(parseInput(positiveIdSchema, pno));
  }

  @Get('cnt/:pno')
  // A bare number is JSON too; without this Nest sends it as text/html.
  @Header('Content-Type', 'application/json')
  count(@Param('pno') pno: string): Promise<number> {
    return this.catalog.reviewCount(parseInput(positiveIdSchema, pno));
  }

  @Get('list/rate/:pno')
  async byRate(@Param('pno') pno: string, @Query() rawQuery: unknown): Promise<PageResult<ReviewDto>> {
    return this.page(parseInput(positiveIdSchema, pno), parseInput(withRate, rawQuery));
  }

  @Get('list/:pno')
  async list(@Param('pno') pno: string, @Query() rawQuery: unknown): Promise<PageResult<ReviewDto>> {
    return this.page(parseInput(positiveIdSchema, pno), {
      ...parseInput(reviewListQuerySchema, rawQuery),
      rate: 0,
    });
  }

  private async page(
    pno: number,
    query: z.infer<typeof reviewListQuerySchema>,
  ): Promise<PageResult<ReviewDto>> {
    const slice = await this.catalog.reviews(pno, query);
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }
}
