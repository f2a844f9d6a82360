import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import type { WishDto } from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { WishList } from './wish-list';

class MemberPath extends idPath('mno') {}
class MemberProductPath extends idPath('mno', 'pno') {}
class WishPath extends idPath('mno', 'wno') {}

/** A member's wish list; the BFF has already checked that the member is the caller. */
@Controller('wishes/member/:mno')
export class WishController {
  constructor(private readonly wishes: WishList) {}

  @Get()
  list(@Param() { mno }: MemberPath): Promise<WishDto[]> {
    return this.wishes.list(mno);
  }

  @Get('product/:pno')
  wishOf(@Param() { mno, pno }: MemberProductPath): Promise<number | null> {
    return this.wishes.wishOf(mno, pno);
  }

  @Post('product/:pno')
  add(@Param() { mno, pno }: MemberProductPath): Promise<number> {
    return this.wishes.add(mno, pno);
  }

  @Delete(':wno')
  remove(@Param() { mno, wno }: WishPath): Promise<WishDto[]> {
    return this.wishes.remove(mno, wno);
  }
}
