import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RefundDto, RefundHistoryItem, RefundHistoryPage } from '@mkt/contracts';
import {
  refundHistoryQuerySchema,
  refundRejectSchema,
  refundRequestSchema,
  refundHistoryItemSchema,
  refundHistoryPageSchema,
  refundSchema,
} from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { OrderClient } from '../services/order.client';
import { RefundClient } from '../services/refund.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';
import { z } from 'zod';

class OrderPath extends idPath('ono') {}
class RefundPath extends idPath('rfno') {}
class HistoryQuery extends createZodDto(refundHistoryQuerySchema) {}
class RequestBody extends createZodDto(refundRequestSchema) {}
class RejectBody extends createZodDto(refundRejectSchema) {}

/** Shoppers ask for refunds; the sellers of the order (or an admin) decide. */
@Controller('api')
export class RefundController {
  constructor(
    private readonly refunds: RefundClient,
    private readonly orders: OrderClient,
  ) {}

  /** A refund of the caller's complete order; the payment's ids in the body are not read. */
  @ApiDoc({
    summary: "Asks for a refund of the caller's complete order",
    description: "The body's `imp_uid` and `merchant_uid` are not read.",
    answer: refundSchema,
    errors: {
      400: `${BAD_INPUT}; an order that is not complete, already being refunded (its rejected parts may be asked for again once), or wholly reviewed`,
      404: "NOT_FOUND: no such order of the caller's",
    },
  })
  @Post('orders/:ono/refund')
  @Authenticated({ roles: ['MEMBER'] })
  async request(
    @Param() { ono }: OrderPath,
    @Body() request: RequestBody,
    @Caller() caller: SessionClaims,
  ): Promise<RefundDto> {
    const refund = await this.refunds.request(caller.mno, ono, request);
    await this.orders.ownChangeShown(caller.mno, { ono: refund.ono, rfno: refund.rfno });
    return refund;
  }

  /** The caller's refund history (a zero-based Spring-style page). */
  @ApiDoc({
    summary: "The caller's refunds (a zero-based Spring-style page)",
    answer: refundHistoryPageSchema,
    errors: { 400: BAD_INPUT },
  })
  @Get('refunds')
  @Authenticated({ roles: ['MEMBER'] })
  history(@Query() query: HistoryQuery, @Caller() caller: SessionClaims): Promise<RefundHistoryPage> {
    return this.refunds.history(caller.mno, query);
  }

  /** Ours: the refunds of the caller's order, each part's state and amount (the order's page shows them). */
  @ApiDoc({
    summary:
      "Ours: the refunds of the caller's order (the first, and one asking again), with each seller's part",
    answer: z.array(refundHistoryItemSchema),
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such order of the caller's" },
  })
  @Get('orders/:ono/refunds')
  @Authenticated({ roles: ['MEMBER'] })
  async ofOrder(@Param() { ono }: OrderPath, @Caller() caller: SessionClaims): Promise<RefundHistoryItem[]> {
    // Another member's order is not found (404), as its lines are not.
    const order = await this.orders.memberOrder(caller.mno, ono);
    return this.refunds.ofMemberOrder(caller.mno, order.ono);
  }

  /** A seller approves its part (an admin, every part); answers the text the console shows. */
  @ApiDoc({
    summary:
      'A seller approves its part of a refund (an admin, every part); answers the text the console shows',
    answer: { contentType: 'text/plain', schema: z.string() },
    errors: {
      400: `${BAD_INPUT}; the caller's part already decided`,
      403: 'NOT_YOUR_REFUND: no lines of the caller in it',
      404: 'NOT_FOUND: no such refund',
    },
  })
  @Post('refunds/:rfno/approve')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  approve(@Param() { rfno }: RefundPath, @Caller() caller: SessionClaims): Promise<string> {
    return this.refunds.approve(rfno, { mno: caller.mno, role: caller.role });
  }

  /** Ours: a seller (or an admin) refuses the refund, with a reason the shopper reads. */
  @ApiDoc({
    summary: 'Ours: a seller (or an admin) refuses a refund with a reason the shopper reads',
    answer: { contentType: 'text/plain', schema: z.string() },
    errors: {
      400: `${BAD_INPUT}; the caller's part already decided`,
      403: 'NOT_YOUR_REFUND: no lines of the caller in it',
      404: 'NOT_FOUND: no such refund',
    },
  })
  @Post('refunds/:rfno/reject')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  reject(
    @Param() { rfno }: RefundPath,
    @Body() { reason }: RejectBody,
    @Caller() caller: SessionClaims,
  ): Promise<string> {
    return this.refunds.reject(rfno, { mno: caller.mno, role: caller.role }, reason);
  }
}
