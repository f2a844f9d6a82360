import type { SellerOrderDto } from '@mkt/contracts';
import { consoleOrdersPath } from '../../shared/api/refunds';
import {
  approvalTarget,
  awaitingGateway,
  CONSOLE_STATUS_FILTERS,
  consoleFilterOf,
  ConsoleOrderMessages,
  consoleViewOf,
  consoleViewSearch,
  DEFAULT_CONSOLE_VIEW,
  memberNumberOf,
  pendingDecisions,
  refundActionOf,
  approvedRow,
  openRefundAmount,
  sortConsoleOrders,
  toggleConsoleSort,
} from './consoleOrders';

type Refund = NonNullable<SellerOrderDto['refundDTO']>;

function order(ono: number, fields: Partial<SellerOrderDto> = {}): SellerOrderDto {
  return {
    ono,
    orderDate: `2026-03-${String(ono).padStart(2, '0')}T10:00:00Z`,
    o_totalPrice: 1000 * ono,
    status: 'ORDER_COMPLETE',
    mno: 10,
    o_address: '서울',
    o_reciver: '김민수',
    o_reciverPhoNum: '01012345678',
    refundDTO: null,
    orderDetails: [],
    ...fields,
  };
}

function refund(fields: Partial<Refund> = {}): Refund {
  return {
    rfno: 7,
    rf_requestDate: '2026-03-20T10:00:00Z',
    rf_completeDate: null,
    rf_status: 'PENDING',
    rf_reason: '사이즈가 맞지 않습니다',
    myPart: 'PENDING',
    parts: [],
    ...fields,
  };
}

const viewOf = (query: string) => consoleViewOf(new URLSearchParams(query));

describe('console order management', () => {
  it('starts sorted by order number ascending with every status and member', () => {
    expect(viewOf('')).toEqual(DEFAULT_CONSOLE_VIEW);
    expect(DEFAULT_CONSOLE_VIEW).toEqual({ status: 'all', mno: null, sort: 'ono', dir: 'asc', page: 1 });
    expect(consoleViewSearch(DEFAULT_CONSOLE_VIEW)).toBe('');
    expect(viewOf('status=CANCEL&sort=o_address&dir=x&mno=abc&page=0')).toEqual(DEFAULT_CONSOLE_VIEW);
  });

  it('keeps status, member, sort and page in the URL and reads them back', () => {
    const view = { status: 'REFUND_PENDING', mno: 12, sort: 'o_totalPrice', dir: 'desc', page: 2 } as const;
    const search = consoleViewSearch(view);
    expect(search).toBe('?status=REFUND_PENDING&mno=12&sort=o_totalPrice&dir=desc&page=2');
    expect(viewOf(search.slice(1))).toEqual(view);
  });

  it('a newly chosen column sorts ascending first, a second click descending, then ascending again', () => {
    const byPrice = toggleConsoleSort({ ...DEFAULT_CONSOLE_VIEW, page: 3 }, 'o_totalPrice');
    expect(byPrice).toMatchObject({ sort: 'o_totalPrice', dir: 'asc', page: 1 });
    expect(toggleConsoleSort(byPrice, 'o_totalPrice').dir).toBe('desc');
    expect(toggleConsoleSort(toggleConsoleSort(byPrice, 'o_totalPrice'), 'o_totalPrice').dir).toBe('asc');
    expect(toggleConsoleSort(DEFAULT_CONSOLE_VIEW, 'ono').dir).toBe('desc');
    expect(toggleConsoleSort(toggleConsoleSort(byPrice, 'o_totalPrice'), 'mno')).toMatchObject({
      sort: 'mno',
      dir: 'asc',
    });
  });

  it('sorts by each sortable column, ties by order number', () => {
    const orders = [
      order(3, { o_totalPrice: 500, mno: 2, status: 'REFUND_PENDING', orderDate: '2026-03-01T09:00:00Z' }),
      order(1, { o_totalPrice: 900, mno: 2, status: 'REFUND_COMPLETE', orderDate: '2026-03-02T09:00:00Z' }),
      order(2, { o_totalPrice: 500, mno: 1, status: 'ORDER_COMPLETE', orderDate: '2026-02-01T09:00:00Z' }),
    ];
    const onos = (sort: Parameters<typeof sortConsoleOrders>[1]) =>
      sortConsoleOrders(orders, sort).map((o) => o.ono);
    expect(onos({ sort: 'ono', dir: 'asc' })).toEqual([1, 2, 3]);
    expect(onos({ sort: 'ono', dir: 'desc' })).toEqual([3, 2, 1]);
    expect(onos({ sort: 'o_totalPrice', dir: 'asc' })).toEqual([2, 3, 1]);
    expect(onos({ sort: 'o_totalPrice', dir: 'desc' })).toEqual([1, 2, 3]);
    expect(onos({ sort: 'orderDate', dir: 'asc' })).toEqual([2, 3, 1]);
    expect(onos({ sort: 'status', dir: 'asc' })).toEqual([2, 1, 3]);
    expect(onos({ sort: 'mno', dir: 'desc' })).toEqual([1, 3, 2]);
    expect(orders.map((o) => o.ono)).toEqual([3, 1, 2]);
  });

  it('filters on the server by status, member, both or neither', () => {
    expect(consoleFilterOf(DEFAULT_CONSOLE_VIEW)).toEqual({});
    expect(consoleFilterOf({ status: 'REFUND_COMPLETE', mno: null })).toEqual({ status: 'REFUND_COMPLETE' });
    expect(consoleFilterOf({ status: 'all', mno: 5 })).toEqual({ mno: 5 });
    expect(consoleOrdersPath({})).toEqual({ path: '/api/orders', query: {} });
    expect(consoleOrdersPath({ status: 'REFUND_PENDING' })).toEqual({
      path: '/api/orders/status',
      query: { status: 'REFUND_PENDING' },
    });
    expect(consoleOrdersPath({ mno: 5 })).toEqual({
      path: '/api/orders/user/5/status',
      query: { status: undefined },
    });
    expect(consoleOrdersPath({ mno: 5, status: 'ORDER_COMPLETE' })).toEqual({
      path: '/api/orders/user/5/status',
      query: { status: 'ORDER_COMPLETE' },
    });
    expect(CONSOLE_STATUS_FILTERS.map((filter) => filter.value)).toEqual([
      'all',
      'ORDER_COMPLETE',
      'REFUND_PENDING',
      'REFUND_COMPLETE',
    ]);
  });

  it('takes a member number of digits only', () => {
    expect(memberNumberOf(' 42 ')).toBe(42);
    expect(memberNumberOf('0')).toBeNull();
    expect(memberNumberOf('-3')).toBeNull();
    expect(memberNumberOf('4.2')).toBeNull();
    expect(memberNumberOf('')).toBeNull();
    expect(memberNumberOf(null)).toBeNull();
  });

  it('offers approve and reject for a part waiting for the caller; the rest read what happened', () => {
    expect(
      refundActionOf(
        order(1, {
          status: 'REFUND_COMPLETE',
          refundDTO: refund({ rf_status: 'COMPLETED', myPart: 'REFUNDED' }),
        }),
      ),
    ).toEqual({ kind: 'complete' });
    expect(refundActionOf(order(1))).toEqual({ kind: 'approve' });
    expect(refundActionOf(order(1, { status: 'REFUND_PENDING', refundDTO: refund() }))).toEqual({
      kind: 'decide',
      rfno: 7,
    });
    // An admin has no part of its own: any pending refund is its to decide.
    expect(
      refundActionOf(order(1, { status: 'REFUND_PENDING', refundDTO: refund({ myPart: null }) })).kind,
    ).toBe('decide');
    expect(
      refundActionOf(order(1, { status: 'REFUND_PENDING', refundDTO: refund({ myPart: 'APPROVED' }) })),
    ).toEqual({ kind: 'waiting', note: '승인함 · 결제 취소 중' });
    // Another seller's rejection does not touch this seller's part, nor the other way round.
    expect(
      refundActionOf(
        order(1, {
          status: 'REFUND_PENDING',
          refundDTO: refund({ rf_status: 'PENDING', myPart: 'REJECTED' }),
        }),
      ),
    ).toEqual({ kind: 'rejected' });
    expect(
      refundActionOf(
        order(1, {
          status: 'REFUND_COMPLETE',
          refundDTO: refund({ rf_status: 'COMPLETED', myPart: 'REJECTED' }),
        }),
      ),
    ).toEqual({ kind: 'rejected' });
    expect(
      refundActionOf(
        order(1, { status: 'REFUND_PENDING', refundDTO: refund({ rf_status: 'APPROVED', myPart: null }) }),
      ),
    ).toEqual({ kind: 'waiting', note: '승인함 · 결제 취소 중' });
    expect(refundActionOf(order(1, { refundDTO: refund({ rf_status: 'REJECTED', myPart: null }) }))).toEqual({
      kind: 'rejected',
    });
  });

  it("asks before approving, naming the order and the caller's open amount; the row then reads approved", () => {
    expect(ConsoleOrderMessages.confirmApprove(12, 37_710)).toBe(
      '12번 주문의 환불 37,710원을 승인할까요? 승인하면 바로 결제가 취소되며 되돌릴 수 없습니다.',
    );
    const part = (sellerId: number, amount: number, status: 'PENDING' | 'REJECTED') => ({
      sellerId,
      productName: '포기김치',
      amount,
      status,
      rejectReason: null,
      decidedAt: null,
      refundedAt: null,
    });
    const adminsView = order(3, {
      status: 'REFUND_PENDING',
      o_totalPrice: 93_710,
      refundDTO: refund({ myPart: null, parts: [part(2, 37_710, 'REJECTED'), part(5, 56_000, 'PENDING')] }),
    });
    expect(openRefundAmount(adminsView)).toBe(56_000);
    expect(openRefundAmount(order(4, { o_totalPrice: 9_000 }))).toBe(9_000);
    const approved = approvedRow(adminsView);
    expect(approved.refundDTO?.parts.map((p) => p.status)).toEqual(['REJECTED', 'APPROVED']);
    expect(refundActionOf(approved)).toEqual({ kind: 'waiting', note: '승인함 · 결제 취소 중' });
    expect(refundActionOf(approvedRow(order(5, { status: 'REFUND_PENDING', refundDTO: refund() })))).toEqual({
      kind: 'waiting',
      note: '승인함 · 결제 취소 중',
    });
  });

  it("alerts 'no refund info' and 'invalid refund number' instead of approving", () => {
    expect(approvalTarget(order(1))).toEqual({ alert: ConsoleOrderMessages.noRefundInfo });
    expect(approvalTarget(order(1, { refundDTO: refund({ rfno: 0 }) }))).toEqual({
      alert: ConsoleOrderMessages.invalidRefundNumber,
    });
    expect(approvalTarget(order(1, { refundDTO: refund({ rfno: 9 }) }))).toEqual({ rfno: 9 });
    expect(ConsoleOrderMessages.error('서버 오류')).toBe('오류: 서버 오류');
  });

  it("lists the dashboard's refunds to act on, oldest request first, and those waiting for the gateway", () => {
    const orders = [
      order(1, {
        status: 'REFUND_PENDING',
        refundDTO: refund({ rfno: 1, rf_requestDate: '2026-03-21T10:00:00Z' }),
      }),
      order(2, {
        status: 'REFUND_PENDING',
        refundDTO: refund({ rfno: 2, rf_requestDate: '2026-03-20T10:00:00Z' }),
      }),
      order(3, { status: 'REFUND_PENDING', refundDTO: refund({ rfno: 3, myPart: 'APPROVED' }) }),
      order(4, {
        status: 'REFUND_PENDING',
        refundDTO: refund({ rfno: 4, rf_status: 'APPROVED', myPart: 'APPROVED' }),
      }),
      order(5),
    ];
    expect(pendingDecisions(orders).map((o) => o.ono)).toEqual([2, 1]);
    expect(awaitingGateway(orders).map((o) => o.ono)).toEqual([4]);
  });
});
