import { particleAfter } from '@mkt/contracts';
import { CS_HOURS_HOLIDAY, CS_HOURS_WEEKDAY, CS_PHONE } from '../shared/constants';

/** The result pages' support line: the customer-service phone and its hours. */
export function PaymentSupport() {
  return (
    <p className="payment-result__support" data-testid="payment-support">
      결제 관련 문의는 고객센터 <strong>{CS_PHONE}</strong>
      {particleAfter(CS_PHONE, '으로/로')} 연락해 주세요. (운영시간: {CS_HOURS_WEEKDAY}, {CS_HOURS_HOLIDAY})
    </p>
  );
}
