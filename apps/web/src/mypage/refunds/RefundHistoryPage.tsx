import { REFUND_STATUS_LABELS, type RefundHistoryItem } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type MouseEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { refundHistoryQuery } from '../../shared/api/refunds';
import { paths } from '../../shared/routing/paths';
import { formatDateTime } from '../../shared/text/format';
import { ErrorState } from '../../shared/ui/ErrorState';
import { MyPageSection } from '../MyPageSection';
import { isPartlyRejected } from '../../orders/orderText';
import { RefundParts } from '../../orders/RefundParts';
import {
  ariaSortOf,
  filterRefunds,
  REFUND_FILTERS,
  refundHistoryParams,
  refundPaging,
  refundViewOf,
  refundViewSearch,
  toggleRefundSort,
  type RefundHistoryView,
  type RefundSortField,
} from './refundHistory';
import { MyRefundMessages } from './refundMessages';
import '../orders/orders.css';
import './refunds.css';

const SORT_LABELS: Record<RefundSortField, string> = { requestDate: '요청일시', amount: '환불금액' };

/**
 * /mypage/refund: the member's refunds, filtered by status, sorted by request date or amount, ten
 * to a page; a row opens its order.
 */
export function RefundHistoryPage() {
  const [search, setSearch] = useSearchParams();
  const view = refundViewOf(search);
  const history = useQuery(refundHistoryQuery(refundHistoryParams(view)));
  const show = (next: RefundHistoryView) => setSearch(refundViewSearch(next));

  // A page past the end (an old link, or the last refund of the last page gone): the last page.
  const data = history.data;
  const pastEnd =
    !history.isPlaceholderData && !!data && data.content.length === 0 && data.totalPages > 0 && view.page > 1;
  useEffect(() => {
    if (pastEnd && data) setSearch(refundViewSearch({ ...view, page: data.totalPages }), { replace: true });
  });

  return (
    <MyPageSection title="환불 내역">
      <div className="refund-filters" role="group" aria-label="환불 상태">
        {REFUND_FILTERS.map((filter) => (
          <button
            key={filter.value}
            type="button"
            className={`refund-filters__button${view.status === filter.value ? ' is-active' : ''}`}
            aria-pressed={view.status === filter.value}
            onClick={() => show(filterRefunds(view, filter.value))}
          >
            {filter.label}
          </button>
        ))}
      </div>
      {history.isPending ? (
        <p className="empty-state" role="status">
          {MyRefundMessages.loading}
        </p>
      ) : history.isError ? (
        <div className="refund-history__error" data-testid="refund-history-error">
          <h2 className="refund-history__error-title">{MyRefundMessages.errorTitle}</h2>
          <ErrorState
            compact
            error={history.error}
            title={MyRefundMessages.historyLoadFailed}
            onRetry={() => void history.refetch()}
          />
        </div>
      ) : history.data.content.length === 0 ? (
        <p className="empty-state" data-testid="refund-history-empty">
          {MyRefundMessages.noHistory}
        </p>
      ) : (
        <RefundTable
          items={history.data.content}
          view={view}
          busy={history.isPlaceholderData}
          onSort={(field) => show(toggleRefundSort(view, field))}
        />
      )}
      {history.data && history.data.content.length > 0 ? (
        <Paging
          number={history.data.number}
          totalPages={history.data.totalPages}
          onPage={(page) => show({ ...view, page })}
        />
      ) : null}
    </MyPageSection>
  );
}

function RefundTable({
  items,
  view,
  busy,
  onSort,
}: {
  items: RefundHistoryItem[];
  view: RefundHistoryView;
  busy: boolean;
  onSort: (field: RefundSortField) => void;
}) {
  const navigate = useNavigate();
  // The whole row opens the order for the pointer; the order number is the link for the keyboard.
  const open = (item: RefundHistoryItem) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(paths.myOrder(item.orderId));
  };
  const sortHeader = (field: RefundSortField, className: string) => {
    const sort = ariaSortOf(view, field);
    const arrow = sort === 'ascending' ? '▲' : sort === 'descending' ? '▼' : '↕';
    return (
      <th scope="col" className={className} aria-sort={sort}>
        <button
          type="button"
          className={`refund-table__sort${sort !== 'none' ? ' is-active' : ''}`}
          onClick={() => onSort(field)}
        >
          {SORT_LABELS[field]}
          <span aria-hidden="true" className="refund-table__arrow">
            {arrow}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className="refund-table__box">
      <table className="refund-table" data-testid="refund-table" aria-busy={busy || undefined}>
        <caption className="sr-only">환불 내역, 행을 누르면 주문 상세로 이동합니다</caption>
        <thead>
          <tr>
            <th scope="col" className="refund-table__ono">
              주문번호
            </th>
            {sortHeader('requestDate', 'refund-table__date')}
            <th scope="col" className="refund-table__product">
              상품정보
            </th>
            {sortHeader('amount', 'refund-table__amount')}
            <th scope="col" className="refund-table__status">
              상태
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.refundId}
              className="refund-table__row"
              data-testid="refund-row"
              data-order={item.orderId}
              onClick={open(item)}
            >
              <td className="refund-table__ono" data-label="주문번호">
                <Link to={paths.myOrder(item.orderId)} aria-label={`주문번호 ${item.orderId} 주문 상세`}>
                  {item.orderId}
                </Link>
              </td>
              <td className="refund-table__date" data-label="요청일시">
                <time dateTime={item.requestDate}>{formatDateTime(item.requestDate)}</time>
              </td>
              <td className="refund-table__product" data-label="상품정보">
                {item.productName}
                <p className="refund-table__reason" data-testid="refund-reason">
                  사유: {item.reason}
                </p>
                {item.completeDate ? (
                  <p className="refund-table__done">
                    처리 완료 <time dateTime={item.completeDate}>{formatDateTime(item.completeDate)}</time>
                  </p>
                ) : null}
                {item.parts.length > 1 || isPartlyRejected(item.parts) ? (
                  <RefundParts parts={item.parts} />
                ) : null}
              </td>
              <td className="refund-table__amount" data-label="환불금액">
                {formatWon(item.amount)}
              </td>
              <td className="refund-table__status" data-label="상태">
                <span className={`refund-status refund-status--${item.status}`}>
                  {isPartlyRejected(item.parts) && item.status === 'COMPLETED'
                    ? '부분 완료'
                    : (REFUND_STATUS_LABELS[item.status] ?? item.status)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Paging({
  number,
  totalPages,
  onPage,
}: {
  number: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const paging = refundPaging(number, totalPages);
  if (!paging.shown) return null;
  return (
    <nav className="order-list__pages" aria-label="환불 내역 페이지">
      <button
        type="button"
        className="btn"
        disabled={!paging.hasPrevious}
        onClick={() => onPage(paging.page - 1)}
      >
        이전
      </button>
      <span className="order-list__page" data-testid="refund-page">
        {paging.page} / {paging.totalPages}
      </span>
      <button
        type="button"
        className="btn"
        disabled={!paging.hasNext}
        onClick={() => onPage(paging.page + 1)}
      >
        다음
      </button>
    </nav>
  );
}
