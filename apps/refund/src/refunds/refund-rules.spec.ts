import type { OrderDto } from '@mkt/contracts';
import { isSettled, namesOf, refundStatusOf } from './refund-parts';
import { toHistoryItem } from './refund-views';
import type { RefundWithParts } from './refund-views';
import { partsOf } from './request-refund';

const line = (orno: number, sellerId: number, name: string, amount: number, count = 1) => ({
  orno,
  odno: orno * 10,
  pno: orno * 100,
  sellerId,
  p_name: name,
  od_name: '기본',
  or_count: count,
  or_price: Math.ceil(amount / count / 10) * 10,
  or_amount: amount,
  rno: null,
  review_flag: false,
  productImage: [],
});

describe('refund rules', () => {
  it('splits an order into one part per seller, each the sum of its lines as charged', () => {
    const order = {
      orderDetails: [
        line(1, 2, '포기김치', 37_710),
        line(2, 5, '한우', 56_000),
        // Two pieces at 15% off 8,990원: the line is rounded once (15,290원), not twice 7,650원.
        line(3, 2, '참기름', 15_290, 2),
      ],
    } as unknown as OrderDto;
    expect(partsOf(order)).toEqual([
      {
        sellerId: 2,
        amount: 37_710 + 15_290,
        productName: '포기김치 외 1건',
        lines: [
          { orno: 1, odno: 10, pno: 100, count: 1 },
          { orno: 3, odno: 30, pno: 300, count: 2 },
        ],
      },
      {
        sellerId: 5,
        amount: 56_000,
        productName: '한우',
        lines: [{ orno: 2, odno: 20, pno: 200, count: 1 }],
      },
    ]);
  });

  it("takes a refund's status from its parts: waiting while a seller has not decided or money is on its way", () => {
    const parts = (...statuses: ('PENDING' | 'APPROVED' | 'REFUNDED' | 'REJECTED')[]) =>
      statuses.map((status) => ({ status }));
    expect(refundStatusOf(parts('PENDING', 'REJECTED'))).toBe('PENDING');
    expect(refundStatusOf(parts('PENDING', 'REFUNDED'))).toBe('PENDING');
    expect(refundStatusOf(parts('APPROVED', 'REJECTED'))).toBe('APPROVED');
    // One seller's part given back, the other's rejected: the refund is complete (in part).
    expect(refundStatusOf(parts('REFUNDED', 'REJECTED'))).toBe('COMPLETED');
    expect(refundStatusOf(parts('REFUNDED', 'REFUNDED'))).toBe('COMPLETED');
    expect(refundStatusOf(parts('REJECTED', 'REJECTED'))).toBe('REJECTED');
    expect([
      isSettled('COMPLETED'),
      isSettled('REJECTED'),
      isSettled('APPROVED'),
      isSettled('PENDING'),
    ]).toEqual([true, true, false, false]);
  });

  it('names a refund by its first product and how many more', () => {
    expect(namesOf(['사과'])).toBe('사과');
    expect(namesOf(['사과', '배', '감'])).toBe('사과 외 2건');
  });

  describe('asking again', () => {
    const refund = (
      status: RefundWithParts['status'],
      partStatuses: string[],
      retryOfRfno: number | null = null,
    ) =>
      ({
        rfno: 9,
        ono: 3,
        mno: 7,
        reason: '상품이 설명과 달라서 환불을 요청합니다.',
        amount: 93_710,
        productName: '포기김치 외 1건',
        status,
        requestDate: new Date('2026-11-20T01:00:00Z'),
        completeDate: new Date('2026-11-21T02:00:00Z'),
        retryOfRfno,
        parts: partStatuses.map((partStatus, index) => ({
          rfno: 9,
          sellerId: index + 1,
          amount: 1_000,
          lines: [],
          productName: '포기김치',
          status: partStatus,
          rejectReason: partStatus === 'REJECTED' ? '포장을 뜯은 상품입니다.' : null,
          decidedAt: new Date('2026-11-20T03:00:00Z'),
          refundedAt: null,
        })),
      }) as unknown as RefundWithParts;

    it('is offered for a settled refund with a rejected part, once, never for one that asks again', () => {
      expect(toHistoryItem(refund('COMPLETED', ['REFUNDED', 'REJECTED']), false).canAskAgain).toBe(true);
      expect(toHistoryItem(refund('REJECTED', ['REJECTED']), false).canAskAgain).toBe(true);
      expect(toHistoryItem(refund('REJECTED', ['REJECTED']), true).canAskAgain).toBe(false);
      expect(toHistoryItem(refund('REJECTED', ['REJECTED'], 4), false).canAskAgain).toBe(false);
      expect(toHistoryItem(refund('COMPLETED', ['REFUNDED']), false).canAskAgain).toBe(false);
      expect(toHistoryItem(refund('PENDING', ['PENDING', 'REJECTED']), false).canAskAgain).toBe(false);
    });

    it("shows the shopper's reason, the dates and each part's decision", () => {
      expect(toHistoryItem(refund('COMPLETED', ['REFUNDED', 'REJECTED']), false)).toMatchObject({
        status: 'COMPLETED',
        reason: '상품이 설명과 달라서 환불을 요청합니다.',
        requestDate: '2026-11-20T01:00:00.000Z',
        completeDate: '2026-11-21T02:00:00.000Z',
        parts: [
          { sellerId: 1, status: 'REFUNDED', rejectReason: null },
          {
            sellerId: 2,
            status: 'REJECTED',
            rejectReason: '포장을 뜯은 상품입니다.',
            decidedAt: '2026-11-20T03:00:00.000Z',
          },
        ],
      });
      // Approved, waiting for the gateway: still being processed to the shopper.
      expect(toHistoryItem(refund('APPROVED', ['APPROVED']), false).status).toBe('PENDING');
    });
  });
});
