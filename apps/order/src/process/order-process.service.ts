import { Inject, Injectable } from '@nestjs/common';
import { OrderCancelledV1, OrderCompletedV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import { qualifiedTable } from '@mkt/persistence';
import type { ServiceRuntime } from '@mkt/platform';
import { SERVICE_RUNTIME } from '@mkt/platform';
import type { OrderTx } from '../database';
import type { OrderFact, ProcessState } from './order-process';
import { advance } from './order-process';

/** Applies a fact to an order: under the order row's lock, its new state and its announcement in one transaction. */
@Injectable()
export class OrderProcess {
  constructor(
    private readonly outbox: Outbox,
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  async apply(tx: OrderTx, ono: number, fact: OrderFact): Promise<void> {
    const order = await this.lockedOrder(tx, ono);
    const before: ProcessState = {
      status: order.status,
      stock: order.stock,
      paidPmno: order.paidPmno,
      cancelReason: order.cancelReason,
    };
    const { state, announce } = advance(before, fact);
    if (JSON.stringify(state) !== JSON.stringify(before)) {
      await tx.order.update({ where: { ono }, data: state });
    }
    if (!announce) return;
    const { lines } = order;
    if (announce === 'COMPLETED') {
      await this.outbox.enqueue(
        tx,
        OrderCompletedV1,
        { ono, mno: order.mno, totalPrice: order.totalPrice, lines, cartItemIds: order.cartItemIds },
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

  /**
   * The order with its lines as its events name them, its row locked in one round trip: facts about
   * one order may arrive together (stock and payment), and they take turns on its row.
   */
  private async lockedOrder(tx: OrderTx, ono: number) {
    const schema = this.runtime.database.schema;
    const [order] = await tx.$queryRawUnsafe<LockedOrder[]>(
      `SELECT o.mno, o.o_total_price AS "totalPrice", o.status::text AS status, o.stock::text AS stock,
              o.paid_pmno AS "paidPmno", o.cancel_reason AS "cancelReason", o.cart_item_ids AS "cartItemIds",
              (SELECT coalesce(json_agg(json_build_object('orno', d.orno, 'odno', d.odno, 'pno', d.pno,
                        'sellerId', d.seller_id, 'count', d.or_count, 'price', d.or_price) ORDER BY d.orno), '[]')
               FROM ${qualifiedTable(schema, 'order_detail')} d WHERE d.ono = o.ono) AS lines
       FROM ${qualifiedTable(schema, 'orders')} o WHERE o.ono = $1 FOR UPDATE OF o`,
      ono,
    );
    if (!order) throw new Error(`no order ${ono}`);
    return order;
  }
}

interface LockedOrder extends ProcessState {
  mno: number;
  totalPrice: number;
  cartItemIds: number[];
  lines: { orno: number; odno: number; pno: number; sellerId: number; count: number; price: number }[];
}
