import { CS_PHONE, PAYMENT_SUPPORT_HOURS } from '../shared/constants';

/** The result pages' support line: the customer-service phone and its hours. */
export function PaymentSupport() {
  return (
    <p className="payment-result__support" data-testid="payment-support">
      결제 관련 문의는 고객센터 <strong>{CS_PHONE}</strong>로 연락해 주세요. (운영시간:{' '}
      {PAYMENT_SUPPORT_HOURS})
    </p>
  );
}
