import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import type { CartLineDto, CartSummaryDto } from '@mkt/contracts';
import {
  cartAddSchema,
  cartChangeSchema,
  idListSchema,
  cartLineSchema,
  cartSummarySchema,
} from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { CartClient } from '../services/cart.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';
import { z } from 'zod';

class MemberPath extends idPath('mno') {}
class LinePath extends idPath('mno', 'cino') {}
class SummaryQuery extends createZodDto(
  z.object({ cino: idListSchema.describe('the chosen cart lines, comma-separated (`1,2`)') }),
) {}
class AddBody extends createZodDto(cartAddSchema) {}
class ChangeBody extends createZodDto(cartChangeSchema) {}

/** The signed-in shopper's cart (`mno` in a path or body must be the caller's). */
@Controller('api/cart')
export class CartController {
  constructor(private readonly cart: CartClient) {}

  @ApiDoc({
    summary: "The caller's cart, at the catalogue's current prices and stock",
    answer: z.array(cartLineSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get(':mno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  lines(@Param() { mno }: MemberPath): Promise<CartLineDto[]> {
    return this.cart.lines(mno);
  }

  /** Our addition: the server's payment summary of the chosen lines (`?cino=1,2`). */
  @ApiDoc({
    summary: 'Ours: the payment summary of the chosen lines',
    answer: cartSummarySchema,
    errors: { 400: BAD_INPUT },
  })
  @Get(':mno/summary')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  summary(@Param() { mno }: MemberPath, @Query() { cino }: SummaryQuery): Promise<CartSummaryDto> {
    return this.cart.summary(mno, cino);
  }

  /** Adds one option; answers the whole cart. */
  @ApiDoc({
    summary: 'Adds an option to the cart (again: more of it); answers the whole cart',
    answer: z.array(cartLineSchema),
    errors: {
      400: `${BAD_INPUT}; over the stock or the cart's size`,
      403: 'ERROR_ACCESS_DENIED: the body names another member',
      404: 'NOT_FOUND: no such option on sale',
    },
  })
  @Post('add')
  @Authenticated({ roles: ['MEMBER'], bodyOwner: true })
  add(@Body() body: AddBody, @Caller() caller: SessionClaims): Promise<CartLineDto[]> {
    return this.cart.add(caller.mno, body);
  }

  /** Sets a line's quantity; answers the line. */
  @ApiDoc({
    summary: "Sets a line's quantity (the spec's client sends the whole line); answers the line",
    answer: cartLineSchema,
    errors: {
      400: `${BAD_INPUT}; over the stock`,
      403: 'ERROR_ACCESS_DENIED: the body names another member',
      404: "NOT_FOUND: no such line in the caller's cart",
    },
  })
  @Put('change')
  @Authenticated({ roles: ['MEMBER'], bodyOwner: true })
  change(@Body() { cino, c_cnt }: ChangeBody, @Caller() caller: SessionClaims): Promise<CartLineDto> {
    return this.cart.change(caller.mno, cino, c_cnt);
  }

  /** Removes a line; answers the rest of the cart. */
  @ApiDoc({
    summary: 'Removes a line; answers the rest of the cart',
    answer: z.array(cartLineSchema),
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such line in the caller's cart" },
  })
  @Delete('delete/:cino/:mno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  remove(@Param() { cino, mno }: LinePath): Promise<CartLineDto[]> {
    return this.cart.remove(mno, cino);
  }
}
