import type { OrderDto } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { orderName, orderStatusLabel } from '../../orders/orderText';
import { ProductImage } from '../../product/ProductImage';
import { memberOrdersQuery } from '../../shared/api/orders';
import { paths } from '../../shared/routing/paths';
import { formatDate } from '../../shared/text/format';
import { ErrorState } from '../../shared/ui/ErrorState';
import { useMyPageMember } from '../myPageContext';
import { MyPageSection } from '../MyPageSection';
import {
  ORDER_SORT_LABELS,
  orderListSearch,
  orderListViewOf,
  pageOfOrders,
  sortOrders,
  type OrderListView,
  type OrderSort,
} from './orderList';
import { MyOrderMessages } from './orderMessages';
import './orders.css';

/** /mypage/order: the member's orders, five to a page, newest or oldest first; a card opens the order. */
export function OrderListPage() {
  const member = useMyPageMember();
  return (
    <MyPageSection title="주문 내역">
      {member.mno ? (
        <MemberOrders mno={member.mno} />
      ) : (
        <p className="empty-state" role="alert">
          {MyOrderMessages.memberMissing}
        </p>
      )}
    </MyPageSection>
  );
}

function MemberOrders({ mno }: { mno: number }) {
  const [search, setSearch] = useSearchParams();
  const view = orderListViewOf(search);
  const orders = useQuery(memberOrdersQuery(mno));
  const show = (next: OrderListView) => setSearch(orderListSearch(next));

  if (orders.isPending) {
    return (
      <p className="empty-state" role="status">
        주문 내역을 불러오는 중…
      </p>
    );
  }
  if (orders.isError) {
    return (
      <ErrorState
        error={orders.error}
        title={MyOrderMessages.listLoadFailed}
        onRetry={() => void orders.refetch()}
      />
    );
  }
  if (orders.data.length === 0) return <p className="empty-state">{MyOrderMessages.noOrders}</p>;

  const page = pageOfOrders(sortOrders(orders.data, view.sort), view.page);
  return (
    <>
      <div className="order-list__toolbar">
        <p className="order-list__count">
          총 <strong>{orders.data.length}</strong>건
        </p>
        <div className="order-list__sort" role="group" aria-label="정렬">
          {(Object.keys(ORDER_SORT_LABELS) as OrderSort[]).map((sort) => (
            <button
              key={sort}
              type="button"
              className={`order-list__sort-button${view.sort === sort ? ' is-active' : ''}`}
              aria-pressed={view.sort === sort}
              onClick={() => show({ page: 1, sort })}
            >
              {ORDER_SORT_LABELS[sort]}
            </button>
          ))}
        </div>
      </div>
      <ul className="order-list" data-testid="order-list">
        {page.items.map((order) => (
          <li key={order.ono}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
      {page.totalPages > 1 ? (
        <nav className="order-list__pages" aria-label="주문 내역 페이지">
          <button
            type="button"
            className="btn"
            disabled={!page.hasPrevious}
            onClick={() => show({ ...view, page: page.page - 1 })}
          >
            이전
          </button>
          <span className="order-list__page" data-testid="order-page">
            {page.page} / {page.totalPages}
          </span>
          <button
            type="button"
            className="btn"
            disabled={!page.hasNext}
            onClick={() => show({ ...view, page: page.page + 1 })}
          >
            다음
          </button>
        </nav>
      ) : null}
    </>
  );
}

function OrderCard({ order }: { order: OrderDto }) {
  const [first] = order.orderDetails;
  const name = orderName(order.orderDetails.map((line) => line.p_name));
  const status = orderStatusLabel(order.status);
  return (
    <Link to={paths.myOrder(order.ono)} className="order-card" data-testid="order-card">
      <div className="order-card__head">
        <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
        <span className="order-card__ono">주문번호 {order.ono}</span>
        {status ? <span className={`order-status order-status--${order.status}`}>{status}</span> : null}
      </div>
      <div className="order-card__body">
        <ProductImage
          name={first?.productImage[0]?.pi_name}
          alt={first?.p_name ?? '주문 상품'}
          className="order-card__image"
        />
        <div className="order-card__text">
          <p className="order-card__name">{name}</p>
          <p className="order-card__amount">{formatWon(order.o_totalPrice)}</p>
          {order.status === 'CANCEL' && order.cancelReason ? (
            <p className="order-card__reason">{order.cancelReason}</p>
          ) : null}
        </div>
      </div>
    </Link>
  );
}
