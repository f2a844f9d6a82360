import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { OrderDto, PlacedOrderDto } from '@mkt/contracts';
import {
  orderCreateSchema,
  orderDecisionWaitSchema,
  paymentAbandonedSchema,
  positiveIdSchema,
  sellerOrderStatusSchema,
} from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { AbandonPayment } from '../checkout/abandon-payment';
import { PlaceOrder } from '../checkout/place-order';
import { OrderReads } from './order-reads';

const id = (value: string) => parseInput(positiveIdSchema, value);
const consoleQuery = z.object({
  sellerId: positiveIdSchema.optional(),
  status: sellerOrderStatusSchema.optional(),
  mno: positiveIdSchema.optional(),
});
const ownChange = z.union([
  z.object({ ono: positiveIdSchema, rfno: positiveIdSchema }),
  z.object({ orno: positiveIdSchema }),
]);
const decisionWait = z.object({ waitMs: z.coerce.number().pipe(orderDecisionWaitSchema) });
const placement = z.object({
  mno: positiveIdSchema,
  idempotencyKey: z.string().trim().min(1).max(100),
  order: orderCreateSchema,
});

/** Internal: the BFF (for the signed-in member) and payment (reading an order's total) call these. */
@Controller('orders')
export class OrderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: OrderReads,
  ) {}

  @Post()
  place(@Body() body: unknown): Promise<PlacedOrderDto> {
    const { mno, idempotencyKey, order } = parseInput(placement, body);
    return this.commands.execute(new PlaceOrder(mno, idempotencyKey, order));
  }

  @Post('member/:mno/:ono/payment-abandoned')
  paymentAbandoned(
    @Param('mno') mno: string,
    @Param('ono') ono: string,
    @Body() body: unknown,
  ): Promise<OrderDto> {
    const { outcome } = parseInput(paymentAbandonedSchema, body);
    return this.commands.execute(new AbandonPayment(id(mno), id(ono), outcome));
  }

  @Get('member/:mno')
  ofMember(@Param('mno') mno: string): Promise<OrderDto[]> {
    return this.reads.ofMember(id(mno));
  }

  @Get('member/:mno/:ono')
  memberOrder(@Param('mno') mno: string, @Param('ono') ono: string): Promise<OrderDto> {
    return this.reads.one(id(ono), id(mno));
  }

  /** The member's order once it shows their own refund request (`ono`, `rfno`) or review (`orno`). */
  @Get('own-change/:mno')
  showingOwnChange(@Param('mno') mno: string, @Query() query: unknown): Promise<OrderDto> {
    return this.reads.showing(id(mno), parseInput(ownChange, query));
  }

  @Get('console')
  console(@Query() query: unknown): Promise<OrderDto[]> {
    return this.reads.forConsole(parseInput(consoleQuery, query));
  }

  /** The order once its process ended, waiting up to `waitMs` (payment's verification asks this). */
  @Get(':ono/decided')
  decided(@Param('ono') ono: string, @Query() query: unknown): Promise<OrderDto> {
    return this.reads.decided(id(ono), parseInput(decisionWait, query).waitMs);
  }

  @Get(':ono')
  order(@Param('ono') ono: string): Promise<OrderDto> {
    return this.reads.one(id(ono));
  }
}
