import type { OptionSnapshot } from '@mkt/contracts';
import type { ServiceClient } from '@mkt/platform';

/** Reads options' current names, prices and stock from catalog. */
export class CatalogOptions {
  constructor(private readonly catalog: ServiceClient) {}

  /** The options found, by `odno`; an option catalog does not know is absent. */
  async find(odnos: number[]): Promise<Map<number, OptionSnapshot>> {
    const unique = [...new Set(odnos)];
    if (unique.length === 0) return new Map();
    const options = await this.catalog.get<OptionSnapshot[]>('/options', { odno: unique.join(',') });
    return new Map(options.map((option) => [option.odno, option]));
  }
}
