import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RefundDto, RefundHistoryPage } from '@mkt/contracts';
import {
  positiveIdSchema,
  refundHistoryQuerySchema,
  refundRejectSchema,
  refundRequestSchema,
} from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { RefundClient } from '../services/refund.client';

const id = (value: string) => parseInput(positiveIdSchema, value);

/** Shoppers ask for refunds; the sellers of the order (or an admin) decide. */
@Controller('api')
export class RefundController {
  constructor(private readonly refunds: RefundClient) {}

  /** A refund of the caller's complete order; the payment's ids in the body are not read. */
  @Post('orders/:ono/refund')
  @Authenticated({ roles: ['MEMBER'] })
  request(
    @Param('ono') ono: string,
    @Body() body: unknown,
    @Caller() caller: SessionClaims,
  ): Promise<RefundDto> {
    return this.refunds.request(caller.mno, id(ono), parseInput(refundRequestSchema, body));
  }

  /** The caller's refund history (a zero-based Spring-style page). */
  @Get('refunds')
  @Authenticated({ roles: ['MEMBER'] })
  history(@Query() query: unknown, @Caller() caller: SessionClaims): Promise<RefundHistoryPage> {
    return this.refunds.history(caller.mno, parseInput(refundHistoryQuerySchema, query));
  }

  /** A seller approves its part (an admin, every part); answers the text the console shows. */
  @Post('refunds/:rfno/approve')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  approve(@Param('rfno') rfno: string, @Caller() caller: SessionClaims): Promise<string> {
    return this.refunds.approve(id(rfno), { mno: caller.mno, role: caller.role });
  }

  /** Ours: a seller (or an admin) refuses the refund, with a reason the shopper reads. */
  @Post('refunds/:rfno/reject')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  reject(
    @Param('rfno') rfno: string,
    @Body() body: unknown,
    @Caller() caller: SessionClaims,
  ): Promise<string> {
    const { reason } = parseInput(refundRejectSchema, body);
    return this.refunds.reject(id(rfno), { mno: caller.mno, role: caller.role }, reason);
  }
}
