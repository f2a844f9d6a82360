import { REFUND_REASON_MIN } from '@mkt/contracts';

/** My page's refund texts (spec 000 sections 5 and 8). */
export const MyRefundMessages = {
  reasonTooShort: `환불 사유를 ${REFUND_REASON_MIN}자 이상 입력해 주세요.`,
  /** A refusal of the server (non-2xx); its own message follows on the next line. */
  invalidResponse: '서버 응답이 올바르지 않습니다.',
  emptyResponse: '환불 요청에 실패했습니다. 서버 응답이 비어 있거나 올바르지 않습니다.',
  requestError: '환불 요청 중 오류가 발생했습니다. 다시 시도해 주세요.',
  /** Ours: the request is in; the sellers decide, then the money goes back. */
  requested: '환불 요청이 접수되었습니다. 판매자 승인 후 환불이 완료됩니다.',
  historyLoadFailed: '환불 내역을 불러오지 못했습니다.',
  errorTitle: '오류가 발생했습니다',
  noHistory: '환불 내역이 없습니다.',
  loading: '환불 내역을 불러오는 중…',
} as const;
