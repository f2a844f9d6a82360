import { randomBytes, randomInt } from 'node:crypto';
import type { PortOnePayment } from '../portone-api';
import type { SandboxPay } from '@mkt/contracts';

/** A refusal in PortOne's manner: the HTTP status it comes with and the gateway's message. */
export class SandboxRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

const PAYMENT_NOT_FOUND = '존재하지 않는 결제정보입니다.';

/** What the shopper reads for each way the sandbox window can end without paying. */
const FAIL_REASONS = {
  failed: '카드 한도가 초과되어 결제가 거절되었습니다. (샌드박스)',
  // PortOne records a window the shopper closed as a failed payment with these words.
  abandoned: '사용자가 결제를 취소하셨습니다',
} as const;

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const pgTid = () => `sandbox_${randomBytes(10).toString('hex')}`;

export interface SandboxCancel {
  imp_uid: string;
  amount?: number;
  reason?: string;
  checksum?: number;
}

/**
 * The sandbox gateway's payments, held in memory: they are gone when its process ends, so an
 * order paid before a restart can no longer be verified or cancelled at the sandbox.
 */
export class SandboxLedger {
  private readonly payments = new Map<string, PortOnePayment>();
  /** Each order's payments by imp_uid, the latest last. */
  private readonly attempts = new Map<string, string[]>();

  pay(request: SandboxPay, now = new Date()): PortOnePayment {
    const earlier = (this.attempts.get(request.merchant_uid) ?? []).map((impUid) =>
      this.payments.get(impUid),
    );
    // As at PortOne, an order id can be tried again after a failure but never paid twice.
    if (earlier.some((payment) => payment && payment.status !== 'failed')) {
      throw new SandboxRefusal(200, `이미 결제된 주문번호입니다. (${request.merchant_uid})`);
    }
    const at = unixSeconds(now);
    const paid = request.outcome === 'paid';
    const payment: PortOnePayment = {
      imp_uid: this.newImpUid(),
      merchant_uid: request.merchant_uid,
      pay_method: request.pay_method,
      channel: 'pc',
      pg_provider: request.pg_provider,
      pg_tid: pgTid(),
      name: request.name ?? null,
      amount: request.amount,
      cancel_amount: 0,
      currency: 'KRW',
      status: paid ? 'paid' : 'failed',
      started_at: at,
      paid_at: paid ? at : 0,
      failed_at: paid ? 0 : at,
      cancelled_at: 0,
      fail_reason: request.outcome === 'paid' ? null : FAIL_REASONS[request.outcome],
      cancel_reason: null,
      cancel_history: [],
      buyer_name: request.buyer_name ?? null,
      buyer_email: request.buyer_email ?? null,
      custom_data: request.custom_data ?? null,
    };
    this.payments.set(payment.imp_uid, payment);
    this.attempts.set(request.merchant_uid, [
      ...(this.attempts.get(request.merchant_uid) ?? []),
      payment.imp_uid,
    ]);
    return payment;
  }

  find(impUid: string): PortOnePayment {
    const payment = this.payments.get(impUid);
    if (!payment) throw new SandboxRefusal(404, PAYMENT_NOT_FOUND);
    return payment;
  }

  findLatest(merchantUid: string): PortOnePayment {
    const latest = this.attempts.get(merchantUid)?.at(-1);
    if (!latest) throw new SandboxRefusal(404, PAYMENT_NOT_FOUND);
    return this.find(latest);
  }

  /** Gives back `amount` (all that remains when absent); the payment is `cancelled` once nothing remains. */
  cancel(request: SandboxCancel, now = new Date()): PortOnePayment {
    const payment = this.payments.get(request.imp_uid);
    if (!payment) throw new SandboxRefusal(404, '취소할 결제건이 존재하지 않습니다.');
    if (payment.status === 'cancelled') throw new SandboxRefusal(200, '이미 전액취소된 주문입니다.');
    if (payment.status !== 'paid') throw new SandboxRefusal(200, '결제완료된 건만 취소할 수 있습니다.');
    const cancellable = payment.amount - payment.cancel_amount;
    if (request.checksum !== undefined && request.checksum !== cancellable) {
      throw new SandboxRefusal(
        200,
        `취소가능 금액(checksum)이 일치하지 않습니다. (요청 ${request.checksum}원, 취소가능 ${cancellable}원)`,
      );
    }
    const amount = request.amount ?? cancellable;
    if (amount > cancellable) {
      throw new SandboxRefusal(
        200,
        `취소 요청 금액(${amount}원)이 취소가능 금액(${cancellable}원)보다 큽니다.`,
      );
    }
    const at = unixSeconds(now);
    const reason = request.reason ?? null;
    payment.cancel_amount += amount;
    payment.cancel_history.push({ pg_tid: pgTid(), amount, cancelled_at: at, reason });
    payment.cancel_reason = reason;
    if (payment.cancel_amount === payment.amount) {
      payment.status = 'cancelled';
      payment.cancelled_at = at;
    }
    return payment;
  }

  /** 'imp_' and 12 digits, as PortOne numbers its payments. */
  private newImpUid(): string {
    for (;;) {
      const impUid = `imp_${String(randomInt(1e12)).padStart(12, '0')}`;
      if (!this.payments.has(impUid)) return impUid;
    }
  }
}
