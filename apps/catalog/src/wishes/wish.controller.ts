import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import type { WishDto } from '@mkt/contracts';
import { positiveIdSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { WishList } from './wish-list';

const id = (value: string) => parseInput(positiveIdSchema, value);

/** A member's wish list; the BFF has already checked that the member is the caller. */
@Controller('wishes/member/:mno')
export class WishController {
  constructor(private readonly wishes: WishList) {}

  @Get()
  list(@Param('mno') mno: string): Promise<WishDto[]> {
    return this.wishes.list(id(mno));
  }

  @Get('product/:pno')
  wishOf(@Param('mno') mno: string, @Param('pno') pno: string): Promise<number | null> {
    return this.wishes.wishOf(id(mno), id(pno));
  }

  @Post('product/:pno')
  add(@Param('mno') mno: string, @Param('pno') pno: string): Promise<number> {
    return this.wishes.add(id(mno), id(pno));
  }

  @Delete(':wno')
  remove(@Param('mno') mno: string, @Param('wno') wno: string): Promise<WishDto[]> {
    return this.wishes.remove(id(mno), id(wno));
  }
}
