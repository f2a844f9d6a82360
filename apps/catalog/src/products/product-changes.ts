import { Injectable } from '@nestjs/common';
import type { PayloadOf } from '@mkt/contracts';
import { ProductChangedV1 } from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import type { CatalogTx } from '../database';

export type ProductChange = PayloadOf<typeof ProductChangedV1>['changes'][number];

/**
 * product.changed for every write a shopper sees (the BFF's read cache drops its copies on it):
 * called in the transaction of the write, so the event goes out if and only if the write committed.
 */
@Injectable()
export class ProductChanges {
  constructor(private readonly outbox: Outbox) {}

  async announce(tx: CatalogTx, pnos: number[], changes: ProductChange[]): Promise<void> {
    await this.outbox.enqueueAll(
      tx,
      ProductChangedV1,
      [...new Set(pnos)]
        .sort((a, b) => a - b)
        .map((pno) => ({ payload: { pno, changes }, context: { aggregateId: pno } })),
    );
  }
}
