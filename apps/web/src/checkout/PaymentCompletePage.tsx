import { formatWon } from '@mkt/pricing';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { memberOrderQuery } from '../shared/api/orders';
import { paths } from '../shared/routing/paths';
import { ErrorState } from '../shared/ui/ErrorState';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { PaymentSupport } from './PaymentSupport';
import { useCheckoutMember } from './useCheckoutMember';
import './checkout.css';

/** /payment/complete/{ono}: the paid order's receiver, address, phone, amount and items (name, option, count). */
export function PaymentCompletePage() {
  useDocumentTitle('결제 완료');
  const member = useCheckoutMember();
  const ono = Number(useParams().ono);
  const order = useQuery({
    ...memberOrderQuery(member?.mno ?? 0, ono),
    enabled: !!member && Number.isInteger(ono) && ono > 0,
  });

  if (!member) return null;
  return (
    <section className="payment-result container" aria-labelledby="payment-complete-title">
      <p className="payment-result__mark payment-result__mark--success" aria-hidden="true">
        ✓
      </p>
      <h1 className="payment-result__title" id="payment-complete-title">
        결제가 완료되었습니다
      </h1>
      <p className="payment-result__lead">주문해 주셔서 감사합니다. 주문번호 {ono}</p>

      {order.isPending && order.fetchStatus !== 'idle' ? (
        <p className="payment-result__loading" role="status">
          주문 정보를 불러오는 중…
        </p>
      ) : null}
      {order.isError ? (
        <ErrorState
          error={order.error}
          title="주문 정보를 불러오지 못했습니다."
          onRetry={() => void order.refetch()}
        />
      ) : null}
      {order.data ? (
        <dl className="payment-result__facts" data-testid="payment-complete-facts">
          <div>
            <dt>받는 분</dt>
            <dd data-testid="complete-receiver">{order.data.o_reciver}</dd>
          </div>
          <div>
            <dt>배송 주소</dt>
            <dd data-testid="complete-address">{order.data.o_address}</dd>
          </div>
          <div>
            <dt>연락처</dt>
            <dd data-testid="complete-phone">{order.data.o_reciverPhoNum}</dd>
          </div>
          <div>
            <dt>결제 금액</dt>
            <dd data-testid="complete-amount">{formatWon(order.data.o_totalPrice)}</dd>
          </div>
          <div>
            <dt>주문 상품</dt>
            <dd>
              <ul className="payment-result__items" data-testid="complete-items">
                {order.data.orderDetails.map((line) => (
                  <li key={line.orno}>
                    {line.p_name} · {line.od_name} · {line.or_count}개
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
      ) : null}

      <div className="payment-result__actions">
        <Link to={paths.myOrders} className="btn btn--primary">
          주문 내역 보기
        </Link>
        <Link to={paths.home} className="btn">
          메인으로
        </Link>
      </div>
      <PaymentSupport />
    </section>
  );
}
