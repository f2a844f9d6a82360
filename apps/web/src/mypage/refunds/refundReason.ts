import { REFUND_REASON_MAX, REFUND_REASON_MIN, RefundMessages } from '@mkt/contracts';
import { MyRefundMessages } from './refundMessages';

/** The refund modal's reason: 10 to 500 characters with a counter (spec 000 section 5). */

export interface ReasonState {
  /** What the counter shows: the characters typed, spaces around them not counted (as the server reads it). */
  length: number;
  max: number;
  /** The submit button is enabled: at least the minimum typed and nothing being sent. */
  canSubmit: boolean;
  /** The counter warns: fewer than the minimum typed (and something typed). */
  short: boolean;
}

export function reasonState(text: string, sending: boolean): ReasonState {
  const { length } = text.trim();
  return {
    length,
    max: REFUND_REASON_MAX,
    canSubmit: !sending && length >= REFUND_REASON_MIN && length <= REFUND_REASON_MAX,
    short: length > 0 && length < REFUND_REASON_MIN,
  };
}

/** The reason to send (trimmed, as the server reads it) or the alert to show. */
export function checkReason(text: string): { reason: string } | { alert: string } {
  const reason = text.trim();
  if (reason.length < REFUND_REASON_MIN) return { alert: MyRefundMessages.reasonTooShort };
  if (reason.length > REFUND_REASON_MAX) return { alert: RefundMessages.reasonLength };
  return { reason };
}

/** The refund button shows for a paid order with some line not reviewed (spec 000 section 4). */
export function canRequestRefund(status: string, lines: readonly { review_flag: boolean }[]): boolean {
  return status === 'ORDER_COMPLETE' && lines.some((line) => !line.review_flag);
}

/** The answer must be a JSON object (spec: an empty or other answer is a failed refund). */
export function isRefundAnswer(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
