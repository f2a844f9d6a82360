import { OrderMessages, type OrderDto, type OrderLineDto, type OrderPaymentDto } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { orderStatusLabel } from '../../orders/orderText';
import { ProductImage } from '../../product/ProductImage';
import { memberOrderQuery, orderLinesQuery, orderPaymentQuery } from '../../shared/api/orders';
import { hasInAppHistory } from '../../shared/routing/useGoBack';
import { paths } from '../../shared/routing/paths';
import { formatDate } from '../../shared/text/format';
import { ErrorState } from '../../shared/ui/ErrorState';
import { useMyPageMember } from '../myPageContext';
import { MyPageSection } from '../MyPageSection';
import { canRequestRefund } from '../refunds/refundReason';
import { RefundRequestModal } from '../refunds/RefundRequestModal';
import { MyOrderMessages } from './orderMessages';
import './orders.css';

const PAYMENT_METHOD_LABELS: Record<string, string> = { card: '카드' };

/** /mypage/order/{ono}: the order, its lines (images lead to the product) and its payment. */
export function OrderDetailPage() {
  const member = useMyPageMember();
  const navigate = useNavigate();
  const ono = Number(useParams().ono);
  const valid = Number.isInteger(ono) && ono > 0 && !!member.mno;
  const order = useQuery({ ...memberOrderQuery(member.mno, ono), enabled: valid });
  const lines = useQuery({ ...orderLinesQuery(ono), enabled: valid });
  const payment = useQuery({ ...orderPaymentQuery(ono), enabled: valid });
  const [refunding, setRefunding] = useState(false);

  // Back to the list as it was left (page and sort), or to its first page.
  const back = () => (hasInAppHistory() ? void navigate(-1) : void navigate(paths.myOrders));
  const backButton = (
    <button type="button" className="btn" onClick={back}>
      목록으로
    </button>
  );

  if (!valid) {
    return (
      <MyPageSection title="주문 상세">
        <p className="empty-state" role="alert">
          {member.mno ? OrderMessages.orderNotFound : MyOrderMessages.memberMissing}
        </p>
        <div className="order-detail__actions">{backButton}</div>
      </MyPageSection>
    );
  }
  const detailsError = order.error ?? lines.error;
  if (detailsError) {
    return (
      <MyPageSection title="주문 상세">
        <ErrorState
          error={detailsError}
          title={MyOrderMessages.detailLoadFailed}
          onRetry={() => void Promise.all([order.refetch(), lines.refetch()])}
        />
        <div className="order-detail__actions">{backButton}</div>
      </MyPageSection>
    );
  }

  return (
    <MyPageSection title="주문 상세">
      {order.data && lines.data ? (
        <>
          <OrderFacts order={order.data} />
          <section className="order-detail__section" aria-labelledby="order-lines-title">
            <h2 className="order-detail__title" id="order-lines-title">
              주문 상품
            </h2>
            <ul className="order-lines" data-testid="order-lines">
              {lines.data.map((line) => (
                <OrderLine key={line.orno} line={line} />
              ))}
            </ul>
          </section>
          <section className="order-detail__section" aria-labelledby="order-payment-title">
            <h2 className="order-detail__title" id="order-payment-title">
              결제 정보
            </h2>
            {payment.isError ? (
              <ErrorState
                compact
                error={payment.error}
                title={MyOrderMessages.paymentLoadFailed}
                onRetry={() => void payment.refetch()}
              />
            ) : payment.isPending ? (
              <p className="order-detail__muted" role="status">
                결제 정보를 불러오는 중…
              </p>
            ) : payment.data ? (
              <PaymentFacts payment={payment.data} />
            ) : (
              <p className="order-detail__muted">{MyOrderMessages.noPayment}</p>
            )}
          </section>
        </>
      ) : (
        <p className="empty-state" role="status">
          주문 정보를 불러오는 중…
        </p>
      )}
      <div className="order-detail__actions">
        {backButton}
        {order.data && lines.data && canRequestRefund(order.data.status, lines.data) ? (
          <button type="button" className="btn btn--primary" onClick={() => setRefunding(true)}>
            환불 신청
          </button>
        ) : null}
      </div>
      {refunding && order.data ? (
        <RefundRequestModal
          ono={order.data.ono}
          amount={order.data.o_totalPrice}
          payment={payment.data}
          onClose={() => setRefunding(false)}
        />
      ) : null}
    </MyPageSection>
  );
}

function OrderFacts({ order }: { order: OrderDto }) {
  const status = orderStatusLabel(order.status);
  return (
    <dl className="order-facts" data-testid="order-facts">
      <div>
        <dt>주문번호</dt>
        <dd>{order.ono}</dd>
      </div>
      <div>
        <dt>주문일</dt>
        <dd>
          <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
        </dd>
      </div>
      <div>
        <dt>주문 상태</dt>
        <dd>
          {status ? <span className={`order-status order-status--${order.status}`}>{status}</span> : null}
        </dd>
      </div>
      {order.status === 'CANCEL' && order.cancelReason ? (
        <div>
          <dt>취소 사유</dt>
          <dd data-testid="order-cancel-reason">{order.cancelReason}</dd>
        </div>
      ) : null}
      <div>
        <dt>결제 금액</dt>
        <dd className="order-facts__amount">{formatWon(order.o_totalPrice)}</dd>
      </div>
      <div>
        <dt>받는 분</dt>
        <dd>{order.o_reciver}</dd>
      </div>
      <div>
        <dt>배송 주소</dt>
        <dd>{order.o_address}</dd>
      </div>
      <div>
        <dt>연락처</dt>
        <dd>{order.o_reciverPhoNum}</dd>
      </div>
    </dl>
  );
}

function OrderLine({ line }: { line: OrderLineDto }) {
  return (
    <li className="order-line" data-testid="order-line">
      {/* The name links to the product too; the image link is for the pointer only. */}
      <Link to={paths.product(line.pno)} className="order-line__image-link" tabIndex={-1} aria-hidden="true">
        <ProductImage name={line.productImage[0]?.pi_name} alt={line.p_name} className="order-line__image" />
      </Link>
      <div className="order-line__text">
        <Link to={paths.product(line.pno)} className="order-line__name">
          {line.p_name}
        </Link>
        <p className="order-line__option">
          {line.od_name} · {line.or_count}개
        </p>
      </div>
      <p className="order-line__amount">{formatWon(line.or_price * line.or_count)}</p>
    </li>
  );
}

function PaymentFacts({ payment }: { payment: OrderPaymentDto }) {
  return (
    <dl className="order-facts" data-testid="order-payment">
      <div>
        <dt>결제 수단</dt>
        <dd>{PAYMENT_METHOD_LABELS[payment.pm_method] ?? payment.pm_method}</dd>
      </div>
      <div>
        <dt>결제 금액</dt>
        <dd>{formatWon(payment.amount)}</dd>
      </div>
      <div>
        <dt>결제일</dt>
        <dd>
          <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time>
        </dd>
      </div>
      <div>
        <dt>결제 번호</dt>
        <dd>{payment.merchant_uid}</dd>
      </div>
    </dl>
  );
}
