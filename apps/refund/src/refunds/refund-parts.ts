import type { PayloadOf } from '@mkt/contracts';
import type { RefundRequestedV1 } from '@mkt/contracts';

export type RefundLine = PayloadOf<typeof RefundRequestedV1>['parts'][number]['lines'][number];

/** '사과' or '사과 외 2건', as the history lists a refund or a part. */
export function namesOf(productNames: string[]): string {
  const [first, ...rest] = productNames;
  return rest.length ? `${first} 외 ${rest.length}건` : first;
}

type PartStatus = 'PENDING' | 'APPROVED' | 'REFUNDED' | 'REJECTED';
type RefundStatus = 'PENDING' | 'APPROVED' | 'COMPLETED' | 'REJECTED';

/**
 * A refund's status from its parts: PENDING while a seller has not decided, APPROVED while an
 * approved part waits for the gateway, then COMPLETED when some part was given back, REJECTED when
 * every part was rejected.
 */
export function refundStatusOf(parts: readonly { status: PartStatus }[]): RefundStatus {
  if (parts.some((part) => part.status === 'PENDING')) return 'PENDING';
  if (parts.some((part) => part.status === 'APPROVED')) return 'APPROVED';
  return parts.some((part) => part.status === 'REFUNDED') ? 'COMPLETED' : 'REJECTED';
}

/** Settled: nothing left to decide or to give back. */
export const isSettled = (status: RefundStatus) => status === 'COMPLETED' || status === 'REJECTED';
