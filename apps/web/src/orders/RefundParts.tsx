import { REFUND_PART_STATUS_LABELS, type RefundPartDto } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { formatDateTime } from '../shared/text/format';
import './refund-parts.css';

/** A refund's parts, one per seller: its products, amount, where it stands, and a rejection's reason. */
export function RefundParts({ parts }: { parts: readonly RefundPartDto[] }) {
  return (
    <ul className="refund-parts" data-testid="refund-parts">
      {parts.map((part) => (
        <li
          key={part.sellerId}
          className="refund-parts__part"
          data-testid="refund-part"
          data-status={part.status}
        >
          <span className="refund-parts__name">{part.productName}</span>
          <span className="refund-parts__amount">{formatWon(part.amount)}</span>
          <span className={`refund-parts__status refund-parts__status--${part.status}`}>
            {REFUND_PART_STATUS_LABELS[part.status]}
          </span>
          {part.status === 'REJECTED' && part.rejectReason ? (
            <span className="refund-parts__note">거절 사유: {part.rejectReason}</span>
          ) : null}
          {part.refundedAt ? (
            <span className="refund-parts__note">
              환불일 <time dateTime={part.refundedAt}>{formatDateTime(part.refundedAt)}</time>
            </span>
          ) : part.decidedAt ? (
            <span className="refund-parts__note">
              처리일 <time dateTime={part.decidedAt}>{formatDateTime(part.decidedAt)}</time>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
