import { Body, Controller, Get, Header, Param, Post, Put, Query } from '@nestjs/common';
import type { ReviewDto, ReviewLikeDto, ReviewRatingDto, Slice } from '@mkt/contracts';
import { positiveIdSchema, reviewListQuerySchema, reviewWriteSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { ReviewWrites } from './review-writes';
import { ReviewRepository } from './review.repository';

const id = (value: unknown) => parseInput(positiveIdSchema, value);
const writer = z.object({
  mno: positiveIdSchema,
  mName: z.string().trim().min(1).max(100),
  review: reviewWriteSchema,
});
const member = z.object({ mno: positiveIdSchema });

/** Internal: the BFF reads products' reviews and writes them (and likes) for the signed-in member. */
@Controller('reviews')
export class ReviewController {
  constructor(
    private readonly reviews: ReviewRepository,
    private readonly writes: ReviewWrites,
  ) {}

  @Get('product/:pno')
  page(@Param('pno') pno: string, @Query() query: unknown): Promise<Slice<ReviewDto>> {
    return this.reviews.page(id(pno), parseInput(reviewListQuerySchema, query));
  }

  @Get('product/:pno/count')
  @Header('Content-Type', 'application/json')
  count(@Param('pno') pno: string): Promise<number> {
    return this.reviews.count(id(pno));
  }

  @Get('product/:pno/rating')
  rating(@Param('pno') pno: string): Promise<ReviewRatingDto> {
    return this.reviews.rating(id(pno));
  }

  @Get('product/:pno/liked')
  liked(@Param('pno') pno: string, @Query() query: unknown): Promise<number[]> {
    return this.writes.likedBy(parseInput(member, query).mno, id(pno));
  }

  @Post('line/:orno')
  write(@Param('orno') orno: string, @Body() body: unknown): Promise<ReviewDto> {
    const { mno, mName, review } = parseInput(writer, body);
    return this.writes.write(id(orno), { mno, mName }, review);
  }

  @Get(':rno')
  one(@Param('rno') rno: string): Promise<ReviewDto> {
    return this.reviews.one(id(rno));
  }

  @Put(':rno/like')
  toggleLike(@Param('rno') rno: string, @Body() body: unknown): Promise<ReviewLikeDto> {
    return this.writes.toggleLike(id(rno), parseInput(member, body).mno);
  }
}
