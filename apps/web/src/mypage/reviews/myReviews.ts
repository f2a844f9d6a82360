import type { OrderDto, OrderLineDto } from '@mkt/contracts';

/** An order line as my page's review tabs list it, with its order's date. */
export interface ReviewableLine extends OrderLineDto {
  orderDate: string;
}

export interface ReviewTabs {
  /** Lines of complete orders without a review, newest order first. */
  writable: ReviewableLine[];
  /** Lines with a review, newest order first. */
  written: ReviewableLine[];
  /** Lines just reviewed whose order does not show the review yet (it follows in a moment). */
  arriving: ReviewableLine[];
}

/** The two tabs of /mypage/review: what the member may review, and what they reviewed. */
export function reviewTabsOf(orders: readonly OrderDto[], justReviewed: ReadonlySet<number>): ReviewTabs {
  const tabs: ReviewTabs = { writable: [], written: [], arriving: [] };
  const newestFirst = [...orders].sort((a, b) => b.ono - a.ono);
  for (const order of newestFirst) {
    for (const line of order.orderDetails) {
      const listed = { ...line, orderDate: order.orderDate };
      if (line.rno !== null) tabs.written.push(listed);
      else if (justReviewed.has(line.orno)) tabs.arriving.push(listed);
      else if (order.status === 'ORDER_COMPLETE') tabs.writable.push(listed);
    }
  }
  return tabs;
}

export const MyReviewMessages = {
  noneToWrite: '작성 가능한 리뷰가 없습니다.',
  noneWritten: '작성한 리뷰가 없습니다.',
  loadFailed: '주문 내역을 불러오지 못했습니다.',
  reviewLoadFailed: '리뷰를 불러오지 못했습니다.',
  memberMissing: '사용자 정보를 불러올 수 없습니다.',
  writeFailed: '리뷰를 등록하지 못했습니다.',
} as const;

/** The points info list under the tabs (spec 000 sections 4 and 9). */
export const REVIEW_POINT_NOTES = [
  '주간 베스트 리뷰로 선정되면 5,000원의 적립금을 추가로 드립니다.',
  '리뷰를 작성하시면 50원의 적립금을 드립니다.',
  '같은 상품의 리뷰 적립금은 한 달에 한 번만 지급됩니다.',
  '적립금은 리뷰 작성 후 1주일 이내에 지급됩니다.',
] as const;
