import {
  ariaSortOf,
  DEFAULT_REFUND_VIEW,
  filterRefunds,
  REFUND_FILTERS,
  refundHistoryParams,
  refundPaging,
  refundViewOf,
  refundViewSearch,
  toggleRefundSort,
} from './refundHistory';

const viewOf = (query: string) => refundViewOf(new URLSearchParams(query));

describe('refund history view', () => {
  it('reads the view from the URL, anything unknown as the default (all, newest request first, page 1)', () => {
    expect(viewOf('')).toEqual(DEFAULT_REFUND_VIEW);
    expect(DEFAULT_REFUND_VIEW).toEqual({ status: 'all', sort: 'requestDate', dir: 'desc', page: 1 });
    expect(viewOf('status=REJECTED&sort=amount&dir=asc&page=3')).toEqual({
      status: 'REJECTED',
      sort: 'amount',
      dir: 'asc',
      page: 3,
    });
    expect(viewOf('status=APPROVED&sort=price&dir=up&page=-1')).toEqual(DEFAULT_REFUND_VIEW);
    expect(viewOf('page=1.5').page).toBe(1);
  });

  it('writes the view to the URL without its defaults, and reads back what it wrote', () => {
    expect(refundViewSearch(DEFAULT_REFUND_VIEW)).toBe('');
    const view = { status: 'PENDING', sort: 'amount', dir: 'desc', page: 2 } as const;
    expect(refundViewSearch(view)).toBe('?status=PENDING&sort=amount&dir=desc&page=2');
    expect(viewOf(refundViewSearch(view).slice(1))).toEqual(view);
    expect(refundViewSearch({ ...DEFAULT_REFUND_VIEW, dir: 'asc' })).toBe('?sort=requestDate&dir=asc');
  });

  it('a click toggles the shown column; a newly chosen column starts descending; both go to page 1', () => {
    const start = { ...DEFAULT_REFUND_VIEW, page: 3 };
    const dateAsc = toggleRefundSort(start, 'requestDate');
    expect(dateAsc).toEqual({ status: 'all', sort: 'requestDate', dir: 'asc', page: 1 });
    expect(toggleRefundSort(dateAsc, 'requestDate').dir).toBe('desc');
    const amount = toggleRefundSort(dateAsc, 'amount');
    expect(amount).toMatchObject({ sort: 'amount', dir: 'desc', page: 1 });
    expect(toggleRefundSort(amount, 'amount').dir).toBe('asc');
    expect(toggleRefundSort(toggleRefundSort(amount, 'amount'), 'requestDate').dir).toBe('desc');
  });

  it('a filter goes to page 1 and keeps the sort', () => {
    const view = { status: 'all', sort: 'amount', dir: 'asc', page: 4 } as const;
    expect(filterRefunds(view, 'COMPLETED')).toEqual({ ...view, status: 'COMPLETED', page: 1 });
    expect(REFUND_FILTERS.map((filter) => filter.label)).toEqual(['전체', '처리중', '완료', '거절']);
  });

  it('asks the server for a zero-based page of ten, sorted as `field,dir`', () => {
    expect(refundHistoryParams(DEFAULT_REFUND_VIEW)).toEqual({
      page: 0,
      size: 10,
      sort: 'requestDate,desc',
      status: 'all',
    });
    expect(refundHistoryParams({ status: 'REJECTED', sort: 'amount', dir: 'asc', page: 2 })).toEqual({
      page: 1,
      size: 10,
      sort: 'amount,asc',
      status: 'REJECTED',
    });
  });

  it("shows 'page / total' with previous and next only when there is more than one page", () => {
    expect(refundPaging(0, 1)).toMatchObject({ shown: false });
    expect(refundPaging(0, 0)).toMatchObject({ shown: false });
    expect(refundPaging(0, 2)).toEqual({
      shown: true,
      page: 1,
      totalPages: 2,
      hasPrevious: false,
      hasNext: true,
    });
    expect(refundPaging(1, 2)).toEqual({
      shown: true,
      page: 2,
      totalPages: 2,
      hasPrevious: true,
      hasNext: false,
    });
  });

  it('names the sorted column for assistive technology', () => {
    expect(ariaSortOf(DEFAULT_REFUND_VIEW, 'requestDate')).toBe('descending');
    expect(ariaSortOf(DEFAULT_REFUND_VIEW, 'amount')).toBe('none');
    expect(ariaSortOf({ sort: 'amount', dir: 'asc' }, 'amount')).toBe('ascending');
  });
});
