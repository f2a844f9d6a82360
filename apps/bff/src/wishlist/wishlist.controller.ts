import { Controller, Delete, Get, Header, Param, Post } from '@nestjs/common';
import type { WishDto } from '@mkt/contracts';
import { wishSchema } from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { Authenticated } from '../auth/guards';
import { CatalogClient } from '../services/catalog.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';
import { z } from 'zod';

class MemberPath extends idPath('mno') {}
class MemberProductPath extends idPath('mno', 'pno') {}
class WishPath extends idPath('mno', 'wno') {}

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
  list(@Param() { mno }: MemberPath): Promise<WishDto[]> {
    return this.catalog.wishes(mno);
  }

  /** The wish's number when the member wished the product, else an empty answer. */
  @ApiDoc({
    summary: 'The wish number when the caller wished the product, else an empty answer',
    answer: z.number().int().optional(),
    errors: { 400: BAD_INPUT },
  })
  @Get('wno/:mno/:pno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  @Header('Content-Type', 'application/json')
  async wishOf(@Param() { mno, pno }: MemberProductPath): Promise<number | undefined> {
    return (await this.catalog.wishOf(mno, pno)) ?? undefined;
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
  add(@Param() { mno, pno }: MemberProductPath): Promise<number> {
    return this.catalog.addWish(mno, pno);
  }

  /** Removes a wish; answers the rest of the list. */
  @ApiDoc({
    summary: 'Removes a wish; answers the rest of the list',
    answer: z.array(wishSchema),
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such wish of the caller's" },
  })
  @Delete('delete/:wno/:mno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  remove(@Param() { mno, wno }: WishPath): Promise<WishDto[]> {
    return this.catalog.removeWish(mno, wno);
  }
}
