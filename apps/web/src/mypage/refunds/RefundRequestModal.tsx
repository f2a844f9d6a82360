import { REFUND_REASON_MIN } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpError } from '../../shared/api/http';
import { orderKeys } from '../../shared/api/orders';
import { refundKeys, requestRefund } from '../../shared/api/refunds';
import { paths } from '../../shared/routing/paths';
import { Modal } from '../../shared/ui/Modal';
import { checkReason, isRefundAnswer, reasonState } from './refundReason';
import { MyRefundMessages } from './refundMessages';
import './refunds.css';

interface RefundRequestModalProps {
  ono: number;
  amount: number;
  /** The order's payment ids, sent as the spec's client sends them (the server does not read them). */
  payment?: { imp_uid: string; merchant_uid: string } | null;
  onClose: () => void;
}

/** What the spec alerts for a failed request: the server's refusal, a wrong answer, or an exception. */
function failureAlert(error: unknown): string {
  if (error instanceof HttpError) return `${MyRefundMessages.invalidResponse}\n${error.message}`;
  return MyRefundMessages.requestError;
}

/**
 * The refund request: a reason of 10 to 500 characters with a counter; the submit button waits for
 * 10 and for the call. Sent, the shopper is told and goes back to the order list.
 */
export function RefundRequestModal({ ono, amount, payment, onClose }: RefundRequestModalProps) {
  const [text, setText] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const countId = useId();
  const reasonId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const send = useMutation({
    mutationFn: (reason: string) =>
      requestRefund(ono, {
        rf_reason: reason,
        imp_uid: payment?.imp_uid,
        merchant_uid: payment?.merchant_uid,
      }),
    onSuccess: (answer) => {
      if (!isRefundAnswer(answer)) {
        window.alert(MyRefundMessages.emptyResponse);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: refundKeys.all });
      window.alert(MyRefundMessages.requested);
      void navigate(paths.myOrders);
    },
    onError: (error) => window.alert(failureAlert(error)),
  });
  const state = reasonState(text, send.isPending);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = checkReason(text);
    if ('alert' in checked) {
      window.alert(checked.alert);
      reasonRef.current?.focus();
      return;
    }
    send.mutate(checked.reason);
  };

  return (
    <Modal
      title="환불 신청"
      onClose={send.isPending ? () => undefined : onClose}
      initialFocus={reasonRef}
      className="refund-modal"
      testId="refund-modal"
    >
      <form onSubmit={submit} noValidate>
        <p className="refund-modal__facts">
          주문번호 {ono} · 결제 금액 {formatWon(amount)}
        </p>
        <label className="refund-modal__label" htmlFor={reasonId}>
          환불 사유
        </label>
        <textarea
          ref={reasonRef}
          id={reasonId}
          className="refund-modal__reason"
          value={text}
          maxLength={state.max}
          rows={6}
          aria-describedby={`${hintId} ${countId}`}
          placeholder={`환불 사유를 ${REFUND_REASON_MIN}자 이상 입력해 주세요.`}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="refund-modal__meta">
          <span id={hintId}>
            {REFUND_REASON_MIN}자 이상 {state.max}자 이하
          </span>
          <span
            id={countId}
            className={`refund-modal__count${state.short ? ' is-short' : ''}`}
            data-testid="refund-reason-count"
          >
            {state.length} / {state.max}
          </span>
        </div>
        <div className="modal__actions">
          <button type="button" className="btn" onClick={onClose} disabled={send.isPending}>
            취소
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!state.canSubmit}
            aria-busy={send.isPending || undefined}
          >
            {send.isPending ? '요청 중…' : '환불 신청'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
