import { Injectable } from '@nestjs/common';
import type { PayloadOf } from '@mkt/contracts';
import { OrderCompletedV1, PaymentRefundedV1 } from '@mkt/contracts';
import type { EventHandler } from '@mkt/messaging';
import type { MemberTx } from '../database';

/** A completed order adds its amount to what the member has paid in total (totalPay). */
@Injectable()
export class AddToTotalPayOnOrderCompleted implements EventHandler<
  PayloadOf<typeof OrderCompletedV1>,
  MemberTx
> {
  readonly name = 'member.total-pay-on-order-completed';
  readonly event = OrderCompletedV1;

  async handle({ mno, totalPrice }: PayloadOf<typeof OrderCompletedV1>, tx: MemberTx): Promise<void> {
    await tx.member.updateMany({ where: { mno }, data: { totalPay: { increment: totalPrice } } });
  }
}

/** A refunded order no longer counts in what the member has paid. */
@Injectable()
export class SubtractFromTotalPayOnPaymentRefunded implements EventHandler<
  PayloadOf<typeof PaymentRefundedV1>,
  MemberTx
> {
  readonly name = 'member.total-pay-on-payment-refunded';
  readonly event = PaymentRefundedV1;

  async handle({ mno, amount }: PayloadOf<typeof PaymentRefundedV1>, tx: MemberTx): Promise<void> {
    await tx.member.updateMany({ where: { mno }, data: { totalPay: { decrement: amount } } });
  }
}
