/** What a shopper reads when a payment does not pay their order. */
export const PaymentMessages = {
  orderCancelled: '취소된 주문입니다. 결제하신 금액은 자동으로 취소됩니다.',
  alreadyPaidRefund: '이미 결제가 끝난 주문입니다. 이번 결제는 자동으로 취소됩니다.',
  impUidUsed: '다른 주문에 사용된 결제입니다.',
  notYourPayment: '본인이 결제한 내역이 아닙니다.',
  merchantUidBound: '다른 주문에 연결된 주문번호(merchant_uid)입니다.',
  impUidMismatch: '결제 정보가 일치하지 않습니다.',
  notFoundAtGateway: '결제 내역을 찾을 수 없습니다.',
  notPaid: (gatewayReason: string | null) =>
    gatewayReason ? `결제가 완료되지 않았습니다: ${gatewayReason}` : '결제가 완료되지 않았습니다.',
  foreign: '이 주문의 결제가 아닙니다.',
  amountMismatch: '결제 금액이 주문 금액과 다릅니다. 결제하신 금액은 자동으로 취소됩니다.',
  gatewayUnreachable: '결제사에 연결할 수 없습니다. 잠시 후 다시 확인해 주세요.',
  stillProcessing: '결제를 확인하고 있습니다. 잠시 후 주문 내역에서 확인해 주세요.',
  paymentNotFound: '결제 정보를 찾을 수 없습니다.',
} as const;
