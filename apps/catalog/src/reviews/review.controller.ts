import { Body, Controller, Get, Header, Param, Post, Put, Query } from '@nestjs/common';
import type { ReviewDto, ReviewLikeDto, ReviewRatingDto, Slice } from '@mkt/contracts';
import { positiveIdSchema, reviewListQuerySchema, reviewWriteSchema } from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { ReviewWrites } from './review-writes';
import { ReviewRepository } from './review.repository';

class ProductPath extends idPath('pno') {}
class LinePath extends idPath('orno') {}
class ReviewPath extends idPath('rno') {}
class PageQuery extends createZodDto(reviewListQuerySchema) {}
class WriterBody extends createZodDto(
  z.object({ mno: positiveIdSchema, mName: z.string().trim().min(1).max(100), review: reviewWriteSchema }),
) {}
/** The member the BFF vouches for, in a query or a body. */
class Member extends idPath('mno') {}

/** Internal: the BFF reads products' reviews and writes them (and likes) for the signed-in member. */
@Controller('reviews')
export class ReviewController {
  constructor(
    private readonly reviews: ReviewRepository,
    private readonly writes: ReviewWrites,
  ) {}

  @Get('product/:pno')
  page(@Param() { pno }: ProductPath, @Query() query: PageQuery): Promise<Slice<ReviewDto>> {
    return this.reviews.page(pno, query);
  }

  @Get('product/:pno/count')
  @Header('Content-Type', 'application/json')
  count(@Param() { pno }: ProductPath): Promise<number> {
    return this.reviews.count(pno);
  }

  @Get('product/:pno/rating')
  rating(@Param() { pno }: ProductPath): Promise<ReviewRatingDto> {
    return this.reviews.rating(pno);
  }

  @Get('product/:pno/liked')
  liked(@Param() { pno }: ProductPath, @Query() { mno }: Member): Promise<number[]> {
    return this.writes.likedBy(mno, pno);
  }

  @Post('line/:orno')
  write(@Param() { orno }: LinePath, @Body() { mno, mName, review }: WriterBody): Promise<ReviewDto> {
    return this.writes.write(orno, { mno, mName }, review);
  }

  @Get(':rno')
  one(@Param() { rno }: ReviewPath): Promise<ReviewDto> {
    return this.reviews.one(rno);
  }

  @Put(':rno/like')
  toggleLike(@Param() { rno }: ReviewPath, @Body() { mno }: Member): Promise<ReviewLikeDto> {
    return this.writes.toggleLike(rno, mno);
  }
}
