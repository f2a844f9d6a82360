import { productDetailSchema } from '@mkt/contracts';
import type { Provider } from '@nestjs/common';
import { HttpException, HttpStatus } from '@nestjs/common';
import type { ServiceRuntime } from '@mkt/platform';
import type { ServiceClient } from '@mkt/http';
import { SERVICE_RUNTIME, serviceClient } from '@mkt/platform';

/** What is read of a product: only that is checked. */
const productOwnerSchema = productDetailSchema.pick({ sno: true, delFlag: true });

/** Reads whose products are from catalog. */
export class CatalogProducts {
  constructor(private readonly catalog: ServiceClient) {}

  /** The seller of a product on sale; null when catalog has no such product, or it was deleted. */
  async sellerOf(pno: number): Promise<number | null> {
    try {
      const product = await this.catalog.get(`/products/${pno}`, productOwnerSchema);
      return product.delFlag ? null : product.sno;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) return null;
      throw error;
    }
  }
}

/** The provider of CatalogProducts for a service that lists catalog in its `calls`. */
export const catalogProductsProvider: Provider = {
  provide: CatalogProducts,
  inject: [SERVICE_RUNTIME],
  useFactory: (runtime: ServiceRuntime) => new CatalogProducts(serviceClient(runtime, 'catalog')),
};
