import { Injectable } from '@nestjs/common';
import type { RefundHistoryPage, RefundHistoryQuery, RefundOfOrderDto } from '@mkt/contracts';
import type { Prisma } from '../database';
import { RefundDatabase } from '../database';
import { historyStatus } from './refund-views';

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
      }),
      this.db.refund.count({ where }),
    ]);
    return {
      content: rows.map((refund) => ({
        refundId: refund.rfno,
        orderId: refund.ono,
        requestDate: refund.requestDate.toISOString(),
        productName: refund.productName,
        amount: refund.amount,
        status: historyStatus(refund),
      })),
      totalPages: Math.ceil(total / query.size),
      totalElements: total,
      number: query.page,
      size: query.size,
    };
  }

  /** The refunds of these orders; `sellerId` names whose part to report. */
  async ofOrders(onos: number[], sellerId: number | undefined): Promise<RefundOfOrderDto[]> {
    const rows = await this.db.refund.findMany({ where: { ono: { in: onos } }, include: { parts: true } });
    return rows.map((refund) => ({
      rfno: refund.rfno,
      ono: refund.ono,
      status: refund.status,
      reason: refund.reason,
      requestDate: refund.requestDate.toISOString(),
      completeDate: refund.completeDate?.toISOString() ?? null,
      myPart: refund.parts.find((part) => part.sellerId === sellerId)?.status ?? null,
    }));
  }
}
