import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { RefundDto, RefundHistoryItem, RefundHistoryPage, RefundOfOrderDto } from '@mkt/contracts';
import {
  idListSchema,
  positiveIdSchema,
  refundHistoryQuerySchema,
  refundRejectSchema,
  refundRequestSchema,
} from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { DecideRefund } from './decide-refund';
import { RefundReads } from './refund-reads';
import { RequestRefund } from './request-refund';

const id = (value: unknown) => parseInput(positiveIdSchema, value);
const requester = z.object({ mno: positiveIdSchema, request: refundRequestSchema });
const decider = z.object({ mno: positiveIdSchema, role: z.enum(['MEMBER', 'SELLER', 'ADMIN']) });
const ofOrders = z.object({ ono: idListSchema, sellerId: positiveIdSchema.optional() });

/** Internal: the BFF calls these for the signed-in member, seller or admin. */
@Controller('refunds')
export class RefundController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: RefundReads,
  ) {}

  @Post('order/:ono')
  request(@Param('ono') ono: string, @Body() body: unknown): Promise<RefundDto> {
    const { mno, request } = parseInput(requester, body);
    return this.commands.execute(new RequestRefund(mno, id(ono), request.rf_reason));
  }

  @Get('member/:mno')
  history(@Param('mno') mno: string, @Query() query: unknown): Promise<RefundHistoryPage> {
    return this.reads.history(id(mno), parseInput(refundHistoryQuerySchema, query));
  }

  @Get('member/:mno/order/:ono')
  ofMemberOrder(@Param('mno') mno: string, @Param('ono') ono: string): Promise<RefundHistoryItem[]> {
    return this.reads.ofMemberOrder(id(mno), id(ono));
  }

  @Get('of-orders')
  ofOrders(@Query() query: unknown): Promise<RefundOfOrderDto[]> {
    const { ono, sellerId } = parseInput(ofOrders, query);
    return this.reads.ofOrders(ono, sellerId);
  }

  @Post(':rfno/approve')
  @HttpCode(200)
  async approve(@Param('rfno') rfno: string, @Body() body: unknown): Promise<{ message: string }> {
    const message = await this.commands.execute<DecideRefund, string>(
      new DecideRefund(id(rfno), parseInput(decider, body), { approve: true }),
    );
    return { message };
  }

  @Post(':rfno/reject')
  @HttpCode(200)
  async reject(@Param('rfno') rfno: string, @Body() body: unknown): Promise<{ message: string }> {
    const { reason } = parseInput(refundRejectSchema, body);
    const message = await this.commands.execute<DecideRefund, string>(
      new DecideRefund(id(rfno), parseInput(decider, body), { approve: false, reason }),
    );
    return { message };
  }
}
