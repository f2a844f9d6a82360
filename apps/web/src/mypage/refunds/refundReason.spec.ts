import { RefundMessages } from '@mkt/contracts';
import { canRequestRefund, checkReason, isRefundAnswer, reasonState } from './refundReason';
import { MyRefundMessages } from './refundMessages';

describe('refund request rules', () => {
  it('counts the reason up to 500 and enables the submit button from 10 characters, not while sending', () => {
    expect(reasonState('', false)).toEqual({ length: 0, max: 500, canSubmit: false, short: false });
    expect(reasonState('123456789', false)).toEqual({ length: 9, max: 500, canSubmit: false, short: true });
    expect(reasonState('1234567890', false)).toEqual({ length: 10, max: 500, canSubmit: true, short: false });
    expect(reasonState('1234567890', true).canSubmit).toBe(false);
    expect(reasonState('가'.repeat(500), false)).toMatchObject({ length: 500, canSubmit: true });
    expect(reasonState('가'.repeat(501), false).canSubmit).toBe(false);
    // Spaces around the reason do not count: ten spaces (and one letter) do not enable 환불 신청.
    expect(reasonState(' '.repeat(10), false)).toEqual({
      length: 0,
      max: 500,
      canSubmit: false,
      short: false,
    });
    expect(reasonState(`${' '.repeat(10)}가`, false)).toMatchObject({
      length: 1,
      canSubmit: false,
      short: true,
    });
  });

  it('sends the trimmed reason, or alerts when fewer than 10 characters are left', () => {
    expect(checkReason('  상품이 설명과 다릅니다  ')).toEqual({ reason: '상품이 설명과 다릅니다' });
    expect(checkReason('         짧음')).toEqual({ alert: MyRefundMessages.reasonTooShort });
    expect(checkReason('')).toEqual({ alert: MyRefundMessages.reasonTooShort });
    expect(checkReason('가'.repeat(501))).toEqual({ alert: RefundMessages.reasonLength });
    expect(MyRefundMessages.reasonTooShort).toBe('환불 사유를 10자 이상 입력해 주세요.');
  });

  it('offers a refund of a paid order with some line not reviewed', () => {
    const reviewed = { review_flag: true };
    const open = { review_flag: false };
    expect(canRequestRefund('ORDER_COMPLETE', [reviewed, open])).toBe(true);
    expect(canRequestRefund('ORDER_COMPLETE', [reviewed])).toBe(false);
    expect(canRequestRefund('ORDER_COMPLETE', [])).toBe(false);
    for (const status of ['PAYMENT_PENDING', 'CANCEL', 'REFUND_PENDING', 'REFUND_COMPLETE'])
      expect(canRequestRefund(status, [open])).toBe(false);
  });

  it('takes only a JSON object as the answer', () => {
    expect(isRefundAnswer({ rfno: 1 })).toBe(true);
    for (const answer of [undefined, null, '', 'ok', 1, [], [{ rfno: 1 }]])
      expect(isRefundAnswer(answer)).toBe(false);
  });
});
