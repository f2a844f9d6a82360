import { ORDER_STATUS_LABELS, type SellerOrderDto } from '@mkt/contracts';
import type { ConsoleOrderFilter } from '../../shared/api/refunds';

/**
 * The console's order management (spec 001 "Seller screens", sections 4 and 5): sortable columns
 * (ono, orderDate, o_totalPrice, status, mno; a newly chosen column sorts ascending, a second click
 * descending; ono ascending by default), a status filter, a member filter, twenty to a page (ours).
 * Kept in the URL: `?status=REFUND_PENDING&mno=12&sort=o_totalPrice&dir=desc&page=2`.
 */

export const CONSOLE_ORDERS_PER_PAGE = 20;

export type ConsoleSortField = 'ono' | 'orderDate' | 'o_totalPrice' | 'status' | 'mno';
export type ConsoleStatusFilter = 'all' | NonNullable<ConsoleOrderFilter['status']>;

export const CONSOLE_SORT_FIELDS: readonly ConsoleSortField[] = [
  'ono',
  'orderDate',
  'o_totalPrice',
  'status',
  'mno',
];

export const CONSOLE_STATUS_FILTERS: readonly { value: ConsoleStatusFilter; label: string }[] = [
  { value: 'all', label: '전체' },
  { value: 'ORDER_COMPLETE', label: ORDER_STATUS_LABELS.ORDER_COMPLETE },
  { value: 'REFUND_PENDING', label: ORDER_STATUS_LABELS.REFUND_PENDING },
  { value: 'REFUND_COMPLETE', label: ORDER_STATUS_LABELS.REFUND_COMPLETE },
];

export interface ConsoleOrdersView {
  status: ConsoleStatusFilter;
  /** The member filter; null for every member. */
  mno: number | null;
  sort: ConsoleSortField;
  dir: 'asc' | 'desc';
  /** One-based. */
  page: number;
}

export const DEFAULT_CONSOLE_VIEW: ConsoleOrdersView = {
  status: 'all',
  mno: null,
  sort: 'ono',
  dir: 'asc',
  page: 1,
};

const STATUS_VALUES = new Set<string>(CONSOLE_STATUS_FILTERS.map((filter) => filter.value));
const SORT_VALUES = new Set<string>(CONSOLE_SORT_FIELDS);

/** A member number as typed: a positive whole number, else null. */
export function memberNumberOf(text: string | null): number | null {
  const trimmed = (text ?? '').trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const mno = Number(trimmed);
  return mno > 0 ? mno : null;
}

export function consoleViewOf(search: URLSearchParams): ConsoleOrdersView {
  const status = search.get('status') ?? '';
  const sort = search.get('sort') ?? '';
  const page = Number(search.get('page'));
  return {
    status: STATUS_VALUES.has(status) ? (status as ConsoleStatusFilter) : 'all',
    mno: memberNumberOf(search.get('mno')),
    sort: SORT_VALUES.has(sort) ? (sort as ConsoleSortField) : 'ono',
    dir: search.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function consoleViewSearch(view: ConsoleOrdersView): string {
  const query = new URLSearchParams();
  if (view.status !== 'all') query.set('status', view.status);
  if (view.mno !== null) query.set('mno', String(view.mno));
  if (view.sort !== DEFAULT_CONSOLE_VIEW.sort || view.dir !== DEFAULT_CONSOLE_VIEW.dir) {
    query.set('sort', view.sort);
    query.set('dir', view.dir);
  }
  if (view.page > 1) query.set('page', String(view.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A click on a column: the sorted column flips, another starts ascending; page 1. */
export function toggleConsoleSort(view: ConsoleOrdersView, field: ConsoleSortField): ConsoleOrdersView {
  const dir = view.sort === field ? (view.dir === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...view, sort: field, dir, page: 1 };
}

/** What the server filters: by status, by member, by both, or neither. */
export function consoleFilterOf(view: Pick<ConsoleOrdersView, 'status' | 'mno'>): ConsoleOrderFilter {
  return {
    ...(view.status === 'all' ? {} : { status: view.status }),
    ...(view.mno === null ? {} : { mno: view.mno }),
  };
}

function timeOf(value: string): number {
  const time = Date.parse(value);
  return Number.isNaN(time) ? 0 : time;
}

function compare(a: SellerOrderDto, b: SellerOrderDto, field: ConsoleSortField): number {
  switch (field) {
    case 'orderDate':
      return timeOf(a.orderDate) - timeOf(b.orderDate);
    case 'status':
      return a.status < b.status ? -1 : a.status > b.status ? 1 : 0;
    default:
      return a[field] - b[field];
  }
}

/** Sorted by the view's column and direction; ties by order number ascending. */
export function sortConsoleOrders(
  orders: readonly SellerOrderDto[],
  view: Pick<ConsoleOrdersView, 'sort' | 'dir'>,
): SellerOrderDto[] {
  const direction = view.dir === 'asc' ? 1 : -1;
  return [...orders].sort((a, b) => direction * compare(a, b, view.sort) || a.ono - b.ono);
}

/**
 * What the action column offers for an order:
 * - `complete`: refunded; the approve button is disabled and reads 환불 완료 (spec).
 * - `decide`: a refund waits for the caller's decision: approve or reject.
 * - `approve`: no refund to decide here; the button is there as the spec has it, and says why not.
 * - `waiting`: the caller approved; other sellers or the gateway have yet to (ours).
 * - `rejected`: the refund was refused (ours).
 */
export type RefundAction =
  | { kind: 'complete' }
  | { kind: 'decide'; rfno: number }
  | { kind: 'approve' }
  | { kind: 'waiting'; note: string }
  | { kind: 'rejected' };

export function refundActionOf(order: Pick<SellerOrderDto, 'status' | 'refundDTO'>): RefundAction {
  const refund = order.refundDTO;
  if (!refund) return order.status === 'REFUND_COMPLETE' ? { kind: 'complete' } : { kind: 'approve' };
  // A seller reads its own part; an admin (no part of its own) the refund's status.
  switch (refund.myPart ?? ADMIN_VIEW[refund.rf_status]) {
    case 'PENDING':
      return { kind: 'decide', rfno: refund.rfno };
    case 'APPROVED':
      return { kind: 'waiting', note: '승인함 · 결제 취소 중' };
    case 'REFUNDED':
      return { kind: 'complete' };
    case 'REJECTED':
      return { kind: 'rejected' };
  }
}

/** How an admin's console reads a refund as a whole, in a part's terms. */
const ADMIN_VIEW = {
  PENDING: 'PENDING',
  APPROVED: 'APPROVED',
  COMPLETED: 'REFUNDED',
  REJECTED: 'REJECTED',
} as const;

export const ConsoleOrderMessages = {
  loading: '로딩 중...',
  error: (message: string) => `오류: ${message}`,
  noOrders: '주문 내역이 없습니다.',
  invalidRefundNumber: '유효하지 않은 환불 번호입니다.',
  noRefundInfo: '환불 정보가 없습니다.',
  approveFailed: (message: string) => `환불 승인 중 오류가 발생했습니다: ${message}`,
  confirmApprove: (ono: number, amount: number) =>
    `${ono}번 주문의 환불 ${amount.toLocaleString('ko-KR')}원을 승인할까요? 승인하면 바로 결제가 취소되며 되돌릴 수 없습니다.`,
  rejectFailed: (message: string) => `환불 거절 중 오류가 발생했습니다: ${message}`,
  invalidMember: '회원번호는 1 이상의 숫자로 입력해 주세요.',
} as const;

/** What approving gives back: the caller's open parts (a seller's own, all for an admin), else the order's amount. */
export function openRefundAmount(order: Pick<SellerOrderDto, 'refundDTO' | 'o_totalPrice'>): number {
  const open = order.refundDTO?.parts.filter((part) => part.status === 'PENDING') ?? [];
  return open.length ? open.reduce((sum, part) => sum + part.amount, 0) : order.o_totalPrice;
}

/** The row as it reads once the caller approved its open parts (before the list is read again). */
export function approvedRow(order: SellerOrderDto): SellerOrderDto {
  const refund = order.refundDTO;
  if (!refund) return order;
  const parts = refund.parts.map((part) =>
    part.status === 'PENDING' ? { ...part, status: 'APPROVED' as const } : part,
  );
  return {
    ...order,
    refundDTO: {
      ...refund,
      parts,
      myPart: refund.myPart === 'PENDING' ? 'APPROVED' : refund.myPart,
      rf_status:
        refund.rf_status === 'PENDING' && parts.every((part) => part.status !== 'PENDING')
          ? 'APPROVED'
          : refund.rf_status,
    },
  };
}

/**
 * The spec's checks before approving: an order without refund info, or refund info without a
 * refund number, alerts instead of calling. Gives the refund number, or the alert.
 */
export function approvalTarget(
  order: Pick<SellerOrderDto, 'refundDTO'>,
): { rfno: number } | { alert: string } {
  if (!order.refundDTO) return { alert: ConsoleOrderMessages.noRefundInfo };
  const { rfno } = order.refundDTO;
  if (!Number.isInteger(rfno) || rfno <= 0) return { alert: ConsoleOrderMessages.invalidRefundNumber };
  return { rfno };
}

/** The dashboard's refunds to act on: parts waiting for this seller (for an admin, any pending refund). */
export function pendingDecisions(orders: readonly SellerOrderDto[]): SellerOrderDto[] {
  return orders
    .filter((order) => refundActionOf(order).kind === 'decide')
    .sort(
      (a, b) => timeOf(a.refundDTO!.rf_requestDate) - timeOf(b.refundDTO!.rf_requestDate) || a.ono - b.ono,
    );
}

/** Refunds with an approved part whose money the gateway has not yet given back. */
export function awaitingGateway(orders: readonly SellerOrderDto[]): SellerOrderDto[] {
  return orders.filter((order) => order.refundDTO?.rf_status === 'APPROVED');
}
