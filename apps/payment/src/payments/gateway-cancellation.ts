import { Controller, Inject, Injectable } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { OrderCancelledV1, PaymentCancelledV1, PaymentRejectedV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import type { PaymentTx } from '../database';
import type { PaymentGateway } from '../gateway/payment-gateway';
import { PAYMENT_GATEWAY } from '../gateway/gateway.providers';

/**
 * Gives a payment back at the gateway and says so (payment.cancelled), once. A gateway that cannot
 * be reached fails the handler: the consumer retries it, then parks it on the dead-letter topic.
 */
@Injectable()
export class GatewayCancellation {
  constructor(
    private readonly outbox: Outbox,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async giveBack(tx: PaymentTx, pmno: number, reason: string): Promise<void> {
    const payment = await tx.payment.findUnique({ where: { pmno } });
    if (!payment || (payment.status !== 'VERIFIED' && payment.status !== 'REJECTED')) return;
    const atGateway = await this.gateway.findPayment(payment.impUid);
    // Cancelled already (a retry after the gateway did it): only our record is behind.
    if (atGateway.status !== 'cancelled') {
      await this.gateway.cancel({
        impUid: payment.impUid,
        reason,
        cancellableAmount: atGateway.amount - atGateway.cancelledAmount,
      });
    }
    await tx.payment.update({ where: { pmno }, data: { status: 'CANCELLED', cancelledAt: new Date() } });
    await this.outbox.enqueue(
      tx,
      PaymentCancelledV1,
      { pmno, ono: payment.ono, mno: payment.mno, impUid: payment.impUid, amount: atGateway.amount },
      { aggregateId: payment.ono },
    );
  }
}

/** Money that could not pay its order goes back. */
@Controller()
export class GiveBackRejectedPayment {
  constructor(private readonly cancellation: GatewayCancellation) {}

  @ConsumesEvent(PaymentRejectedV1, 'payment.give-back-rejected-payment')
  handle(
    { pmno, reason }: PayloadOf<typeof PaymentRejectedV1>,
    { tx }: HandlingContext<PaymentTx>,
  ): Promise<void> {
    return this.cancellation.giveBack(tx, pmno, `payment rejected: ${reason}`);
  }
}

/** A cancelled order that was paid gets its money back. */
@Controller()
export class GiveBackPaymentOfCancelledOrder {
  constructor(private readonly cancellation: GatewayCancellation) {}

  @ConsumesEvent(OrderCancelledV1, 'payment.give-back-payment-of-cancelled-order')
  async handle(
    { pmno, reason }: PayloadOf<typeof OrderCancelledV1>,
    { tx }: HandlingContext<PaymentTx>,
  ): Promise<void> {
    if (pmno !== null) await this.cancellation.giveBack(tx, pmno, `order cancelled: ${reason}`);
  }
}
