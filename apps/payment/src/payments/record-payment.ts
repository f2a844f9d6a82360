import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { PaymentRecord, PaymentRecordResult } from '@mkt/contracts';
import { PaymentDatabase } from '../database';
import { OrderReader } from '@mkt/internal-clients';
import { PaymentMessages } from './payment-messages';

/** The browser tells which gateway payment (imp_uid) it made for the member's order. */
export class RecordPayment {
  constructor(
    readonly mno: number,
    readonly payment: PaymentRecord,
  ) {}
}

const refused = (errorMessage: string): PaymentRecordResult => ({ success: false, pmno: null, errorMessage });

/**
 * Records the payment for verification. Nothing is trusted yet: verification asks the gateway, and
 * gives back money that cannot pay the order (a cancelled or already paid one), so even that is
 * recorded. Recording the same imp_uid for the same order again answers the same record.
 */
@CommandHandler(RecordPayment)
export class RecordPaymentHandler implements ICommandHandler<RecordPayment, PaymentRecordResult> {
  constructor(
    private readonly db: PaymentDatabase,
    @Inject(OrderReader) private readonly orders: OrderReader,
  ) {}

  async execute({ mno, payment }: RecordPayment): Promise<PaymentRecordResult> {
    // 404 for another member's order: it is not theirs to pay.
    const order = await this.orders.order(payment.ono, mno);
    const existing = await this.db.payment.findUnique({ where: { impUid: payment.imp_uid } });
    if (existing) {
      return existing.ono === order.ono && existing.mno === mno
        ? { success: true, pmno: existing.pmno, errorMessage: null }
        : refused(PaymentMessages.impUidUsed);
    }
    try {
      const recorded = await this.db.payment.create({
        data: {
          ono: order.ono,
          mno,
          impUid: payment.imp_uid,
          merchantUid: payment.merchant_uid,
          claimedAmount: payment.amount ?? null,
          pmMethod: payment.pm_method,
        },
      });
      return { success: true, pmno: recorded.pmno, errorMessage: null };
    } catch (error) {
      // The same imp_uid recorded twice at once: the first record answers both.
      const winner = await this.db.payment.findUnique({ where: { impUid: payment.imp_uid } });
      if (winner?.ono === order.ono && winner.mno === mno)
        return { success: true, pmno: winner.pmno, errorMessage: null };
      throw error;
    }
  }
}
