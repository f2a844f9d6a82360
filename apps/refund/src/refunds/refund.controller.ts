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
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { DecideRefund } from './decide-refund';
import { RefundReads } from './refund-reads';
import { RequestRefund } from './request-refund';

const decider = z.object({ mno: positiveIdSchema, role: z.enum(['MEMBER', 'SELLER', 'ADMIN']) });

class OrderPath extends idPath('ono') {}
class MemberPath extends idPath('mno') {}
class MemberOrderPath extends idPath('mno', 'ono') {}
class RefundPath extends idPath('rfno') {}
class HistoryQuery extends createZodDto(refundHistoryQuerySchema) {}
class OfOrdersQuery extends createZodDto(
  z.object({ ono: idListSchema, sellerId: positiveIdSchema.optional() }),
) {}
class RequesterBody extends createZodDto(z.object({ mno: positiveIdSchema, request: refundRequestSchema })) {}
class ApproveBody extends createZodDto(decider) {}
class RejectBody extends createZodDto(refundRejectSchema.extend(decider.shape)) {}

/** Internal: the BFF calls these for the signed-in member, seller or admin. */
@Controller('refunds')
export class RefundController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: RefundReads,
  ) {}

  @Post('order/:ono')
  request(@Param() { ono }: OrderPath, @Body() { mno, request }: RequesterBody): Promise<RefundDto> {
    return this.commands.execute(new RequestRefund(mno, ono, request.rf_reason));
  }

  @Get('member/:mno')
  history(@Param() { mno }: MemberPath, @Query() query: HistoryQuery): Promise<RefundHistoryPage> {
    return this.reads.history(mno, query);
  }

  @Get('member/:mno/order/:ono')
  ofMemberOrder(@Param() { mno, ono }: MemberOrderPath): Promise<RefundHistoryItem[]> {
    return this.reads.ofMemberOrder(mno, ono);
  }

  @Get('of-orders')
  ofOrders(@Query() { ono, sellerId }: OfOrdersQuery): Promise<RefundOfOrderDto[]> {
    return this.reads.ofOrders(ono, sellerId);
  }

  @Post(':rfno/approve')
  @HttpCode(200)
  async approve(@Param() { rfno }: RefundPath, @Body() decider: ApproveBody): Promise<{ message: string }> {
    const message = await this.commands.execute<DecideRefund, string>(
      new DecideRefund(rfno, decider, { approve: true }),
    );
    return { message };
  }

  @Post(':rfno/reject')
  @HttpCode(200)
  async reject(
    @Param() { rfno }: RefundPath,
    @Body() { reason, ...decider }: RejectBody,
  ): Promise<{ message: string }> {
    const message = await this.commands.execute<DecideRefund, string>(
      new DecideRefund(rfno, decider, { approve: false, reason }),
    );
    return { message };
  }
}
