import { Injectable } from '@nestjs/common';
import type { OrderPaymentDto } from '@mkt/contracts';
import { NotFound } from '@mkt/http';
import { PaymentDatabase } from '../database';
import { PaymentMessages } from './payment-messages';

@Injectable()
export class PaymentReads {
  constructor(private readonly db: PaymentDatabase) {}

  /** The payment that paid the member's order (verified, or given back since). */
  async ofOrder(ono: number, mno: number): Promise<OrderPaymentDto> {
    const payment = await this.db.payment.findFirst({
      where: { ono, mno, verifiedAt: { not: null } },
      orderBy: { verifiedAt: 'desc' },
    });
    if (!payment) throw new NotFound(PaymentMessages.paymentNotFound);
    return {
      imp_uid: payment.impUid,
      merchant_uid: payment.merchantUid,
      amount: payment.amount ?? 0,
      pm_method: payment.pmMethod,
      pg_provider: payment.pgProvider,
      paidAt: payment.verifiedAt!.toISOString(),
    };
  }
}
