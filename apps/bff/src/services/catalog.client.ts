import type {
  CategoryDto,
  CategoryWithAncestorsDto,
  ProductDetailDto,
  ProductListQuery,
  ProductSlice,
  ReviewDto,
  ReviewListQuery,
  Slice,
} from '@mkt/contracts';
import type { ServiceClient } from './service-client';

/** Typed calls to the catalog service. */
export class CatalogClient {
  constructor(private readonly http: ServiceClient) {}

  categoriesAtDepth(depth: number): Promise<CategoryDto[]> {
    return this.http.get(`/categories/depth/${depth}`);
  }

  randomCategories(depth: number, count: number): Promise<CategoryWithAncestorsDto[]> {
    return this.http.get('/categories/random', { depth, count });
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

  reviewCount(pno: number): Promise<number> {
    return this.http.get(`/reviews/product/${pno}/count`);
  }

  allReviews(pno: number): Promise<ReviewDto[]> {
    return this.http.get(`/reviews/product/${pno}/all`);
  }

  reviews(pno: number, query: ReviewListQuery): Promise<Slice<ReviewDto>> {
    return this.http.get(`/reviews/product/${pno}`, { ...query });
  }

  image(name: string): Promise<Response> {
    return this.http.fetch(`/images/product/${encodeURIComponent(name)}`);
  }
}
