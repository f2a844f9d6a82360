import { Injectable } from '@nestjs/common';
import type { PaymentVerificationDto } from '@mkt/contracts';
import { ORDER_DECISION_WAIT_MS, paidOrderVerification } from '@mkt/contracts';
import { OrderClient } from '../services/order.client';
import { PaymentClient } from '../services/payment.client';

/**
 * A shopper's verification of their payment. Payment decides it with the gateway; a verified
 * payment's answer is where its order ends up, waited for here (the order service answers when the
 * commit that ends the order notifies), so that the order's answer comes to the BFF directly rather
 * than back through payment.
 */
@Injectable()
export class CheckoutVerification {
  constructor(
    private readonly payments: PaymentClient,
    private readonly orders: OrderClient,
  ) {}

  async verify(mno: number, pmno: number, impUid: string): Promise<PaymentVerificationDto> {
    const check = await this.payments.verify(mno, pmno, impUid);
    if ('answer' in check) return check.answer;
    return paidOrderVerification(await this.orders.decided(check.paidOrder, ORDER_DECISION_WAIT_MS));
  }
}
