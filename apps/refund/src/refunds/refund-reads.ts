import { Injectable } from '@nestjs/common';
import type {
  RefundHistoryItem,
  RefundHistoryPage,
  RefundHistoryQuery,
  RefundOfOrderDto,
} from '@mkt/contracts';
import type { Prisma } from '../database';
import { RefundDatabase } from '../database';
import type { RefundWithParts } from './refund-views';
import { toHistoryItem, toPartDto } from './refund-views';

@Injectable()
export class RefundReads {
  constructor(private readonly db: RefundDatabase) {}

  /** The member's refunds, a page at a time (zero-based), filtered and sorted as the history asks. */
  async history(mno: number, query: RefundHistoryQuery): Promise<RefundHistoryPage> {
    const [field, direction] = query.sort.split(',') as ['requestDate' | 'amount', 'asc' | 'desc'];
    const statuses: Prisma.RefundWhereInput['status'] =
      query.status === 'all'
        ? undefined
        : query.status === 'PENDING'
          ? { in: ['PENDING', 'APPROVED'] }
          : query.status;
    const where: Prisma.RefundWhereInput = { mno, status: statuses };
    const [rows, total] = await Promise.all([
      this.db.refund.findMany({
        where,
        orderBy: [{ [field]: direction }, { rfno: direction }],
        skip: query.page * query.size,
        take: query.size,
        include: { parts: true },
      }),
      this.db.refund.count({ where }),
    ]);
    return {
      content: await this.asHistory(rows),
      totalPages: Math.ceil(total / query.size),
      totalElements: total,
      number: query.page,
      size: query.size,
    };
  }

  /** The refunds of the member's order, oldest first (the first, and the one asking again). */
  async ofMemberOrder(mno: number, ono: number): Promise<RefundHistoryItem[]> {
    const rows = await this.db.refund.findMany({
      where: { mno, ono },
      orderBy: { rfno: 'asc' },
      include: { parts: true },
    });
    return this.asHistory(rows);
  }

  /** The latest refund of each of these orders; `sellerId` names whose part to report (undefined: an admin, every part). */
  async ofOrders(onos: number[], sellerId: number | undefined): Promise<RefundOfOrderDto[]> {
    const rows = await this.db.refund.findMany({
      where: { ono: { in: onos } },
      orderBy: { rfno: 'asc' },
      include: { parts: true },
    });
    // A seller's view is the latest refund holding its part (asking again covers only rejected parts).
    const relevant =
      sellerId === undefined
        ? rows
        : rows.filter((refund) => refund.parts.some((part) => part.sellerId === sellerId));
    const latest = new Map(relevant.map((refund) => [refund.ono, refund]));
    return [...latest.values()].map((refund) => {
      const visible = refund.parts
        .filter((part) => sellerId === undefined || part.sellerId === sellerId)
        .sort((a, b) => a.sellerId - b.sellerId);
      return {
        rfno: refund.rfno,
        ono: refund.ono,
        status: refund.status,
        reason: refund.reason,
        requestDate: refund.requestDate.toISOString(),
        completeDate: refund.completeDate?.toISOString() ?? null,
        myPart: refund.parts.find((part) => part.sellerId === sellerId)?.status ?? null,
        parts: visible.map(toPartDto),
      };
    });
  }

  private async asHistory(rows: RefundWithParts[]): Promise<RefundHistoryItem[]> {
    const askedAgain = await this.db.refund.findMany({
      where: { retryOfRfno: { in: rows.map((refund) => refund.rfno) } },
      select: { retryOfRfno: true },
    });
    const asked = new Set(askedAgain.map((refund) => refund.retryOfRfno));
    return rows.map((refund) => toHistoryItem(refund, asked.has(refund.rfno)));
  }
}
