import { RefundMessages } from '@mkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { rejectRefund } from '../../shared/api/refunds';
import { errorMessage } from '../../shared/ui/ErrorState';
import { Modal } from '../../shared/ui/Modal';
import { ConsoleOrderMessages } from './consoleOrders';

export const REJECT_REASON_MAX = 500;

interface RejectRefundModalProps {
  ono: number;
  rfno: number;
  onClose: () => void;
  /** Called after the server's answer was shown. */
  onDone: () => void;
}

/** Ours: refusing a refund takes a reason (the shopper reads it); the server's text in an alert. */
export function RejectRefundModal({ ono, rfno, onClose, onDone }: RejectRefundModalProps) {
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const countId = useId();
  const reject = useMutation({
    mutationFn: (text: string) => rejectRefund(rfno, text),
    onSuccess: (text) => {
      window.alert(typeof text === 'string' && text ? text : RefundMessages.rejected);
      onDone();
    },
    onError: (error) => window.alert(ConsoleOrderMessages.rejectFailed(errorMessage(error))),
  });
  const trimmed = reason.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reject.isPending) return;
    if (!trimmed) {
      window.alert(RefundMessages.rejectReasonRequired);
      field.current?.focus();
      return;
    }
    reject.mutate(trimmed);
  };

  return (
    <Modal
      title="환불 거절"
      onClose={reject.isPending ? () => undefined : onClose}
      initialFocus={field}
      className="reject-modal"
      testId="reject-modal"
    >
      <form onSubmit={submit} noValidate>
        <p className="modal__message">
          {ono}번 주문의 환불 요청을 거절합니다. 고객에게 보여 줄 사유를 적어 주세요.
        </p>
        <label className="reject-modal__label" htmlFor={fieldId}>
          거절 사유
        </label>
        <textarea
          ref={field}
          id={fieldId}
          className="reject-modal__reason"
          value={reason}
          rows={4}
          maxLength={REJECT_REASON_MAX}
          aria-describedby={countId}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={countId} className="reject-modal__count">
          {reason.length} / {REJECT_REASON_MAX}
        </p>
        <div className="modal__actions">
          <button type="button" className="btn" onClick={onClose} disabled={reject.isPending}>
            취소
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!trimmed || reject.isPending}
            aria-busy={reject.isPending || undefined}
          >
            {reject.isPending ? '거절 중…' : '거절하기'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
