import {
  OrderMessages,
  REFUND_STATUS_LABELS,
  type OrderDto,
  type OrderLineDto,
  type OrderPaymentDto,
  type RefundHistoryItem,
} from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { orderStatusLabel, paymentMethodLabel, wasPaid } from '../../orders/orderText';
import { ProductImage } from '../../product/ProductImage';
import {
  memberOrderQuery,
  orderLinesQuery,
  orderPaymentQuery,
  orderRefundsQuery,
} from '../../shared/api/orders';
import { hasInAppHistory } from '../../shared/routing/useGoBack';
import { paths } from '../../shared/routing/paths';
import { formatDate, formatDateTime } from '../../shared/text/format';
import { RefundParts } from '../../orders/RefundParts';
import { ErrorState } from '../../shared/ui/ErrorState';
import { useMyPageMember } from '../myPageContext';
import { MyPageSection } from '../MyPageSection';
import { canRequestRefund } from '../refunds/refundReason';
import { RefundRequestModal } from '../refunds/RefundRequestModal';
import { MyOrderMessages } from './orderMessages';
import './orders.css';

/** /mypage/order/{ono}: the order, its lines (images lead to the product) and its payment. */
export function OrderDetailPage() {
  const member = useMyPageMember();
  const navigate = useNavigate();
  const ono = Number(useParams().ono);
  const valid = Number.isInteger(ono) && ono > 0 && !!member.mno;
  const order = useQuery({ ...memberOrderQuery(member.mno, ono), enabled: valid });
  const lines = useQuery({ ...orderLinesQuery(ono), enabled: valid });
  const paid = !!order.data && wasPaid(order.data.status);
  const payment = useQuery({ ...orderPaymentQuery(ono), enabled: valid && paid });
  const refunds = useQuery({ ...orderRefundsQuery(ono), enabled: valid && paid });
  const [refunding, setRefunding] = useState<{ amount: number } | null>(null);
  const askAgain = refunds.data?.find((refund) => refund.canAskAgain);

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
            {!paid ? (
              <p className="order-detail__muted">{MyOrderMessages.noPayment}</p>
            ) : payment.isError ? (
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
          {refunds.data && refunds.data.length > 0 ? <OrderRefunds refunds={refunds.data} /> : null}
        </>
      ) : (
        <p className="empty-state" role="status">
          주문 정보를 불러오는 중…
        </p>
      )}
      <div className="order-detail__actions">
        {backButton}
        {order.data &&
        lines.data &&
        refunds.data?.length === 0 &&
        canRequestRefund(order.data.status, lines.data) ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => setRefunding({ amount: order.data.o_totalPrice })}
          >
            환불 신청
          </button>
        ) : null}
        {askAgain ? (
          <button
            type="button"
            className="btn btn--primary"
            data-testid="refund-ask-again"
            onClick={() => setRefunding({ amount: rejectedAmount(askAgain) })}
          >
            거절된 상품 다시 환불 신청
          </button>
        ) : null}
      </div>
      {refunding && order.data ? (
        <RefundRequestModal
          ono={order.data.ono}
          amount={refunding.amount}
          payment={payment.data}
          onClose={() => setRefunding(null)}
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
      <p className="order-line__amount">{formatWon(line.or_amount)}</p>
    </li>
  );
}

function PaymentFacts({ payment }: { payment: OrderPaymentDto }) {
  return (
    <dl className="order-facts" data-testid="order-payment">
      <div>
        <dt>결제 수단</dt>
        <dd data-testid="payment-method">{paymentMethodLabel(payment)}</dd>
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

const rejectedAmount = (refund: RefundHistoryItem) =>
  refund.parts.filter((part) => part.status === 'REJECTED').reduce((sum, part) => sum + part.amount, 0);

/** The order's refunds: the reason, the dates, and each seller's part with its state and amount. */
function OrderRefunds({ refunds }: { refunds: RefundHistoryItem[] }) {
  return (
    <section
      className="order-detail__section"
      aria-labelledby="order-refunds-title"
      data-testid="order-refunds"
    >
      <h2 className="order-detail__title" id="order-refunds-title">
        환불 내역
      </h2>
      {refunds.map((refund) => (
        <div key={refund.refundId} className="order-refund" data-testid="order-refund">
          <dl className="order-facts">
            <div>
              <dt>{refund.retryOf ? '다시 신청한 환불' : '환불 상태'}</dt>
              <dd>
                <span className={`refund-status refund-status--${refund.status}`}>
                  {REFUND_STATUS_LABELS[refund.status]}
                </span>
              </dd>
            </div>
            <div>
              <dt>신청일</dt>
              <dd>
                <time dateTime={refund.requestDate}>{formatDateTime(refund.requestDate)}</time>
              </dd>
            </div>
            {refund.completeDate ? (
              <div>
                <dt>처리 완료일</dt>
                <dd>
                  <time dateTime={refund.completeDate}>{formatDateTime(refund.completeDate)}</time>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>환불 사유</dt>
              <dd data-testid="refund-reason">{refund.reason}</dd>
            </div>
          </dl>
          <RefundParts parts={refund.parts} />
        </div>
      ))}
    </section>
  );
}
