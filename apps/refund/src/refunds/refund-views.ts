import type { RefundDto, RefundHistoryItem, RefundHistoryStatus, RefundPartDto } from '@mkt/contracts';
import type { Prisma } from '../database';

type RefundRow = Prisma.RefundGetPayload<object>;
type PartRow = Prisma.RefundPartGetPayload<object>;
export type RefundWithParts = Prisma.RefundGetPayload<{ include: { parts: true } }>;

export function toRefundDto(refund: RefundRow): RefundDto {
  return {
    rfno: refund.rfno,
    ono: refund.ono,
    status: refund.status,
    amount: refund.amount,
    requestDate: refund.requestDate.toISOString(),
  };
}

/** The shopper's view: approved but not yet given back at the gateway is still being processed. */
export function historyStatus(refund: RefundRow): RefundHistoryStatus {
  return refund.status === 'APPROVED' ? 'PENDING' : refund.status;
}

export function toPartDto(part: PartRow): RefundPartDto {
  return {
    sellerId: part.sellerId,
    productName: part.productName,
    amount: part.amount,
    status: part.status,
    rejectReason: part.rejectReason,
    decidedAt: part.decidedAt?.toISOString() ?? null,
    refundedAt: part.refundedAt?.toISOString() ?? null,
  };
}

/**
 * A refund as its shopper sees it. `askedAgain`: whether the refund's rejected parts were asked for
 * again already (each refund may be, once; one that asks again may not).
 */
export function toHistoryItem(refund: RefundWithParts, askedAgain: boolean): RefundHistoryItem {
  return {
    refundId: refund.rfno,
    orderId: refund.ono,
    requestDate: refund.requestDate.toISOString(),
    productName: refund.productName,
    amount: refund.amount,
    status: historyStatus(refund),
    reason: refund.reason,
    completeDate: refund.completeDate?.toISOString() ?? null,
    parts: [...refund.parts].sort((a, b) => a.sellerId - b.sellerId).map(toPartDto),
    retryOf: refund.retryOfRfno,
    canAskAgain:
      !askedAgain &&
      refund.retryOfRfno === null &&
      (refund.status === 'COMPLETED' || refund.status === 'REJECTED') &&
      refund.parts.some((part) => part.status === 'REJECTED'),
  };
}
