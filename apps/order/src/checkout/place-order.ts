import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { OptionSnapshot, OrderCreate, PlacedOrderDto, ShortLine } from '@mkt/contracts';
import { OrderMessages, OrderPlacedV1 } from '@mkt/contracts';
import { CatalogOptions } from '@mkt/internal-clients';
import { Outbox } from '@mkt/messaging';
import { BadInput } from '@mkt/http';
import { ceilTo10Won, discountedPrice, lineTotal } from '@mkt/pricing';
import { OrderDatabase } from '../database';

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

/** What a shopper reads when catalog could not hold a line: the first short line, by its product's name. */
function shortMessage(lines: PricedLine[], [short]: ShortLine[]): string {
  const name = lines.find((line) => line.option.odno === short.odno)?.option.p_name ?? '상품';
  return OrderMessages.overStock(name, short.available);
}

/**
 * Holds the order's stock at catalog, then saves the order (PAYMENT_PENDING) and announces it
 * (order.placed, naming the hold it claims) in one transaction. A shopper whose pieces another
 * checkout took is refused before any order exists, so nobody pays for pieces that are gone. The
 * total is the server's; a total the shopper saw that differs from it is refused.
 */
@CommandHandler(PlaceOrder)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrder, PlacedOrderDto> {
  constructor(
    private readonly db: OrderDatabase,
    private readonly outbox: Outbox,
    @Inject(CatalogOptions) private readonly catalog: CatalogOptions,
  ) {}

  async execute({ mno, idempotencyKey, order }: PlaceOrder): Promise<PlacedOrderDto> {
    const key = memberKey(mno, idempotencyKey);
    return (await this.placedWith(key)) ?? (await this.place(mno, key, order));
  }

  private async place(mno: number, key: string, order: OrderCreate): Promise<PlacedOrderDto> {
    const lines = await priceLines(this.catalog, order);
    const totalPrice = lines.reduce((sum, line) => sum + line.total, 0);
    if (order.o_totalPrice !== undefined && order.o_totalPrice !== totalPrice)
      throw new BadInput(OrderMessages.totalChanged(totalPrice));
    const hold = await this.catalog.hold({
      key,
      lines: lines.map(({ option, count }) => ({ odno: option.odno, pno: option.pno, count })),
    });
    if (!hold.held) throw new BadInput(shortMessage(lines, hold.shortLines));
    try {
      return await this.db.$transaction(async (tx) => {
        const placed = await tx.order.create({
          data: {
            mno,
            oTotalPrice: totalPrice,
            oAddress: order.o_address,
            oReceiver: order.o_reciver,
            oReceiverPhoNum: order.o_reciverPhoNum,
            idempotencyKey: key,
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
            stockHold: key,
          },
          { aggregateId: placed.ono },
        );
        return { ono: placed.ono, o_totalPrice: totalPrice, status: placed.status };
      });
    } catch (error) {
      // Two submissions with one key raced; the loser answers with the winner's order, which claims the hold.
      const winner = await this.placedWith(key);
      if (winner) return winner;
      // Nothing was saved: the pieces go back on sale now (or when the hold runs out, if catalog cannot be told).
      await this.catalog.releaseHold(key).catch(() => undefined);
      throw error;
    }
  }

  private async placedWith(key: string): Promise<PlacedOrderDto | null> {
    const order = await this.db.order.findUnique({ where: { idempotencyKey: key } });
    return order && { ono: order.ono, o_totalPrice: order.oTotalPrice, status: order.status };
  }
}
