import { ORDER_STATUS_LABELS, type SellerOrderDto } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageOfOrders } from '../../mypage/orders/orderList';
import { approveRefund, consoleOrdersQuery, refundKeys } from '../../shared/api/refunds';
import { formatDateTime } from '../../shared/text/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorMessage } from '../../shared/ui/ErrorState';
import {
  approvalTarget,
  CONSOLE_ORDERS_PER_PAGE,
  CONSOLE_STATUS_FILTERS,
  consoleFilterOf,
  consoleViewOf,
  consoleViewSearch,
  ConsoleOrderMessages,
  approvedRow,
  memberNumberOf,
  openRefundAmount,
  refundActionOf,
  sortConsoleOrders,
  toggleConsoleSort,
  type ConsoleOrdersView,
  type ConsoleSortField,
} from './consoleOrders';
import { RejectRefundModal } from './RejectRefundModal';
import { RefundParts } from '../../orders/RefundParts';
import './console-orders.css';

const SORT_LABELS: Record<ConsoleSortField, string> = {
  ono: '주문번호',
  orderDate: '주문일시',
  o_totalPrice: '주문금액',
  status: '주문상태',
  mno: '회원번호',
};

/**
 * Order management of the seller console (and the admin's): the orders holding the seller's lines
 * (an admin's: every order), each with its lines (product, option, count, amount), filtered by
 * status and member, sortable, with each refund's parts and their approval (asked to confirm) and
 * rejection. Narrow screens show each order as a card.
 */
export function ConsoleOrdersScreen() {
  const [search, setSearch] = useSearchParams();
  const view = consoleViewOf(search);
  const filter = consoleFilterOf(view);
  const orders = useQuery(consoleOrdersQuery(filter));
  const queryClient = useQueryClient();
  const [busyRfno, setBusyRfno] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<SellerOrderDto | null>(null);
  /** The order whose refund the caller is asked to confirm approving. */
  const [approving, setApproving] = useState<SellerOrderDto | null>(null);
  const show = (next: ConsoleOrdersView) => setSearch(consoleViewSearch(next));

  const reload = () => void queryClient.invalidateQueries({ queryKey: refundKeys.all });

  const approve = async (order: SellerOrderDto) => {
    const target = approvalTarget(order);
    if ('alert' in target) {
      window.alert(target.alert);
      return;
    }
    setApproving(null);
    setBusyRfno(target.rfno);
    try {
      const text = await approveRefund(target.rfno);
      // The row shows the approval at once; the list's reload confirms it.
      queryClient.setQueryData<SellerOrderDto[]>(refundKeys.consoleOrders(filter), (rows) =>
        rows?.map((row) => (row.ono === order.ono ? approvedRow(row) : row)),
      );
      window.alert(typeof text === 'string' && text ? text : '환불이 승인되었습니다.');
    } catch (error) {
      window.alert(ConsoleOrderMessages.approveFailed(errorMessage(error)));
    } finally {
      setBusyRfno(null);
      reload();
    }
  };

  return (
    <section className="console-orders" aria-label="주문 목록">
      <Filters view={view} onChange={show} />
      {orders.isPending ? (
        <p className="console-orders__state" role="status">
          {ConsoleOrderMessages.loading}
        </p>
      ) : orders.isError ? (
        <div className="console-orders__state console-orders__state--error" role="alert">
          <p>{ConsoleOrderMessages.error(errorMessage(orders.error))}</p>
          <button type="button" className="btn" onClick={() => void orders.refetch()}>
            다시 시도
          </button>
        </div>
      ) : orders.data.length === 0 ? (
        <p className="console-orders__state" data-testid="console-orders-empty">
          {ConsoleOrderMessages.noOrders}
        </p>
      ) : (
        <OrdersTable
          orders={orders.data}
          view={view}
          busyRfno={busyRfno}
          refreshing={orders.isFetching}
          onView={show}
          onApprove={(order) =>
            'alert' in approvalTarget(order) ? void approve(order) : setApproving(order)
          }
          onReject={setRejecting}
        />
      )}
      {approving ? (
        <ConfirmDialog
          title="환불 승인"
          message={ConsoleOrderMessages.confirmApprove(approving.ono, openRefundAmount(approving))}
          confirmLabel="승인"
          onConfirm={() => void approve(approving)}
          onCancel={() => setApproving(null)}
        />
      ) : null}
      {rejecting?.refundDTO ? (
        <RejectRefundModal
          ono={rejecting.ono}
          rfno={rejecting.refundDTO.rfno}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            reload();
          }}
        />
      ) : null}
    </section>
  );
}

function Filters({
  view,
  onChange,
}: {
  view: ConsoleOrdersView;
  onChange: (view: ConsoleOrdersView) => void;
}) {
  const memberId = useId();
  const memberErrorId = useId();
  const [member, setMember] = useState(view.mno === null ? '' : String(view.mno));
  const [memberError, setMemberError] = useState(false);
  // The URL is the truth: back and forward (or a link) change the field too.
  useEffect(() => {
    setMember(view.mno === null ? '' : String(view.mno));
    setMemberError(false);
  }, [view.mno]);

  const submitMember = (event: FormEvent) => {
    event.preventDefault();
    if (!member.trim()) {
      setMemberError(false);
      onChange({ ...view, mno: null, page: 1 });
      return;
    }
    const mno = memberNumberOf(member);
    setMemberError(mno === null);
    if (mno !== null) onChange({ ...view, mno, page: 1 });
  };

  return (
    <div className="console-orders__filters">
      <div className="console-orders__statuses" role="group" aria-label="주문 상태">
        {CONSOLE_STATUS_FILTERS.map((filter) => (
          <button
            key={filter.value}
            type="button"
            className={`console-orders__status${view.status === filter.value ? ' is-active' : ''}`}
            aria-pressed={view.status === filter.value}
            onClick={() => onChange({ ...view, status: filter.value, page: 1 })}
          >
            {filter.label}
          </button>
        ))}
      </div>
      <form className="console-orders__member" role="search" aria-label="회원별 주문" onSubmit={submitMember}>
        <label htmlFor={memberId}>회원번호</label>
        <input
          id={memberId}
          type="text"
          inputMode="numeric"
          value={member}
          placeholder="전체"
          maxLength={9}
          aria-invalid={memberError || undefined}
          aria-describedby={memberError ? memberErrorId : undefined}
          onChange={(event) => setMember(event.target.value)}
        />
        <button type="submit" className="btn">
          조회
        </button>
        {view.mno !== null ? (
          <button
            type="button"
            className="btn"
            onClick={() => {
              setMember('');
              onChange({ ...view, mno: null, page: 1 });
            }}
          >
            전체 회원
          </button>
        ) : null}
        {memberError ? (
          <p id={memberErrorId} className="console-orders__member-error" role="alert">
            {ConsoleOrderMessages.invalidMember}
          </p>
        ) : null}
      </form>
    </div>
  );
}

interface OrdersTableProps {
  orders: SellerOrderDto[];
  view: ConsoleOrdersView;
  busyRfno: number | null;
  refreshing: boolean;
  onView: (view: ConsoleOrdersView) => void;
  onApprove: (order: SellerOrderDto) => void;
  onReject: (order: SellerOrderDto) => void;
}

function OrdersTable({ orders, view, busyRfno, refreshing, onView, onApprove, onReject }: OrdersTableProps) {
  const page = pageOfOrders(sortConsoleOrders(orders, view), view.page, CONSOLE_ORDERS_PER_PAGE);
  const sortHeader = (field: ConsoleSortField) => {
    const active = view.sort === field;
    const sort = active ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none';
    return (
      <th scope="col" aria-sort={sort}>
        <button
          type="button"
          className={`console-orders__sort${active ? ' is-active' : ''}`}
          onClick={() => onView(toggleConsoleSort(view, field))}
        >
          {SORT_LABELS[field]}
          <span aria-hidden="true" className="console-orders__arrow">
            {active ? (view.dir === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <>
      <p className="console-orders__count">
        총 <strong data-testid="console-orders-count">{orders.length}</strong>건
      </p>
      {/* The table scrolls sideways in its own box; the box takes focus so the keyboard can scroll it. */}
      <div className="console-orders__box" role="region" aria-label="주문 표" tabIndex={0}>
        <table
          className="console-orders__table"
          data-testid="console-orders-table"
          aria-busy={refreshing || undefined}
        >
          <thead>
            <tr>
              {sortHeader('ono')}
              {sortHeader('orderDate')}
              {sortHeader('o_totalPrice')}
              {sortHeader('status')}
              {sortHeader('mno')}
              <th scope="col">주문 상품</th>
              <th scope="col">받는 분</th>
              <th scope="col">배송 주소</th>
              <th scope="col">연락처</th>
              <th scope="col">환불 요청일</th>
              <th scope="col">환불 완료일</th>
              <th scope="col">환불 처리</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((order) => (
              <OrderRow
                key={order.ono}
                order={order}
                busy={busyRfno !== null && busyRfno === order.refundDTO?.rfno}
                onApprove={onApprove}
                onReject={onReject}
              />
            ))}
          </tbody>
        </table>
      </div>
      {page.totalPages > 1 ? (
        <nav className="console-orders__pages" aria-label="주문 목록 페이지">
          <button
            type="button"
            className="btn"
            disabled={!page.hasPrevious}
            onClick={() => onView({ ...view, page: page.page - 1 })}
          >
            이전
          </button>
          <span data-testid="console-orders-page">
            {page.page} / {page.totalPages}
          </span>
          <button
            type="button"
            className="btn"
            disabled={!page.hasNext}
            onClick={() => onView({ ...view, page: page.page + 1 })}
          >
            다음
          </button>
        </nav>
      ) : null}
    </>
  );
}

function OrderRow({
  order,
  busy,
  onApprove,
  onReject,
}: {
  order: SellerOrderDto;
  busy: boolean;
  onApprove: (order: SellerOrderDto) => void;
  onReject: (order: SellerOrderDto) => void;
}) {
  const refund = order.refundDTO;
  return (
    <tr data-testid="console-order-row" data-ono={order.ono} className="console-orders__row">
      <td className="console-orders__num console-orders__key" data-label="주문번호">
        {order.ono}
      </td>
      <td className="console-orders__when" data-label="주문일시">
        <time dateTime={order.orderDate}>{formatDateTime(order.orderDate)}</time>
      </td>
      <td className="console-orders__num console-orders__nowrap" data-label="주문금액">
        {formatWon(order.o_totalPrice)}
      </td>
      <td data-label="주문상태">
        <span className={`console-status console-status--${order.status}`}>
          {ORDER_STATUS_LABELS[order.status] ?? order.status}
        </span>
      </td>
      <td className="console-orders__num" data-label="회원번호">
        {order.mno}
      </td>
      <td className="console-orders__lines" data-label="주문 상품">
        <ul className="console-orders__items" data-testid="console-order-lines">
          {order.orderDetails.map((line) => (
            <li key={line.orno}>
              <span className="console-orders__item-name">{line.p_name}</span>
              <span className="console-orders__item-meta">
                {line.od_name} · {line.or_count}개 · {formatWon(line.or_amount)}
              </span>
            </li>
          ))}
        </ul>
      </td>
      <td className="console-orders__nowrap" data-label="받는 분">
        {order.o_reciver}
      </td>
      <td className="console-orders__address" data-label="배송 주소">
        {order.o_address}
      </td>
      <td className="console-orders__nowrap" data-label="연락처">
        {order.o_reciverPhoNum}
      </td>
      <td className="console-orders__refund console-orders__when" data-label="환불 요청일">
        {refund ? (
          // One block, so that a phone's card shows it all beside its label.
          <div>
            <time dateTime={refund.rf_requestDate}>{formatDateTime(refund.rf_requestDate)}</time>
            <span className="console-orders__reason">사유: {refund.rf_reason}</span>
            {refund.parts.length > 0 ? <RefundParts parts={refund.parts} /> : null}
          </div>
        ) : (
          '-'
        )}
      </td>
      <td className="console-orders__when" data-label="환불 완료일">
        {refund?.rf_completeDate ? (
          <time dateTime={refund.rf_completeDate}>{formatDateTime(refund.rf_completeDate)}</time>
        ) : (
          '-'
        )}
      </td>
      <td className="console-orders__actions" data-label="환불 처리">
        <RefundActions order={order} busy={busy} onApprove={onApprove} onReject={onReject} />
      </td>
    </tr>
  );
}

function RefundActions({
  order,
  busy,
  onApprove,
  onReject,
}: {
  order: SellerOrderDto;
  busy: boolean;
  onApprove: (order: SellerOrderDto) => void;
  onReject: (order: SellerOrderDto) => void;
}) {
  const action = refundActionOf(order);
  const label = `${order.ono}번 주문`;
  switch (action.kind) {
    case 'complete':
      return (
        <button type="button" className="btn btn--small" disabled>
          환불 완료
        </button>
      );
    case 'rejected':
      return (
        <button type="button" className="btn btn--small" disabled>
          환불 거절됨
        </button>
      );
    case 'waiting':
      return (
        <button type="button" className="btn btn--small console-orders__note" disabled>
          {action.note}
        </button>
      );
    case 'approve':
      return (
        <button
          type="button"
          className="btn btn--small"
          aria-label={`${label} 환불 승인`}
          onClick={() => onApprove(order)}
        >
          환불 승인
        </button>
      );
    case 'decide':
      return (
        <span className="console-orders__decide">
          <button
            type="button"
            className="btn btn--small btn--primary"
            aria-label={`${label} 환불 승인`}
            aria-busy={busy || undefined}
            disabled={busy}
            onClick={() => onApprove(order)}
          >
            {busy ? '승인 중…' : '환불 승인'}
          </button>
          <button
            type="button"
            className="btn btn--small"
            aria-label={`${label} 환불 거절`}
            disabled={busy}
            onClick={() => onReject(order)}
          >
            거절
          </button>
        </span>
      );
  }
}
