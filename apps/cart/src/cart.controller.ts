import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import type { CartLineDto, CartSummaryDto } from '@mkt/contracts';
import { cartAddSchema, cartChangeSchema, idListSchema } from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { Cart } from './cart';

class MemberPath extends idPath('mno') {}
class LinePath extends idPath('mno', 'cino') {}
class SummaryQuery extends createZodDto(z.object({ cino: idListSchema })) {}
class AddBody extends createZodDto(cartAddSchema) {}
class QuantityBody extends createZodDto(cartChangeSchema.pick({ c_cnt: true })) {}

/** A member's cart; the BFF has already checked that the member is the caller. */
@Controller('carts/:mno')
export class CartController {
  constructor(private readonly cart: Cart) {}

  @Get()
  lines(@Param() { mno }: MemberPath): Promise<CartLineDto[]> {
    return this.cart.lines(mno);
  }

  @Get('summary')
  summary(@Param() { mno }: MemberPath, @Query() { cino }: SummaryQuery): Promise<CartSummaryDto> {
    return this.cart.summary(mno, cino);
  }

  @Post('lines')
  add(@Param() { mno }: MemberPath, @Body() body: AddBody): Promise<CartLineDto[]> {
    return this.cart.add(mno, body);
  }

  @Put('lines/:cino')
  change(@Param() { mno, cino }: LinePath, @Body() { c_cnt }: QuantityBody): Promise<CartLineDto> {
    return this.cart.change(mno, cino, c_cnt);
  }

  @Delete('lines/:cino')
  remove(@Param() { mno, cino }: LinePath): Promise<CartLineDto[]> {
    return this.cart.remove(mno, cino);
  }
}
