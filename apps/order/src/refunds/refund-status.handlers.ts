import { Injectable } from '@nestjs/common';
import type { OrderStatus, PayloadOf } from '@mkt/contracts';
import { PaymentRefundedV1, RefundRejectedV1, RefundRequestedV1 } from '@mkt/contracts';
import type { EventDefinition } from '@mkt/contracts';
import type { EventHandler } from '@mkt/messaging';
import type { OrderTx } from '../database';

/** An event that moves an order from the `from` statuses to another; from any other status it changes nothing. */
function transition<P extends { ono: number }>(
  event: EventDefinition<P>,
  name: string,
  from: OrderStatus[],
  to: OrderStatus,
) {
  @Injectable()
  class Transition implements EventHandler<P, OrderTx> {
    readonly name = name;
    readonly event = event;
    async handle({ ono }: P, tx: OrderTx): Promise<void> {
      await tx.order.updateMany({ where: { ono, status: { in: from } }, data: { status: to } });
    }
  }
  Object.defineProperty(Transition, 'name', { value: name });
  return Transition;
}

/**
 * A refund's course as the order shows it: requested, then refunded or (rejected) complete again.
 * The events come on different topics, so in any order after a stall of this service: the money
 * back (payment.refunded) completes the refund even before the request was seen, and the request,
 * seen after, no longer moves a refunded order.
 */
export const refundStatusHandlers = [
  transition<PayloadOf<typeof RefundRequestedV1>>(
    RefundRequestedV1,
    'order.refund-requested',
    ['ORDER_COMPLETE'],
    'REFUND_PENDING',
  ),
  transition<PayloadOf<typeof RefundRejectedV1>>(
    RefundRejectedV1,
    'order.refund-rejected',
    ['REFUND_PENDING'],
    'ORDER_COMPLETE',
  ),
  transition<PayloadOf<typeof PaymentRefundedV1>>(
    PaymentRefundedV1,
    'order.payment-refunded',
    ['ORDER_COMPLETE', 'REFUND_PENDING'],
    'REFUND_COMPLETE',
  ),
];
