import { formatWon } from '@mkt/pricing';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { consoleOrdersQuery } from '../../shared/api/refunds';
import { formatDateTime } from '../../shared/text/format';
import { errorMessage } from '../../shared/ui/ErrorState';
import { CONSOLES } from '../consoleRoles';
import {
  awaitingGateway,
  ConsoleOrderMessages,
  consoleViewSearch,
  DEFAULT_CONSOLE_VIEW,
  pendingDecisions,
} from './consoleOrders';
import './console-orders.css';

/** How many refunds to act on the dashboard lists; the rest are in order management. */
export const DASHBOARD_REFUNDS = 5;

/** The seller console's first screen: the refunds waiting for this seller's decision. */
export function SellerDashboard() {
  const orders = useQuery(consoleOrdersQuery({ status: 'REFUND_PENDING' }));
  const ordersLink = `${CONSOLES.seller.root}/orders${consoleViewSearch({ ...DEFAULT_CONSOLE_VIEW, status: 'REFUND_PENDING' })}`;

  let body;
  if (orders.isPending) {
    body = (
      <p className="console-orders__state" role="status">
        {ConsoleOrderMessages.loading}
      </p>
    );
  } else if (orders.isError) {
    body = (
      <div className="console-orders__state console-orders__state--error" role="alert">
        <p>{ConsoleOrderMessages.error(errorMessage(orders.error))}</p>
        <button type="button" className="btn" onClick={() => void orders.refetch()}>
          다시 시도
        </button>
      </div>
    );
  } else {
    const pending = pendingDecisions(orders.data);
    const waiting = awaitingGateway(orders.data);
    body = (
      <>
        <dl className="dashboard__summary">
          <div className="dashboard__card">
            <dt>승인을 기다리는 환불</dt>
            <dd data-testid="pending-refund-count">{pending.length}</dd>
          </div>
          <div className="dashboard__card">
            <dt>결제 취소를 기다리는 환불</dt>
            <dd data-testid="gateway-refund-count">{waiting.length}</dd>
          </div>
        </dl>
        {pending.length === 0 ? (
          <p className="console-orders__state">처리할 환불 요청이 없습니다.</p>
        ) : (
          <ul className="refund-inbox" data-testid="pending-refunds">
            {pending.slice(0, DASHBOARD_REFUNDS).map((order) => (
              <li key={order.ono} className="refund-inbox__item">
                <p className="refund-inbox__head">
                  <strong>주문번호 {order.ono}</strong>
                  <span>{formatWon(order.o_totalPrice)}</span>
                  <time dateTime={order.refundDTO!.rf_requestDate}>
                    {formatDateTime(order.refundDTO!.rf_requestDate)}
                  </time>
                </p>
                <p className="refund-inbox__reason">{order.refundDTO!.rf_reason}</p>
              </li>
            ))}
          </ul>
        )}
        <p className="refund-inbox__more">
          <Link to={ordersLink} className="btn">
            주문 관리에서 처리하기
            {pending.length > DASHBOARD_REFUNDS ? ` (외 ${pending.length - DASHBOARD_REFUNDS}건)` : ''}
          </Link>
        </p>
      </>
    );
  }

  return (
    <section className="dashboard" aria-labelledby="dashboard-refunds">
      <div className="dashboard__head">
        <h2 id="dashboard-refunds" className="dashboard__heading">
          처리할 환불 요청
        </h2>
      </div>
      {body}
    </section>
  );
}
