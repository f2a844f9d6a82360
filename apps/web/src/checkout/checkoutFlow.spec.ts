import type {
  PaymentRecord,
  PaymentRecordResult,
  PaymentVerificationDto,
  PlacedOrderDto,
} from '@mkt/contracts';
import { PaymentFailureCodes, runCheckout, type CheckoutStage, type CheckoutSteps } from './checkoutFlow';
import { CheckoutMessages } from './checkoutMessages';
import { PaymentModuleUnavailableError, type PaymentOutcome } from './paymentWindow';

const PLACED: PlacedOrderDto = { ono: 42, o_totalPrice: 39_340, status: 'PAYMENT_PENDING' };
const NOW = 1_732_000_000_123;

/** Steps that succeed unless told otherwise, recording what the flow asked of them. */
function steps(overrides: Partial<CheckoutSteps> = {}) {
  const stages: CheckoutStage[] = [];
  const calls: string[] = [];
  const records: PaymentRecord[] = [];
  const verified: [string, number][] = [];
  const payments: [PlacedOrderDto, string][] = [];
  const all: CheckoutSteps = {
    placeOrder: async () => {
      calls.push('place');
      return PLACED;
    },
    pay: async (order, merchantUid): Promise<PaymentOutcome> => {
      calls.push('pay');
      payments.push([order, merchantUid]);
      return { status: 'paid', imp_uid: 'imp_1' };
    },
    abandonPayment: async (ono, outcome) => {
      calls.push(`abandon ${ono} ${outcome}`);
    },
    recordPayment: async (record): Promise<PaymentRecordResult> => {
      calls.push('record');
      records.push(record);
      return { success: true, pmno: 9, errorMessage: null };
    },
    verify: async (impUid, pmno): Promise<PaymentVerificationDto> => {
      calls.push('verify');
      verified.push([impUid, pmno]);
      return { verified: true, status: 'ORDER_COMPLETE', reason: null };
    },
    onStage: (stage) => stages.push(stage),
    describeError: (error, fallback) => (error instanceof Error && error.message) || fallback,
    now: () => NOW,
    ...overrides,
  };
  return { all, stages, calls, records, verified, payments };
}

describe('checkout flow', () => {
  it('places the order, pays its server amount, records and verifies the payment, then completes', async () => {
    const run = steps();
    await expect(runCheckout(run.all)).resolves.toEqual({ kind: 'complete', ono: 42 });
    expect(run.calls).toEqual(['place', 'pay', 'record', 'verify']);
    expect(run.stages).toEqual(['placing', 'paying', 'recording', 'verifying']);
    expect(run.payments).toEqual([[PLACED, `mkt_${NOW}`]]);
    expect(run.records).toEqual([
      { imp_uid: 'imp_1', merchant_uid: `mkt_${NOW}`, amount: 39_340, pm_method: 'card', ono: 42 },
    ]);
    expect(run.verified).toEqual([['imp_1', 9]]);
  });

  it('stays on the form with the server message when the order is refused; nothing is paid', async () => {
    const run = steps({
      placeOrder: () => Promise.reject(new Error('주문 금액이 바뀌었습니다.')),
    });
    await expect(runCheckout(run.all)).resolves.toEqual({ kind: 'stay', alert: '주문 금액이 바뀌었습니다.' });
    expect(run.calls).toEqual([]);
  });

  it('stays on the form when the answer has no order number', async () => {
    const run = steps({ placeOrder: async () => ({}) as PlacedOrderDto });
    await expect(runCheckout(run.all)).resolves.toEqual({ kind: 'stay', alert: CheckoutMessages.onoMissing });
    expect(run.calls).toEqual([]);
  });

  it('stays on the form when the payment window cannot open', async () => {
    const run = steps({ pay: () => Promise.reject(new PaymentModuleUnavailableError()) });
    await expect(runCheckout(run.all)).resolves.toEqual({
      kind: 'stay',
      alert: CheckoutMessages.moduleNotLoaded,
    });
    expect(run.calls).toEqual(['place']);
  });

  it('goes to the fail page when the shopper cancels the window or the card is declined, the order cancelled at once', async () => {
    const cancelled = steps({ pay: async () => ({ status: 'cancelled' }) });
    await expect(runCheckout(cancelled.all)).resolves.toEqual({
      kind: 'failed',
      alert: CheckoutMessages.paymentFailed(CheckoutMessages.cancelledByShopper),
      failure: { message: CheckoutMessages.cancelledByShopper, code: PaymentFailureCodes.cancelled },
    });
    expect(cancelled.calls).toEqual(['place', `abandon ${PLACED.ono} cancelled`]);

    const declined = steps({ pay: async () => ({ status: 'failed', message: '한도 초과', code: null }) });
    await expect(runCheckout(declined.all)).resolves.toEqual({
      kind: 'failed',
      alert: '결제에 실패했습니다: 한도 초과',
      failure: { message: '한도 초과', code: PaymentFailureCodes.declined },
    });
    expect(declined.calls).toEqual(['place', `abandon ${PLACED.ono} declined`]);

    // The server not hearing of it changes nothing for the shopper (the payment timeout cancels it later).
    const unheard = steps({
      pay: async () => ({ status: 'cancelled' }),
      abandonPayment: () => Promise.reject(new Error('offline')),
    });
    expect((await runCheckout(unheard.all)).kind).toBe('failed');

    const gatewayCode = steps({
      pay: async () => ({ status: 'failed', message: '카드 오류', code: 'F400' }),
    });
    const result = await runCheckout(gatewayCode.all);
    expect(result.kind === 'failed' && result.failure.code).toBe('F400');
  });

  it('goes to the fail page with the server message when the payment is not recorded', async () => {
    const run = steps({
      recordPayment: async () => ({ success: false, pmno: null, errorMessage: '이미 결제된 주문입니다.' }),
    });
    await expect(runCheckout(run.all)).resolves.toEqual({
      kind: 'failed',
      alert: '이미 결제된 주문입니다.',
      failure: { message: '이미 결제된 주문입니다.', code: PaymentFailureCodes.notRecorded },
    });
    expect(run.calls).toEqual(['place', 'pay']);
  });

  it('fails when the record has no pmno or cannot be sent', async () => {
    const noPmno = steps({ recordPayment: async () => ({ success: true, pmno: null, errorMessage: null }) });
    const result = await runCheckout(noPmno.all);
    expect(result).toEqual({
      kind: 'failed',
      alert: CheckoutMessages.processingError,
      failure: { message: CheckoutMessages.pmnoMissing, code: PaymentFailureCodes.error },
    });
    expect(noPmno.calls).not.toContain('verify');

    const offline = steps({ recordPayment: () => Promise.reject(new Error('')) });
    await expect(runCheckout(offline.all)).resolves.toMatchObject({
      kind: 'failed',
      alert: CheckoutMessages.processingError,
      failure: { message: CheckoutMessages.processingError },
    });
  });

  it('goes to the fail page with the reason when the server does not verify the payment', async () => {
    const run = steps({
      verify: async () => ({ verified: false, status: 'CANCEL', reason: '재고가 부족합니다.' }),
    });
    await expect(runCheckout(run.all)).resolves.toEqual({
      kind: 'failed',
      alert: CheckoutMessages.verificationFailed,
      failure: { message: '재고가 부족합니다.', code: PaymentFailureCodes.notVerified },
    });

    const unreachable = steps({ verify: () => Promise.reject(new Error('')) });
    await expect(runCheckout(unreachable.all)).resolves.toMatchObject({
      kind: 'failed',
      alert: CheckoutMessages.verificationRequestFailed,
    });
  });
});
