import { Injectable } from '@nestjs/common';
import type { OrderDto } from '@mkt/contracts';
import { ORDER_CANCEL_REASON_TEXT, OrderMessages } from '@mkt/contracts';
import { NotFound } from '@mkt/platform';
import { OrderDatabase } from '../database';
import type { Prisma } from '../database';
import type { CancelReason } from '../process/order-process';

const withLines = { details: { orderBy: { orno: 'asc' } } } as const;
type OrderRow = Prisma.OrderGetPayload<{ include: typeof withLines }>;

function toOrderDto(row: OrderRow): OrderDto {
  return {
    ono: row.ono,
    mno: row.mno,
    orderDate: row.orderDate.toISOString(),
    o_totalPrice: row.oTotalPrice,
    status: row.status,
    o_address: row.oAddress,
    o_reciver: row.oReceiver,
    o_reciverPhoNum: row.oReceiverPhoNum,
    cancelReason: row.cancelReason ? ORDER_CANCEL_REASON_TEXT[row.cancelReason as CancelReason] : null,
    orderDetails: row.details.map((line) => ({
      orno: line.orno,
      odno: line.odno,
      pno: line.pno,
      sellerId: line.sellerId,
      p_name: line.pName,
      od_name: line.odName,
      or_count: line.orCount,
      or_price: line.orPrice,
      or_amount: line.orAmount,
      rno: line.rno,
      review_flag: line.reviewFlag,
      productImage: line.piName ? [{ pi_name: line.piName }] : [],
    })),
  };
}

/** What the seller console asks: a seller's orders (or, for an admin, all), of one status, of one member. */
export interface SellerOrderFilter {
  sellerId?: number;
  status?: 'ORDER_COMPLETE' | 'REFUND_PENDING' | 'REFUND_COMPLETE';
  mno?: number;
}

/** Orders a seller's console lists: paid ones and their refunds (not those waiting for payment, not cancelled ones). */
const SELLER_CONSOLE_STATUSES = ['ORDER_COMPLETE', 'REFUND_PENDING', 'REFUND_COMPLETE'] as const;

/** Orders as shoppers, sellers, admins (and payment and refund) read them. */
@Injectable()
export class OrderReads {
  constructor(private readonly db: OrderDatabase) {}

  /** The member's orders, newest first. */
  async ofMember(mno: number): Promise<OrderDto[]> {
    const rows = await this.db.order.findMany({
      where: { mno },
      orderBy: { ono: 'desc' },
      include: withLines,
    });
    return rows.map(toOrderDto);
  }

  /** One order; `mno`, when given, must be its member's (another member's order is not found). */
  async one(ono: number, mno?: number): Promise<OrderDto> {
    const row = await this.db.order.findFirst({ where: { ono, mno }, include: withLines });
    if (!row) throw new NotFound(OrderMessages.orderNotFound);
    return toOrderDto(row);
  }

  /**
   * Orders holding the seller's lines, with only those lines and their amount as the total; an
   * admin (no seller) sees every order whole, whatever its status. Oldest first, as the console sorts by default.
   */
  async forConsole({ sellerId, status, mno }: SellerOrderFilter): Promise<OrderDto[]> {
    const rows = await this.db.order.findMany({
      where: {
        // An admin's 전체 is every order, unpaid and cancelled ones too.
        status: status ?? (sellerId === undefined ? undefined : { in: [...SELLER_CONSOLE_STATUSES] }),
        mno,
        details: sellerId === undefined ? undefined : { some: { sellerId } },
      },
      orderBy: { ono: 'asc' },
      include: withLines,
    });
    return rows.map((row) => {
      if (sellerId === undefined) return toOrderDto(row);
      const details = row.details.filter((line) => line.sellerId === sellerId);
      return toOrderDto({
        ...row,
        details,
        oTotalPrice: details.reduce((sum, l) => sum + l.orAmount, 0),
      });
    });
  }
}
