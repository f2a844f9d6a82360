import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import type { ReviewDto, Slice } from '@mkt/contracts';
import { positiveIdSchema, reviewListQuerySchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { ReviewRepository } from './review.repository';

@Controller('reviews/product/:pno')
export class ReviewController {
  constructor(private readonly reviews: ReviewRepository) {}

  @Get()
  page(@Param('pno') pno: string, @Query() query: unknown): Promise<Slice<ReviewDto>> {
    return this.reviews.page(parseInput(positiveIdSchema, pno), parseInput(reviewListQuerySchema, query));
  }

  @Get('all')
  all(@Param('pno') pno: string): Promise<ReviewDto[]> {
    return this.reviews.all(parseInput(positiveIdSchema, pno));
  }

  @Get('count')
  @Header('Content-Type', 'application/json')
  count(@Param('pno') pno: string): Promise<number> {
    return this.reviews.count(parseInput(positiveIdSchema, pno));
  }
}
