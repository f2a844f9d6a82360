import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import type { CartLineDto, CartSummaryDto } from '@mkt/contracts';
import {
  cartAddSchema,
  cartChangeSchema,
  idListSchema,
  positiveIdSchema,
  cartLineSchema,
  cartSummarySchema,
} from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { assertOwnBody } from '../auth/body-owner';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { CartClient } from '../services/cart.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';
import { z } from 'zod';

const id = (value: string) => parseInput(positiveIdSchema, value);

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
  lines(@Param('mno') mno: string): Promise<CartLineDto[]> {
    return this.cart.lines(id(mno));
  }

  /** Our addition: the server's payment summary of the chosen lines (`?cino=1,2`). */
  @ApiDoc({
    summary: 'Ours: the payment summary of the chosen lines',
    query: { cino: idListSchema.describe('the chosen cart lines, comma-separated (`1,2`)') },
    answer: cartSummarySchema,
    errors: { 400: BAD_INPUT },
  })
  @Get(':mno/summary')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  summary(@Param('mno') mno: string, @Query('cino') cino: unknown): Promise<CartSummaryDto> {
    return this.cart.summary(id(mno), parseInput(idListSchema, cino));
  }

  /** Adds one option; answers the whole cart. */
  @ApiDoc({
    summary: 'Adds an option to the cart (again: more of it); answers the whole cart',
    body: cartAddSchema,
    answer: z.array(cartLineSchema),
    errors: {
      400: `${BAD_INPUT}; over the stock or the cart's size`,
      403: 'ERROR_ACCESS_DENIED: the body names another member',
      404: 'NOT_FOUND: no such option on sale',
    },
  })
  @Post('add')
  @Authenticated({ roles: ['MEMBER'] })
  add(@Body() body: unknown, @Caller() caller: SessionClaims): Promise<CartLineDto[]> {
    assertOwnBody(body, caller);
    return this.cart.add(caller.mno, parseInput(cartAddSchema, body));
  }

  /** Sets a line's quantity; answers the line. */
  @ApiDoc({
    summary: "Sets a line's quantity (the spec's client sends the whole line); answers the line",
    body: cartChangeSchema,
    answer: cartLineSchema,
    errors: {
      400: `${BAD_INPUT}; over the stock`,
      403: 'ERROR_ACCESS_DENIED: the body names another member',
      404: "NOT_FOUND: no such line in the caller's cart",
    },
  })
  @Put('change')
  @Authenticated({ roles: ['MEMBER'] })
  change(@Body() body: unknown, @Caller() caller: SessionClaims): Promise<CartLineDto> {
    assertOwnBody(body, caller);
    const { cino, c_cnt } = parseInput(cartChangeSchema, body);
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
  remove(@Param('cino') cino: string, @Param('mno') mno: string): Promise<CartLineDto[]> {
    return this.cart.remove(id(mno), id(cino));
  }
}
