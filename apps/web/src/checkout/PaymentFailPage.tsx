import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '../shared/routing/paths';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { PaymentFailureCodes } from './checkoutFlow';
import {
  PAYMENT_CANCELLED_CAUSES,
  PAYMENT_FAILURE_CAUSES,
  PAYMENT_UNCONFIRMED_CAUSES,
} from './checkoutMessages';
import { paymentFailureOf } from './checkoutRoute';
import { PaymentSupport } from './PaymentSupport';
import './checkout.css';

/**
 * /payment/fail: the message and code of the failure, the usual causes, and the way back. The
 * cart was not touched; 다시 결제하기 reopens the checkout with the same lines when it has them.
 */
/** What happened, by the failure's code: a cancel is no card problem, a payment not confirmed is no decline. */
function failureStory(code: string | null) {
  if (code === PaymentFailureCodes.cancelled)
    return {
      title: '결제를 취소했습니다',
      lead: '결제된 금액은 없고, 주문은 취소되었습니다. 장바구니의 상품은 그대로 남아 있습니다.',
      causesTitle: '다음과 같은 경우 결제가 취소됩니다',
      causes: PAYMENT_CANCELLED_CAUSES,
    };
  if (
    code === PaymentFailureCodes.notRecorded ||
    code === PaymentFailureCodes.notVerified ||
    code === PaymentFailureCodes.error
  )
    return {
      title: '결제를 확인하지 못했습니다',
      lead: '주문 내역에서 주문 상태를 확인해 주세요. 장바구니의 상품은 그대로 남아 있습니다.',
      causesTitle: '다음과 같은 이유로 결제 확인이 실패할 수 있습니다',
      causes: PAYMENT_UNCONFIRMED_CAUSES,
    };
  return {
    title: '결제에 실패했습니다',
    lead: '결제가 승인되지 않아 주문은 취소되었습니다. 장바구니의 상품은 그대로 남아 있습니다.',
    causesTitle: '다음과 같은 이유로 결제가 실패할 수 있습니다',
    causes: PAYMENT_FAILURE_CAUSES,
  };
}

export function PaymentFailPage() {
  useDocumentTitle('결제 실패');
  const [search] = useSearchParams();
  const { state } = useLocation();
  const failure = paymentFailureOf(search);
  const story = failureStory(failure.code);

  return (
    <section className="payment-result container" aria-labelledby="payment-fail-title">
      <p className="payment-result__mark payment-result__mark--fail" aria-hidden="true">
        !
      </p>
      <h1 className="payment-result__title" id="payment-fail-title">
        {story.title}
      </h1>
      <p className="payment-result__message" data-testid="fail-message">
        {failure.message || '결제를 완료하지 못했습니다.'}
      </p>
      {failure.code ? (
        <p className="payment-result__code" data-testid="fail-code">
          오류 코드: {failure.code}
        </p>
      ) : null}
      <p className="payment-result__lead">{story.lead}</p>

      <div className="payment-result__causes">
        <h2 className="payment-result__causes-title">{story.causesTitle}</h2>
        <ul data-testid="fail-causes">
          {story.causes.map((cause) => (
            <li key={cause}>{cause}</li>
          ))}
        </ul>
      </div>

      <div className="payment-result__actions">
        <Link to={paths.payment} state={state} className="btn btn--primary">
          다시 결제하기
        </Link>
        <Link to={paths.paymentOrders} className="btn">
          주문 내역
        </Link>
        <Link to={paths.home} className="btn">
          메인으로
        </Link>
      </div>
      <PaymentSupport />
    </section>
  );
}
