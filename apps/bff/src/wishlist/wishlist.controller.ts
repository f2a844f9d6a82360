import { Controller, Delete, Get, Header, Param, Post } from '@nestjs/common';
import type { WishDto } from '@mkt/contracts';
import { positiveIdSchema, wishSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { Authenticated } from '../auth/guards';
import { CatalogClient } from '../services/catalog.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';
import { z } from 'zod';

const id = (value: string) => parseInput(positiveIdSchema, value);

/** The signed-in shopper's wish list (the `mno` in each path must be the caller's). */
@Controller('api/wishlist')
export class WishlistController {
  constructor(private readonly catalog: CatalogClient) {}

  @ApiDoc({
    summary: "The caller's wish list, newest first",
    answer: z.array(wishSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('list/:mno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  list(@Param('mno') mno: string): Promise<WishDto[]> {
    return this.catalog.wishes(id(mno));
  }

  /** The wish's number when the member wished the product, else an empty answer. */
  @ApiDoc({
    summary: 'The wish number when the caller wished the product, else an empty answer',
    answer: z.number().int(),
    errors: { 400: BAD_INPUT },
  })
  @Get('wno/:mno/:pno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  @Header('Content-Type', 'application/json')
  async wishOf(@Param('mno') mno: string, @Param('pno') pno: string): Promise<number | undefined> {
    return (await this.catalog.wishOf(id(mno), id(pno))) ?? undefined;
  }

  /** Wishes a product (again: still one wish); answers the wish's number. */
  @ApiDoc({
    summary: 'Wishes a product (again: still one wish); answers the wish number',
    answer: z.number().int(),
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such product on sale' },
  })
  @Post('add/:mno/:pno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  @Header('Content-Type', 'application/json')
  add(@Param('mno') mno: string, @Param('pno') pno: string): Promise<number> {
    return this.catalog.addWish(id(mno), id(pno));
  }

  /** Removes a wish; answers the rest of the list. */
  @ApiDoc({
    summary: 'Removes a wish; answers the rest of the list',
    answer: z.array(wishSchema),
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such wish of the caller's" },
  })
  @Delete('delete/:wno/:mno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  remove(@Param('wno') wno: string, @Param('mno') mno: string): Promise<WishDto[]> {
    return this.catalog.removeWish(id(mno), id(wno));
  }
}
