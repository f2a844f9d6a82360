import type { RefundDto, RefundHistoryStatus } from '@mkt/contracts';
import type { Prisma } from '../database';

type RefundRow = Prisma.RefundGetPayload<object>;

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
