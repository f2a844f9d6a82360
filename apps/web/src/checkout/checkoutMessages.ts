/** What checkout tells the shopper (spec 001 section 8); the order service's own refusals come from the server. */
export const CheckoutMessages = {
  selectFromCart: '장바구니에서 결제할 상품을 선택해 주세요.',
  memberInfoFailed: '회원 정보를 불러올 수 없습니다.',
  moduleNotLoaded: '결제 모듈이 로드되지 않았습니다. 페이지를 새로고침해 주세요.',
  paymentFailed: (gatewayMessage: string) => `결제에 실패했습니다: ${gatewayMessage}`,
  processingError: '결제 처리 중 오류가 발생했습니다.',
  verificationFailed: '결제 검증에 실패했습니다.',
  verificationRequestFailed: '결제 검증 요청에 실패했습니다.',
  pmnoMissing: '서버 응답에 결제 번호(pmno)가 없습니다.',
  onoMissing: '서버 응답에 주문 번호가 없습니다.',
  amountInvalid: '결제 금액이 올바르지 않습니다.',
  termsRequired: '주문 내용 확인 및 결제 진행에 동의해 주세요.',
  cancelledByShopper: '결제를 취소했습니다.',
} as const;

/** The fail page's list of possible causes of a declined payment (spec 001 section 2). */
export const PAYMENT_FAILURE_CAUSES = [
  '카드 한도 초과',
  '카드 정보 입력 오류',
  '일시적인 네트워크 오류',
  '결제 시간 초과',
] as const;

/** What the fail page says of a payment the shopper cancelled: no card problem, nothing was paid. */
export const PAYMENT_CANCELLED_CAUSES = [
  '결제 창에서 취소를 누르셨습니다.',
  '결제 창을 닫거나 뒤로 가기를 누르셨습니다.',
  '결제 창을 열어 둔 채 결제를 마치지 않으셨습니다.',
] as const;

/** A payment that went through at the gateway but could not be confirmed for the order. */
export const PAYMENT_UNCONFIRMED_CAUSES = [
  '결제 확인 중 일시적인 네트워크 오류',
  '결제 금액이 주문 금액과 다름 (결제하신 금액은 자동으로 취소됩니다)',
  '재고 부족 등으로 주문이 취소됨 (결제하신 금액은 자동으로 환불됩니다)',
] as const;
