import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { OrderDto, OrderStanding, PlacedOrderDto } from '@mkt/contracts';
import {
  orderCreateSchema,
  orderDecisionWaitSchema,
  paymentAbandonedSchema,
  positiveIdSchema,
  sellerOrderStatusSchema,
} from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { AbandonPayment } from '../checkout/abandon-payment';
import { PlaceOrder } from '../checkout/place-order';
import { OrderReads } from './order-reads';

class MemberPath extends idPath('mno') {}
class MemberOrderPath extends idPath('mno', 'ono') {}
class OrderPath extends idPath('ono') {}
class ConsoleQuery extends createZodDto(
  z.object({
    sellerId: positiveIdSchema.optional(),
    status: sellerOrderStatusSchema.optional(),
    mno: positiveIdSchema.optional(),
  }),
) {}
/** One of two shapes, under one name so that the DTO is an object. */
class OwnChangeQuery extends createZodDto(
  z
    .union([
      z.object({ ono: positiveIdSchema, rfno: positiveIdSchema }),
      z.object({ orno: positiveIdSchema }),
    ])
    .transform((change) => ({ change })),
) {}
class PlacementBody extends createZodDto(
  z.object({
    mno: positiveIdSchema,
    idempotencyKey: z.string().trim().min(1).max(100),
    order: orderCreateSchema,
  }),
) {}
class AbandonedBody extends createZodDto(paymentAbandonedSchema) {}
class DecisionWaitQuery extends createZodDto(
  z.object({ waitMs: z.coerce.number().pipe(orderDecisionWaitSchema) }),
) {}

/** Internal: the BFF (for the signed-in member) and payment (reading an order's total) call these. */
@Controller('orders')
export class OrderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: OrderReads,
  ) {}

  @Post()
  place(@Body() { mno, idempotencyKey, order }: PlacementBody): Promise<PlacedOrderDto> {
    return this.commands.execute(new PlaceOrder(mno, idempotencyKey, order));
  }

  @Post('member/:mno/:ono/payment-abandoned')
  paymentAbandoned(
    @Param() { mno, ono }: MemberOrderPath,
    @Body() { outcome }: AbandonedBody,
  ): Promise<OrderDto> {
    return this.commands.execute(new AbandonPayment(mno, ono, outcome));
  }

  @Get('member/:mno')
  ofMember(@Param() { mno }: MemberPath): Promise<OrderDto[]> {
    return this.reads.ofMember(mno);
  }

  @Get('member/:mno/:ono')
  memberOrder(@Param() { mno, ono }: MemberOrderPath): Promise<OrderDto> {
    return this.reads.one(ono, mno);
  }

  /** The member's order once it shows their own refund request (`ono`, `rfno`) or review (`orno`). */
  @Get('own-change/:mno')
  showingOwnChange(@Param() { mno }: MemberPath, @Query() { change }: OwnChangeQuery): Promise<OrderDto> {
    return this.reads.showing(mno, change);
  }

  @Get('console')
  console(@Query() query: ConsoleQuery): Promise<OrderDto[]> {
    return this.reads.forConsole(query);
  }

  /** Where the order stands once its process ended, waiting up to `waitMs` (payment's verification asks this). */
  @Get(':ono/decided')
  decided(@Param() { ono }: OrderPath, @Query() { waitMs }: DecisionWaitQuery): Promise<OrderStanding> {
    return this.reads.decided(ono, waitMs);
  }

  /** Where the order stands now, without its lines (payment's verification asks this). */
  @Get(':ono/standing')
  standing(@Param() { ono }: OrderPath): Promise<OrderStanding> {
    return this.reads.standing(ono);
  }

  @Get(':ono')
  order(@Param() { ono }: OrderPath): Promise<OrderDto> {
    return this.reads.one(ono);
  }
}
