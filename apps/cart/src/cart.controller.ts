import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import type { CartLineDto, CartSummaryDto } from '@mkt/contracts';
import { cartAddSchema, cartChangeSchema, idListSchema, positiveIdSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { Cart } from './cart';

const id = (value: string) => parseInput(positiveIdSchema, value);
const summaryQuery = z.object({ cino: idListSchema });
const quantityBody = cartChangeSchema.pick({ c_cnt: true });

/** A member's cart; the BFF has already checked that the member is the caller. */
@Controller('carts/:mno')
export class CartController {
  constructor(private readonly cart: Cart) {}

  @Get()
  lines(@Param('mno') mno: string): Promise<CartLineDto[]> {
    return this.cart.lines(id(mno));
  }

  @Get('summary')
  summary(@Param('mno') mno: string, @Query() query: unknown): Promise<CartSummaryDto> {
    return this.cart.summary(id(mno), parseInput(summaryQuery, query).cino);
  }

  @Post('lines')
  add(@Param('mno') mno: string, @Body() body: unknown): Promise<CartLineDto[]> {
    return this.cart.add(id(mno), parseInput(cartAddSchema, body));
  }

  @Put('lines/:cino')
  change(
    @Param('mno') mno: string,
    @Param('cino') cino: string,
    @Body() body: unknown,
  ): Promise<CartLineDto> {
    return this.cart.change(id(mno), id(cino), parseInput(quantityBody, body).c_cnt);
  }

  @Delete('lines/:cino')
  remove(@Param('mno') mno: string, @Param('cino') cino: string): Promise<CartLineDto[]> {
    return this.cart.remove(id(mno), id(cino));
  }
}
