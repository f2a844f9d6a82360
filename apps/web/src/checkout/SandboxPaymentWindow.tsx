import { PAYMENT_PROVIDERS, type PaymentProvider, type SandboxPayRequest } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useId, useRef, useState } from 'react';
import { sandboxPay } from '../shared/api/orders';
import { HttpError } from '../shared/api/http';
import { errorMessage } from '../shared/ui/ErrorState';
import { Modal } from '../shared/ui/Modal';
import type { PaymentOutcome, PaymentRequest } from './paymentWindow';

interface SandboxPaymentWindowProps {
  request: PaymentRequest;
  onSettle(outcome: PaymentOutcome): void;
}

type Outcome = NonNullable<SandboxPayRequest['outcome']>;

/**
 * The sandbox gateway's payment window, in place of PortOne's popup: order name, amount and
 * provider; 결제하기 pays, 결제 실패 is declined as a card would be, 취소 (or Escape, ×, a click
 * outside) leaves unpaid.
 */
export function SandboxPaymentWindow({ request, onSettle }: SandboxPaymentWindowProps) {
  const noteId = useId();
  const [provider, setProvider] = useState<PaymentProvider>(request.pg);
  const [sending, setSending] = useState<Outcome | null>(null);
  const payButton = useRef<HTMLButtonElement>(null);

  const send = async (outcome: Outcome) => {
    if (sending) return;
    setSending(outcome);
    try {
      const result = await sandboxPay({
        merchant_uid: request.merchant_uid,
        amount: request.amount,
        pg_provider: provider,
        pay_method: 'card',
        name: request.name,
        outcome,
      });
      if (outcome === 'abandoned') onSettle({ status: 'cancelled' });
      else if (result.status === 'paid') onSettle({ status: 'paid', imp_uid: result.imp_uid });
      else
        onSettle({ status: 'failed', message: result.fail_reason || '결제가 거절되었습니다.', code: null });
    } catch (error) {
      if (outcome === 'abandoned') {
        onSettle({ status: 'cancelled' });
        return;
      }
      onSettle({
        status: 'failed',
        message: errorMessage(error, '결제 서버에 연결하지 못했습니다.'),
        code: error instanceof HttpError ? (error.code ?? null) : null,
      });
    }
  };

  // As at PortOne, a window closed unpaid leaves a failed payment of this order id at the gateway.
  const cancel = () => void send('abandoned');

  return (
    <Modal
      title="결제하기"
      onClose={cancel}
      describedBy={noteId}
      initialFocus={payButton}
      className="pay-window"
      testId="payment-window"
    >
      <p className="pay-window__note" id={noteId}>
        <span className="pay-window__badge">테스트 결제</span> 실제 돈이 나가지 않는 테스트 결제 창입니다.
        ‘결제 실패’는 카드 승인이 거절된 경우를 흉내 냅니다.
      </p>
      <dl className="pay-window__facts">
        <div>
          <dt>주문명</dt>
          <dd data-testid="payment-window-name">{request.name}</dd>
        </div>
        <div>
          <dt>결제 금액</dt>
          <dd className="pay-window__amount" data-testid="payment-window-amount">
            {formatWon(request.amount)}
          </dd>
        </div>
      </dl>
      <fieldset className="pay-window__providers" disabled={sending !== null}>
        <legend>결제 수단</legend>
        <div className="provider-options provider-options--compact">
          {PAYMENT_PROVIDERS.map(({ pg, label }) => (
            <label key={pg} className={`provider-option${provider === pg ? ' is-checked' : ''}`}>
              <input
                type="radio"
                name="sandbox-provider"
                value={pg}
                checked={provider === pg}
                onChange={() => setProvider(pg)}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="pay-window__actions">
        <button
          ref={payButton}
          type="button"
          className="btn btn--primary"
          disabled={sending !== null}
          onClick={() => void send('paid')}
        >
          {sending === 'paid' ? '결제 중…' : '결제하기'}
        </button>
        <button type="button" className="btn" disabled={sending !== null} onClick={() => void send('failed')}>
          {sending === 'failed' ? '처리 중…' : '결제 실패'}
        </button>
        <button type="button" className="btn" disabled={sending !== null} onClick={cancel}>
          {sending === 'abandoned' ? '취소 중…' : '취소'}
        </button>
      </div>
    </Modal>
  );
}
