import { Controller } from '@nestjs/common';
import type { HandlingContext } from '@mkt/platform';
import { ConsumesEvent } from '@mkt/platform';
import type { EventDefinition } from '@mkt/contracts';
import { PaymentRejectedV1, PaymentVerifiedV1, StockRejectedV1, StockReservedV1 } from '@mkt/contracts';
import type { OrderTx } from '../database';
import type { OrderFact } from './order-process';
import { OrderProcess } from './order-process.service';

/** An event that tells the order process a fact about one order. */
function factHandler<P extends { ono: number }>(
  event: EventDefinition<P>,
  name: string,
  toFact: (payload: P) => OrderFact | null,
) {
  @Controller()
  class FactHandler {
    constructor(readonly process: OrderProcess) {}
    @ConsumesEvent(event, name)
    async handle(payload: P, { tx }: HandlingContext<OrderTx>): Promise<void> {
      const fact = toFact(payload);
      if (fact) await this.process.apply(tx, payload.ono, fact);
    }
  }
  Object.defineProperty(FactHandler, 'name', { value: name });
  return FactHandler;
}

export const orderProcessHandlers = [
  factHandler(StockReservedV1, 'order.stock-reserved', () => ({ kind: 'STOCK_RESERVED' })),
  factHandler(StockRejectedV1, 'order.stock-rejected', () => ({ kind: 'STOCK_REJECTED' })),
  factHandler(PaymentVerifiedV1, 'order.payment-verified', (payment) => ({
    kind: 'PAYMENT_VERIFIED',
    pmno: payment.pmno,
  })),
  // A second payment of a paid order is given back by payment; the order stands.
  factHandler(PaymentRejectedV1, 'order.payment-rejected', (payment) =>
    payment.reason === 'ALREADY_PAID' ? null : { kind: 'PAYMENT_REJECTED' },
  ),
];
