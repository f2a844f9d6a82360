import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { OrderDto, OrderLineDto, PlacedOrderDto } from '@mkt/contracts';
import {
  orderCreateSchema,
  orderLineDtoSchema,
  orderSchema,
  paymentAbandonedSchema,
  placedOrderSchema,
} from '@mkt/contracts';
import { HeaderInput, idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { OrderClient } from '../services/order.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

class MemberPath extends idPath('mno') {}
class MemberOrderPath extends idPath('mno', 'ono') {}
class OrderPath extends idPath('ono') {}
class OrderBody extends createZodDto(orderCreateSchema) {}
class AbandonedBody extends createZodDto(paymentAbandonedSchema) {}
const IDEMPOTENCY_KEY = { name: 'idempotency-key', schema: z.string().trim().min(1).max(100).optional() };

/** The signed-in shopper's orders. */
@Controller('api')
export class OrderController {
  constructor(private readonly orders: OrderClient) {}

  /**
   * Places an order at the server's prices. An `Idempotency-Key` makes a repeated submission answer
   * the first order; the spec's client sends none, so each of its submissions is a new checkout.
   */
  @ApiDoc({
    summary: "Places an order at the server's prices",
    description:
      'An `Idempotency-Key` header makes a repeated submission answer the first order. `status`, `orderDate`, `mno` and line prices are not read; an `o_totalPrice` that differs is refused with the right amount. Catalog holds the stock before the order is saved: a checkout whose pieces another took meanwhile is refused and saves no order.',
    answer: placedOrderSchema,
    errors: {
      400: `${BAD_INPUT}; a total that differs from the server's, more than the stock, the stock taken by another checkout meanwhile`,
      403: 'ERROR_ACCESS_DENIED: the body names another member',
      404: 'NOT_FOUND: an option not on sale',
    },
  })
  @Post('orders')
  @Authenticated({ roles: ['MEMBER'], bodyOwner: true })
  place(
    @Body() order: OrderBody,
    @HeaderInput(IDEMPOTENCY_KEY) key: string | undefined,
    @Caller() caller: SessionClaims,
  ): Promise<PlacedOrderDto> {
    return this.orders.place(caller.mno, key ?? randomUUID(), order);
  }

  /** The member's orders, newest first. */
  @ApiDoc({
    summary: "The caller's orders, newest first",
    answer: z.array(orderSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('orders/member/:mno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  ofMember(@Param() { mno }: MemberPath): Promise<OrderDto[]> {
    return this.orders.ofMember(mno);
  }

  /** Our addition: one of the member's orders with its status (the complete page, the checkout's progress). */
  @ApiDoc({
    summary: "Ours: one of the caller's orders with its status",
    answer: orderSchema,
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such order of the caller's" },
  })
  @Get('orders/member/:mno/:ono')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  memberOrder(@Param() { mno, ono }: MemberOrderPath): Promise<OrderDto> {
    return this.orders.memberOrder(mno, ono);
  }

  /** Ours: the payment window ended without paying (closed, or declined): the unpaid order is cancelled at once. */
  @ApiDoc({
    summary: "Ours: the payment window of the caller's order ended without paying; the order is cancelled",
    description:
      "`outcome`: `cancelled` (the shopper closed the window) or `declined` (the card was refused). Only the caller's order, only while it waits for payment; answers the cancelled order.",
    answer: orderSchema,
    errors: {
      400: `${BAD_INPUT}; the order no longer waits for payment`,
      404: "NOT_FOUND: no such order of the caller's",
    },
  })
  @Post('orders/:ono/payment-abandoned')
  @HttpCode(200)
  @Authenticated({ roles: ['MEMBER'] })
  paymentAbandoned(
    @Param() { ono }: OrderPath,
    @Body() { outcome }: AbandonedBody,
    @Caller() caller: SessionClaims,
  ): Promise<OrderDto> {
    return this.orders.paymentAbandoned(caller.mno, ono, outcome);
  }

  @ApiDoc({
    summary: "The lines of one of the caller's orders",
    answer: z.array(orderLineDtoSchema),
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such order of the caller's" },
  })
  @Get('order-details/order/:ono')
  @Authenticated({ roles: ['MEMBER'] })
  async lines(@Param() { ono }: OrderPath, @Caller() caller: SessionClaims): Promise<OrderLineDto[]> {
    return (await this.orders.memberOrder(caller.mno, ono)).orderDetails;
  }
}
