import { Body, Controller, Get, Headers, Param, Post } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { OrderDto, OrderLineDto, PlacedOrderDto } from '@mkt/contracts';
import { orderCreateSchema, positiveIdSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { assertOwnBody } from '../auth/body-owner';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { OrderClient } from '../services/order.client';

const id = (value: string) => parseInput(positiveIdSchema, value);
const idempotencyKey = z.string().trim().min(1).max(100).optional();

/** The signed-in shopper's orders. */
@Controller('api')
export class OrderController {
  constructor(private readonly orders: OrderClient) {}

  /**
   * Places an order at the server's prices. An `Idempotency-Key` makes a repeated submission answer
   * the first order; the spec's client sends none, so each of its submissions is a new checkout.
   */
  @Post('orders')
  @Authenticated({ roles: ['MEMBER'] })
  place(
    @Body() body: unknown,
    @Headers('idempotency-key') key: unknown,
    @Caller() caller: SessionClaims,
  ): Promise<PlacedOrderDto> {
    assertOwnBody(body, caller);
    const order = parseInput(orderCreateSchema, body);
    return this.orders.place(caller.mno, parseInput(idempotencyKey, key) ?? randomUUID(), order);
  }

  /** The member's orders, newest first. */
  @Get('orders/member/:mno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  ofMember(@Param('mno') mno: string): Promise<OrderDto[]> {
    return this.orders.ofMember(id(mno));
  }

  /** Our addition: one of the member's orders with its status (the complete page, the checkout's progress). */
  @Get('orders/member/:mno/:ono')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  memberOrder(@Param('mno') mno: string, @Param('ono') ono: string): Promise<OrderDto> {
    return this.orders.memberOrder(id(mno), id(ono));
  }

  @Get('order-details/order/:ono')
  @Authenticated({ roles: ['MEMBER'] })
  async lines(@Param('ono') ono: string, @Caller() caller: SessionClaims): Promise<OrderLineDto[]> {
    return (await this.orders.memberOrder(caller.mno, id(ono))).orderDetails;
  }
}
