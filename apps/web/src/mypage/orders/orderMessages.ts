/** My page's order messages (spec 000 section 8). */
export const MyOrderMessages = {
  listLoadFailed: '회원 주문 목록을 불러오지 못했습니다.',
  memberMissing: '사용자 정보를 불러올 수 없습니다.',
  noOrders: '주문 내역이 없습니다.',
  detailLoadFailed: '주문 상세 정보를 불러오지 못했습니다.',
  paymentLoadFailed: '결제 정보를 불러오지 못했습니다.',
  noPayment: '확인된 결제 정보가 없습니다.',
} as const;
