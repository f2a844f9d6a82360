import { Inject, Injectable } from '@nestjs/common';
import type { OrderDto, OrderStanding } from '@mkt/contracts';
import { ORDER_CANCEL_REASON_TEXT, OrderMessages, PAID_CANCEL_REFUND_TEXT } from '@mkt/contracts';
import type { DatabaseNotices } from '@mkt/messaging';
import type { Heard } from '@mkt/messaging';
import { keyed, waitForNotice } from '@mkt/messaging';
import { NotFound } from '@mkt/http';
import { DATABASE_NOTICES } from '@mkt/platform';
import { OrderDatabase } from '../database';
import type { Prisma } from '../database';
import type { CancelReason } from '../process/order-process';

const withLines = { details: { orderBy: { orno: 'asc' } } } as const;
type OrderRow = Prisma.OrderGetPayload<{ include: typeof withLines }>;

function cancelReasonText(reason: CancelReason, paid: boolean): string {
  return paid
    ? `${ORDER_CANCEL_REASON_TEXT[reason]} ${PAID_CANCEL_REFUND_TEXT}`
    : ORDER_CANCEL_REASON_TEXT[reason];
}

const standingColumns = {
  ono: true,
  oTotalPrice: true,
  status: true,
  cancelReason: true,
  paidPmno: true,
} as const;
type StandingRow = Prisma.OrderGetPayload<{ select: typeof standingColumns }>;

function toStanding(row: StandingRow): OrderStanding {
  return {
    ono: row.ono,
    o_totalPrice: row.oTotalPrice,
    status: row.status,
    cancelReason:
      row.cancelReason && cancelReasonText(row.cancelReason as CancelReason, row.paidPmno !== null),
  };
}

function toOrderDto(row: OrderRow): OrderDto {
  return {
    ...toStanding(row),
    mno: row.mno,
    orderDate: row.orderDate.toISOString(),
    o_address: row.oAddress,
    o_reciver: row.oReceiver,
    o_reciverPhoNum: row.oReceiverPhoNum,
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

/**
 * A member's own change made elsewhere that their order shows once its event lands: the refund
 * `rfno` they asked for on order `ono`, or their review of line `orno`.
 */
export type OwnChange = { ono: number; rfno: number } | { orno: number };

/** What an update of an order's refund or of a line's review notifies, with the order's number (migration 0006). */
const ORDER_CHANGED = 'order_changed';

/**
 * What an update of an order's status notifies, with the order's standing columns as a `StandingRow`
 * (migration 0010: its trigger names the columns of `standingColumns`).
 */
const ORDER_DECIDED = 'order_decided';

/** How long a read after a member's own change waits for it to land: the event's hop, with room for a busy machine. */
const OWN_CHANGE_WAIT_MS = 2_000;

/** Orders as shoppers, sellers, admins (and payment and refund) read them. */
@Injectable()
export class OrderReads {
  constructor(
    private readonly db: OrderDatabase,
    @Inject(DATABASE_NOTICES) private readonly notices: DatabaseNotices,
  ) {}

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
    return toOrderDto(await this.row(ono, mno));
  }

  /** Where the order stands, without its lines (payment's verification reads this). */
  async standing(ono: number): Promise<OrderStanding> {
    return toStanding(await this.standingRow(ono));
  }

  private async standingRow(ono: number): Promise<StandingRow> {
    const row = await this.db.order.findUnique({ where: { ono }, select: standingColumns });
    if (!row) throw new NotFound(OrderMessages.orderNotFound);
    return row;
  }

  private async row(ono: number, mno?: number): Promise<OrderRow> {
    const row = await this.db.order.findFirst({ where: { ono, mno }, include: withLines });
    if (!row) throw new NotFound(OrderMessages.orderNotFound);
    return row;
  }

  /**
   * The member's order as soon as it shows their own `change` (woken by its commit), so that a
   * read right after the change shows it; as it is after OWN_CHANGE_WAIT_MS otherwise.
   */
  async showing(mno: number, change: OwnChange): Promise<OrderDto> {
    const ono =
      'ono' in change
        ? change.ono
        : (await this.db.orderDetail.findFirst({ where: { orno: change.orno, order: { mno } } }))?.ono;
    if (ono === undefined) throw new NotFound(OrderMessages.orderNotFound);
    const shows = (row: OrderRow) =>
      'rfno' in change
        ? (row.refundRfno ?? 0) >= change.rfno
        : row.details.some((line) => line.orno === change.orno && line.rno !== null);
    const shown = await waitForNotice(
      this.notices,
      ORDER_CHANGED,
      keyed(String(ono)),
      async () => {
        const row = await this.row(ono, mno);
        return shows(row) ? row : undefined;
      },
      OWN_CHANGE_WAIT_MS,
    );
    return toOrderDto(shown ?? (await this.row(ono, mno)));
  }

  /**
   * Where the order stands once its process ended (ORDER_COMPLETE or CANCEL), as the commit that
   * ended it announces; as it is after `waitMs` otherwise.
   */
  async decided(ono: number, waitMs: number): Promise<OrderStanding> {
    const decided = await waitForNotice(
      this.notices,
      ORDER_DECIDED,
      (payload): Heard<StandingRow> => {
        const row = JSON.parse(payload) as StandingRow;
        if (row.ono !== ono) return 'unrelated';
        return row.status === 'PAYMENT_PENDING' ? 'look' : { found: row };
      },
      async () => {
        const row = await this.standingRow(ono);
        return row.status === 'PAYMENT_PENDING' ? undefined : row;
      },
      waitMs,
    );
    return toStanding(decided ?? (await this.standingRow(ono)));
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
