import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { OptionSnapshot, OrderCreate, PlacedOrderDto } from '@mkt/contracts';
import { OrderMessages, OrderPlacedV1 } from '@mkt/contracts';
import { CatalogOptions } from '@mkt/internal-clients';
import { Outbox } from '@mkt/messaging';
import { BadInput } from '@mkt/http';
import { ceilTo10Won, discountedPrice, lineTotal } from '@mkt/pricing';
import { OrderDatabase } from '../database';
import { OrderReads } from '../orders/order-reads';

/** A shopper's checkout: one order per idempotency key, priced from catalog's current values. */
export class PlaceOrder {
  constructor(
    readonly mno: number,
    readonly idempotencyKey: string,
    readonly order: OrderCreate,
  ) {}
}

/** Keys are per member: another member's key names none of this member's orders. */
const memberKey = (mno: number, idempotencyKey: string) => `${mno}:${idempotencyKey}`;

interface PricedLine {
  option: OptionSnapshot;
  count: number;
  unitPrice: number;
  total: number;
}

/** The order's lines at catalog's current prices; a line catalog would not sell now is refused. */
async function priceLines(catalog: CatalogOptions, order: OrderCreate): Promise<PricedLine[]> {
  const counts = new Map<number, number>();
  for (const line of order.orderDetails) {
    if (line.odno === undefined) throw new BadInput(OrderMessages.optionRequired(line.p_name ?? '상품'));
    counts.set(line.odno, (counts.get(line.odno) ?? 0) + line.or_count);
  }
  const options = await catalog.find([...counts.keys()]);
  return [...counts].map(([odno, count]) => {
    const option = options.get(odno);
    if (!option) throw new BadInput(OrderMessages.unknownOption);
    if (option.delFlag) throw new BadInput(OrderMessages.productDeleted(option.p_name));
    if (count > option.od_stock) throw new BadInput(OrderMessages.overStock(option.p_name, option.od_stock));
    return {
      option,
      count,
      unitPrice: ceilTo10Won(discountedPrice(option.p_price, option.p_salePer) + option.od_price),
      total: lineTotal(option.p_price, option.p_salePer, option.od_price, count),
    };
  });
}

/**
 * How long placing waits for catalog's answer on the order's stock (an event's round trip), so that
 * a shopper whose pieces another order took is told before paying; past it the shopper pays, and a
 * rejection later cancels the order and gives the money back.
 */
export const STOCK_ANSWER_WAIT_MS = Symbol('STOCK_ANSWER_WAIT_MS');

/**
 * Saves the order (PAYMENT_PENDING) and announces it (order.placed) in one transaction, then answers
 * once catalog reserved its stock. The total is the server's; a total the shopper saw that differs
 * from it is refused. An order whose stock catalog refused (another order took the last pieces after
 * this one's prices were read) is cancelled and refused, as it would have been a moment later.
 */
@CommandHandler(PlaceOrder)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrder, PlacedOrderDto> {
  constructor(
    private readonly db: OrderDatabase,
    private readonly outbox: Outbox,
    private readonly reads: OrderReads,
    @Inject(CatalogOptions) private readonly catalog: CatalogOptions,
    @Inject(STOCK_ANSWER_WAIT_MS) private readonly stockAnswerWaitMs: number,
  ) {}

  async execute({ mno, idempotencyKey, order }: PlaceOrder): Promise<PlacedOrderDto> {
    const placed =
      (await this.placedWith(mno, idempotencyKey)) ?? (await this.place(mno, idempotencyKey, order));
    if ((await this.reads.stockAnswer(placed.ono, this.stockAnswerWaitMs)) === 'REJECTED') {
      // The lines as catalog shows them now name what ran short; had the pieces come back meanwhile, say so plainly.
      await priceLines(this.catalog, order);
      throw new BadInput(OrderMessages.soldOutWhilePlacing);
    }
    return placed;
  }

  private async place(mno: number, idempotencyKey: string, order: OrderCreate): Promise<PlacedOrderDto> {
    const lines = await priceLines(this.catalog, order);
    const totalPrice = lines.reduce((sum, line) => sum + line.total, 0);
    if (order.o_totalPrice !== undefined && order.o_totalPrice !== totalPrice)
      throw new BadInput(OrderMessages.totalChanged(totalPrice));
    try {
      return await this.db.$transaction(async (tx) => {
        const placed = await tx.order.create({
          data: {
            mno,
            oTotalPrice: totalPrice,
            oAddress: order.o_address,
            oReceiver: order.o_reciver,
            oReceiverPhoNum: order.o_reciverPhoNum,
            idempotencyKey: memberKey(mno, idempotencyKey),
            cartItemIds: order.cartItemIds ?? [],
            details: {
              create: lines.map(({ option, count, unitPrice, total }) => ({
                odno: option.odno,
                pno: option.pno,
                sellerId: option.sellerId,
                pName: option.p_name,
                odName: option.od_name,
                piName: option.pi_name,
                orCount: count,
                orPrice: unitPrice,
                orAmount: total,
              })),
            },
          },
          include: { details: { orderBy: { orno: 'asc' } } },
        });
        await this.outbox.enqueue(
          tx,
          OrderPlacedV1,
          {
            ono: placed.ono,
            mno,
            totalPrice,
            lines: placed.details.map((line) => ({
              orno: line.orno,
              odno: line.odno,
              pno: line.pno,
              sellerId: line.sellerId,
              count: line.orCount,
              price: line.orPrice,
            })),
            cartItemIds: placed.cartItemIds,
          },
          { aggregateId: placed.ono },
        );
        return { ono: placed.ono, o_totalPrice: totalPrice, status: placed.status };
      });
    } catch (error) {
      // Two submissions with one key raced; the loser answers with the winner's order.
      const winner = await this.placedWith(mno, idempotencyKey);
      if (winner) return winner;
      throw error;
    }
  }

  private async placedWith(mno: number, idempotencyKey: string): Promise<PlacedOrderDto | null> {
    const order = await this.db.order.findUnique({
      where: { idempotencyKey: memberKey(mno, idempotencyKey) },
    });
    return order && { ono: order.ono, o_totalPrice: order.oTotalPrice, status: order.status };
  }
}
