import { Controller, Get, Param, Query } from '@nestjs/common';
import type { SellerOrderDto } from '@mkt/contracts';
import { sellerOrderStatusSchema, sellerOrderSchema } from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { OrderClient } from '../services/order.client';
import { RefundClient } from '../services/refund.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';
import { z } from 'zod';

/** An empty `status` (the console's "all") is none. */
class StatusQuery extends createZodDto(
  z.object({
    status: z.union([sellerOrderStatusSchema, z.literal('').transform(() => undefined)]).optional(),
  }),
) {}
class MemberPath extends idPath('mno') {}

/**
 * The seller and admin consoles' orders: a seller sees the orders holding its lines, only those
 * lines and their amount; an admin sees every order whole. Each with its refund, if any.
 */
@Controller('api/orders')
export class ConsoleOrdersController {
  constructor(
    private readonly orders: OrderClient,
    private readonly refunds: RefundClient,
  ) {}

  @ApiDoc({
    summary:
      "The consoles' orders: a seller's hold its lines (only those), an admin's are all, each with its refund",
    answer: z.array(sellerOrderSchema),
  })
  @Get()
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  all(@Caller() caller: SessionClaims): Promise<SellerOrderDto[]> {
    return this.list(caller, {});
  }

  @ApiDoc({
    summary: "The consoles' orders in one status",
    answer: z.array(sellerOrderSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('status')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  byStatus(@Query() { status }: StatusQuery, @Caller() caller: SessionClaims): Promise<SellerOrderDto[]> {
    return this.list(caller, { status });
  }

  @ApiDoc({
    summary: "The consoles' orders of one member, optionally in one status",
    answer: z.array(sellerOrderSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('user/:mno/status')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  ofMember(
    @Param() { mno }: MemberPath,
    @Query() { status }: StatusQuery,
    @Caller() caller: SessionClaims,
  ): Promise<SellerOrderDto[]> {
    return this.list(caller, { mno, status });
  }

  private async list(
    caller: SessionClaims,
    filter: { status?: string; mno?: number },
  ): Promise<SellerOrderDto[]> {
    const sellerId = caller.role === 'ADMIN' ? undefined : caller.mno;
    const orders = await this.orders.forConsole({ ...filter, sellerId });
    const refunds = new Map(
      (
        await this.refunds.ofOrders(
          orders.map((order) => order.ono),
          sellerId,
        )
      ).map((refund) => [refund.ono, refund]),
    );
    return orders.map((order) => {
      const refund = refunds.get(order.ono);
      return {
        ono: order.ono,
        orderDate: order.orderDate,
        o_totalPrice: order.o_totalPrice,
        status: order.status,
        mno: order.mno,
        o_address: order.o_address,
        o_reciver: order.o_reciver,
        o_reciverPhoNum: order.o_reciverPhoNum,
        refundDTO: refund
          ? {
              rfno: refund.rfno,
              rf_requestDate: refund.requestDate,
              rf_completeDate: refund.completeDate,
              rf_status: refund.status,
              rf_reason: refund.reason,
              myPart: refund.myPart,
              parts: refund.parts,
            }
          : null,
        orderDetails: order.orderDetails.map((line) => ({
          orno: line.orno,
          pno: line.pno,
          p_name: line.p_name,
          od_name: line.od_name,
          or_count: line.or_count,
          or_price: line.or_price,
          or_amount: line.or_amount,
        })),
      };
    });
  }
}
