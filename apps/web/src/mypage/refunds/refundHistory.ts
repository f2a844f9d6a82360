import { REFUND_PAGE_SIZE, REFUND_STATUS_LABELS, type RefundHistoryStatus } from '@mkt/contracts';
import type { RefundHistoryParams } from '../../shared/api/refunds';

/**
 * My page's refund history (spec 000 "Refund history"): a status filter, sorting by request date or
 * amount (a click on the shown column toggles its direction, a newly chosen column starts
 * descending), ten to a page. Kept in the URL: `?status=PENDING&sort=amount&dir=asc&page=2`.
 */

export type RefundFilter = 'all' | RefundHistoryStatus;
export type RefundSortField = 'requestDate' | 'amount';
export type SortDirection = 'asc' | 'desc';

export const REFUND_FILTERS: readonly { value: RefundFilter; label: string }[] = [
  { value: 'all', label: '전체' },
  { value: 'PENDING', label: REFUND_STATUS_LABELS.PENDING },
  { value: 'COMPLETED', label: REFUND_STATUS_LABELS.COMPLETED },
  { value: 'REJECTED', label: REFUND_STATUS_LABELS.REJECTED },
];

export interface RefundHistoryView {
  status: RefundFilter;
  sort: RefundSortField;
  dir: SortDirection;
  /** One-based, as shown. */
  page: number;
}

export const DEFAULT_REFUND_VIEW: RefundHistoryView = {
  status: 'all',
  sort: 'requestDate',
  dir: 'desc',
  page: 1,
};

const FILTER_VALUES = new Set<string>(REFUND_FILTERS.map((filter) => filter.value));

export function refundViewOf(search: URLSearchParams): RefundHistoryView {
  const status = search.get('status') ?? '';
  const page = Number(search.get('page'));
  return {
    status: FILTER_VALUES.has(status) ? (status as RefundFilter) : 'all',
    sort: search.get('sort') === 'amount' ? 'amount' : 'requestDate',
    dir: search.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL's query of a view; the defaults are left out. */
export function refundViewSearch(view: RefundHistoryView): string {
  const query = new URLSearchParams();
  if (view.status !== DEFAULT_REFUND_VIEW.status) query.set('status', view.status);
  if (view.sort !== DEFAULT_REFUND_VIEW.sort || view.dir !== DEFAULT_REFUND_VIEW.dir) {
    query.set('sort', view.sort);
    query.set('dir', view.dir);
  }
  if (view.page > 1) query.set('page', String(view.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A click on a column's sort button: the shown column flips, another starts descending; page 1. */
export function toggleRefundSort(view: RefundHistoryView, field: RefundSortField): RefundHistoryView {
  const dir: SortDirection = view.sort === field ? (view.dir === 'desc' ? 'asc' : 'desc') : 'desc';
  return { ...view, sort: field, dir, page: 1 };
}

/** Another filter: page 1, the sort kept. */
export function filterRefunds(view: RefundHistoryView, status: RefundFilter): RefundHistoryView {
  return { ...view, status, page: 1 };
}

/** The call's query: zero-based page, ten a page, `field,dir`. */
export function refundHistoryParams(view: RefundHistoryView): RefundHistoryParams {
  return {
    page: view.page - 1,
    size: REFUND_PAGE_SIZE,
    sort: `${view.sort},${view.dir}`,
    status: view.status,
  };
}

export interface RefundPaging {
  /** 'page / total' and the buttons show only with more than one page. */
  shown: boolean;
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** The paging of a loaded page (the server's `number` is zero-based). */
export function refundPaging(number: number, totalPages: number): RefundPaging {
  const page = number + 1;
  return {
    shown: totalPages > 1,
    page,
    totalPages,
    hasPrevious: page > 1,
    hasNext: page < totalPages,
  };
}

/** What a sort button's `aria-sort` says of its column. */
export function ariaSortOf(
  view: Pick<RefundHistoryView, 'sort' | 'dir'>,
  field: RefundSortField,
): 'ascending' | 'descending' | 'none' {
  if (view.sort !== field) return 'none';
  return view.dir === 'asc' ? 'ascending' : 'descending';
}
