import type { OrderStatus, PayloadOf } from '@mkt/contracts';
import type { OrderCancelledV1 } from '@mkt/contracts';

/**
 * The order's process (its saga) as a state machine. Its state lives in the order's row, so a
 * restarted service resumes where it was; each fact arrives once (the inbox) and under the row's lock.
 *
 *   PAYMENT_PENDING ─ paid and stock reserved ───────────────▶ ORDER_COMPLETE  (order.completed)
 *   PAYMENT_PENDING ─ stock rejected | payment rejected | timeout ─▶ CANCEL     (order.cancelled)
 *   PAYMENT_PENDING ─ the payment window cancelled or declined, nothing paid ─▶ CANCEL (order.cancelled)
 *   CANCEL ─ a payment verified after all ───────────────────▶ CANCEL  (order.cancelled again: refund it)
 */
export type StockState = 'PENDING' | 'RESERVED' | 'REJECTED';
export type CancelReason = PayloadOf<typeof OrderCancelledV1>['reason'];

export interface ProcessState {
  status: OrderStatus;
  stock: StockState;
  paidPmno: number | null;
  cancelReason: CancelReason | null;
}

export type OrderFact =
  | { kind: 'STOCK_RESERVED' }
  | { kind: 'STOCK_REJECTED' }
  | { kind: 'PAYMENT_VERIFIED'; pmno: number }
  | { kind: 'PAYMENT_REJECTED' }
  | { kind: 'PAYMENT_TIMEOUT' }
  /** The shopper's payment window ended without paying: closed (cancelled) or the card declined. */
  | { kind: 'PAYMENT_ABANDONED'; reason: 'PAYMENT_CANCELLED' | 'PAYMENT_DECLINED' };

export interface Step {
  state: ProcessState;
  /** What the order announces: completion, or a cancellation (for the first time or again). */
  announce: 'COMPLETED' | { cancelled: CancelReason } | null;
}

const unchanged = (state: ProcessState): Step => ({ state, announce: null });

function completeIfReady(state: ProcessState): Step {
  if (state.status === 'PAYMENT_PENDING' && state.stock === 'RESERVED' && state.paidPmno !== null)
    return { state: { ...state, status: 'ORDER_COMPLETE' }, announce: 'COMPLETED' };
  return unchanged(state);
}

function cancel(state: ProcessState, reason: CancelReason): Step {
  if (state.status !== 'PAYMENT_PENDING') return unchanged(state);
  return { state: { ...state, status: 'CANCEL', cancelReason: reason }, announce: { cancelled: reason } };
}

export function advance(state: ProcessState, fact: OrderFact): Step {
  switch (fact.kind) {
    case 'STOCK_RESERVED':
      return completeIfReady({ ...state, stock: 'RESERVED' });
    case 'STOCK_REJECTED':
      return cancel({ ...state, stock: 'REJECTED' }, 'STOCK_REJECTED');
    case 'PAYMENT_VERIFIED': {
      if (state.paidPmno !== null) return unchanged(state);
      const paid = { ...state, paidPmno: fact.pmno };
      // Money arrived for an order that was already cancelled: announce again, so payment gives it back.
      if (state.status === 'CANCEL') return { state: paid, announce: { cancelled: state.cancelReason! } };
      return completeIfReady(paid);
    }
    case 'PAYMENT_REJECTED':
      return cancel(state, 'PAYMENT_REJECTED');
    case 'PAYMENT_TIMEOUT':
      return state.paidPmno === null ? cancel(state, 'PAYMENT_TIMEOUT') : unchanged(state);
    case 'PAYMENT_ABANDONED':
      return state.paidPmno === null ? cancel(state, fact.reason) : unchanged(state);
  }
}
