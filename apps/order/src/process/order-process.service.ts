import { Inject, Injectable } from '@nestjs/common';
import { OrderCancelledV1, OrderCompletedV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import { qualifiedTable } from '@mkt/persistence';
import type { ServiceRuntime } from '@mkt/platform';
import { SERVICE_RUNTIME } from '@mkt/platform';
import type { OrderTx } from '../database';
import type { CancelReason, OrderFact, ProcessState } from './order-process';
import { advance } from './order-process';

/** Applies a fact to an order: under the order row's lock, its new state and its announcement in one transaction. */
@Injectable()
export class OrderProcess {
  constructor(
    private readonly outbox: Outbox,
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  async apply(tx: OrderTx, ono: number, fact: OrderFact): Promise<void> {
    // Facts about one order may arrive together (stock and payment): they take turns on its row.
    const orders = qualifiedTable(this.runtime.database.schema, 'orders');
    await tx.$queryRawUnsafe(`SELECT ono FROM ${orders} WHERE ono = $1 FOR UPDATE`, ono);
    const order = await tx.order.findUnique({
      where: { ono },
      include: { details: { orderBy: { orno: 'asc' } } },
    });
    if (!order) throw new Error(`no order ${ono}`);
    const before: ProcessState = {
      status: order.status,
      stock: order.stock,
      paidPmno: order.paidPmno,
      cancelReason: order.cancelReason as CancelReason | null,
    };
    const { state, announce } = advance(before, fact);
    if (JSON.stringify(state) !== JSON.stringify(before)) {
      await tx.order.update({ where: { ono }, data: state });
    }
    if (!announce) return;
    const lines = order.details.map((line) => ({
      orno: line.orno,
      odno: line.odno,
      pno: line.pno,
      sellerId: line.sellerId,
      count: line.orCount,
      price: line.orPrice,
    }));
    if (announce === 'COMPLETED') {
      await this.outbox.enqueue(
        tx,
        OrderCompletedV1,
        { ono, mno: order.mno, totalPrice: order.oTotalPrice, lines, cartItemIds: order.cartItemIds },
        { aggregateId: ono },
      );
    } else {
      await this.outbox.enqueue(
        tx,
        OrderCancelledV1,
        { ono, mno: order.mno, reason: announce.cancelled, lines, pmno: state.paidPmno },
        { aggregateId: ono },
      );
    }
  }
}
