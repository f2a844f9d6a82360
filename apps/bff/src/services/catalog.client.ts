import type { CategoryDto, ProductDetailDto, ProductListQuery, ProductSlice } from '@mkt/contracts';
import type { ServiceClient } from './service-client';

/** Typed calls to the catalog service. */
export class CatalogClient {
  constructor(private readonly http: ServiceClient) {}

  categoriesAtDepth(depth: number): Promise<CategoryDto[]> {
    return this.http.get(`/categories/depth/${depth}`);
  }

  subCategories(ctno: number): Promise<CategoryDto[]> {
    return this.http.get(`/categories/sub/${ctno}`);
  }

  products(query: ProductListQuery): Promise<ProductSlice> {
    return this.http.get('/products', { ...query });
  }

  product(pno: number): Promise<ProductDetailDto> {
    return this.http.get(`/products/${pno}`);
  }

  image(name: string): Promise<Response> {
    return this.http.fetch(`/images/product/${encodeURIComponent(name)}`);
  }
}
