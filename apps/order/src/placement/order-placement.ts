import { Injectable } from '@nestjs/common';
import { OrderPlacedV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import { lineTotal, ceilTo10Won, discountedPrice } from '@mkt/pricing';
import { OrderDatabase } from '../database';

/** A line to order with the catalogue prices it is charged at (read from catalog, never from the browser). */
export interface OrderLineInput {
  odno: number;
  pno: number;
  sellerId: number;
  pName: string;
  odName: string;
  count: number;
  pPrice: number;
  pSalePer: number;
  odPrice: number;
}

export interface PlaceOrder {
  mno: number;
  /** One key per checkout: a repeated submission returns the order the first one placed. */
  idempotencyKey: string;
  receiver: string;
  address: string;
  phone: string;
  lines: OrderLineInput[];
  cartItemIds: number[];
}

export interface PlacedOrder {
  ono: number;
  totalPrice: number;
  /** False when the idempotency key had already placed this order. */
  created: boolean;
}

/**
 * Saves an order and announces it (order.placed) in one transaction. The total is computed here
 * from catalogue prices with the marketplace's rounding rule.
 */
@Injectable()
export class OrderPlacement {
  constructor(
    private readonly db: OrderDatabase,
    private readonly outbox: Outbox,
  ) {}

  async place(command: PlaceOrder): Promise<PlacedOrder> {
    const existing = await this.find(command.idempotencyKey);
    if (existing) return existing;
    const lines = command.lines.map((line) => ({
      ...line,
      unitPrice: ceilTo10Won(discountedPrice(line.pPrice, line.pSalePer) + line.odPrice),
      total: lineTotal(line.pPrice, line.pSalePer, line.odPrice, line.count),
    }));
    const totalPrice = lines.reduce((sum, line) => sum + line.total, 0);
    try {
      return await this.db.$transaction(async (tx) => {
        const order = await tx.order.create({
          data: {
            mno: command.mno,
            oTotalPrice: totalPrice,
            oAddress: command.address,
            oReceiver: command.receiver,
            oReceiverPhoNum: command.phone,
            idempotencyKey: command.idempotencyKey,
            details: {
              create: lines.map((line) => ({
                odno: line.odno,
                pno: line.pno,
                sellerId: line.sellerId,
                pName: line.pName,
                odName: line.odName,
                orCount: line.count,
                orPrice: line.unitPrice,
              })),
            },
          },
          include: { details: true },
        });
        await this.outbox.enqueue(
          tx,
          OrderPlacedV1,
          {
            ono: order.ono,
            mno: order.mno,
            totalPrice,
            lines: order.details.map((d) => ({
              orno: d.orno,
              odno: d.odno,
              pno: d.pno,
              sellerId: d.sellerId,
              count: d.orCount,
              price: d.orPrice,
            })),
            cartItemIds: command.cartItemIds,
          },
          { aggregateId: order.ono },
        );
        return { ono: order.ono, totalPrice, created: true };
      });
    } catch (error) {
      // Two submissions with one key raced; the loser answers with the winner's order.
      const winner = await this.find(command.idempotencyKey);
      if (winner) return winner;
      throw error;
    }
  }

  private async find(idempotencyKey: string): Promise<PlacedOrder | null> {
    const order = await this.db.order.findUnique({
      where: { idempotencyKey },
      select: { ono: true, oTotalPrice: true },
    });
    return order ? { ono: order.ono, totalPrice: order.oTotalPrice, created: false } : null;
  }
}
