import { z } from 'zod';
import { optionSnapshotSchema, stockHoldAnswerSchema } from '@mkt/contracts';
import type { OptionSnapshot, StockHoldAnswer, StockHoldRequest } from '@mkt/contracts';
import type { Provider } from '@nestjs/common';
import type { ServiceRuntime } from '@mkt/platform';
import type { ServiceClient } from '@mkt/http';
import { SERVICE_RUNTIME, serviceClient } from '@mkt/platform';

/** Reads options' current names, prices and stock from catalog, and holds their stock for a checkout. */
export class CatalogOptions {
  constructor(private readonly catalog: ServiceClient) {}

  /** The options found, by `odno`; an option catalog does not know is absent. */
  async find(odnos: number[]): Promise<Map<number, OptionSnapshot>> {
    const unique = [...new Set(odnos)];
    if (unique.length === 0) return new Map();
    const options = await this.catalog.get('/options', z.array(optionSnapshotSchema), {
      odno: unique.join(','),
    });
    return new Map(options.map((option) => [option.odno, option]));
  }

  /** Takes the lines out of stock for the placement `key`, all or none (again under the same key: nothing more). */
  async hold({ key, lines }: StockHoldRequest): Promise<StockHoldAnswer> {
    return stockHoldAnswerSchema.parse(await this.catalog.post('/stock-holds', { key, lines }));
  }

  /** Gives back what the placement `key` held, unless its order claimed it. */
  async releaseHold(key: string): Promise<void> {
    await this.catalog.delete(`/stock-holds/${encodeURIComponent(key)}`);
  }
}

/** The provider of CatalogOptions for a service that lists catalog in its `calls`. */
export const catalogOptionsProvider: Provider = {
  provide: CatalogOptions,
  inject: [SERVICE_RUNTIME],
  useFactory: (runtime: ServiceRuntime) => new CatalogOptions(serviceClient(runtime, 'catalog')),
};
