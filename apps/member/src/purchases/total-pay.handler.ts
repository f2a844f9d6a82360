import { Controller } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { OrderCompletedV1, PaymentRefundedV2 } from '@mkt/contracts';
import type { MemberTx } from '../database';

/** A completed order adds its amount to what the member has paid in total (totalPay). */
@Controller()
export class AddToTotalPayOnOrderCompleted {
  @ConsumesEvent(OrderCompletedV1, 'member.total-pay-on-order-completed')
  async handle(
    { mno, totalPrice }: PayloadOf<typeof OrderCompletedV1>,
    { tx }: HandlingContext<MemberTx>,
  ): Promise<void> {
    await tx.member.updateMany({ where: { mno }, data: { totalPay: { increment: totalPrice } } });
  }
}

/** A refunded part of an order no longer counts in what the member has paid. */
@Controller()
export class SubtractFromTotalPayOnPaymentRefunded {
  @ConsumesEvent(PaymentRefundedV2, 'member.total-pay-on-payment-refunded')
  async handle(
    { mno, amount }: PayloadOf<typeof PaymentRefundedV2>,
    { tx }: HandlingContext<MemberTx>,
  ): Promise<void> {
    await tx.member.updateMany({ where: { mno }, data: { totalPay: { decrement: amount } } });
  }
}
