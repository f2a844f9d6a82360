import { z } from 'zod';
import { optionSnapshotSchema } from '@mkt/contracts';
import type { OptionSnapshot } from '@mkt/contracts';
import type { Provider } from '@nestjs/common';
import type { ServiceRuntime } from '@mkt/platform';
import { ServiceClient } from '@mkt/http';
import { SERVICE_RUNTIME, serviceUrl } from '@mkt/platform';

/** Reads options' current names, prices and stock from catalog. */
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
}

/** The provider of CatalogOptions for a service that lists catalog in its `calls`. */
export const catalogOptionsProvider: Provider = {
  provide: CatalogOptions,
  inject: [SERVICE_RUNTIME],
  useFactory: (runtime: ServiceRuntime) =>
    new CatalogOptions(new ServiceClient('catalog', serviceUrl(runtime, 'catalog'))),
};
