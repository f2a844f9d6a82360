import type {
  ManagedProductDetailDto,
  ManagedProductSlice,
  ManagedProductsQuery,
  NewProductRequest,
  ProductActor,
  ProductFormInput,
  CategoryDto,
  CategoryWithAncestorsDto,
  ProductDetailDto,
  ProductListQuery,
  ProductSlice,
  ReviewDto,
  ReviewListQuery,
  Slice,
  WishDto,
} from '@mkt/contracts';
import type { ServiceClient } from '@mkt/platform';

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

  wishes(mno: number): Promise<WishDto[]> {
    return this.http.get(`/wishes/member/${mno}`);
  }

  /** The wish's number, or null when the member has not wished the product. */
  wishOf(mno: number, pno: number): Promise<number | null> {
    return this.http.get(`/wishes/member/${mno}/product/${pno}`);
  }

  addWish(mno: number, pno: number): Promise<number> {
    return this.http.post(`/wishes/member/${mno}/product/${pno}`, {});
  }

  removeWish(mno: number, wno: number): Promise<WishDto[]> {
    return this.http.delete(`/wishes/member/${mno}/${wno}`);
  }

  /** Registers a product of `request.sellerId` with its image files (multipart to catalog). */
  registerProduct(
    request: NewProductRequest,
    images: { data: Buffer; type: string; name: string }[],
  ): Promise<{ pno: number }> {
    const form = new FormData();
    form.append('request', JSON.stringify(request));
    for (const image of images)
      form.append('images', new Blob([new Uint8Array(image.data)], { type: image.type }), image.name);
    return this.http.postForm('/managed-products', form);
  }

  editProduct(pno: number, actor: ProductActor, form: ProductFormInput): Promise<null> {
    return this.http.put(`/managed-products/${pno}`, { actor, form });
  }

  setProductDeleted(pno: number, actor: ProductActor, expected: boolean): Promise<{ delFlag: boolean }> {
    return this.http.put(`/managed-products/${pno}/del-flag`, { actor, expected });
  }

  managedProducts(query: ManagedProductsQuery, actor: ProductActor): Promise<ManagedProductSlice> {
    return this.http.get('/managed-products', { ...query, ...actor });
  }

  managedProduct(pno: number, actor: ProductActor): Promise<ManagedProductDetailDto> {
    return this.http.get(`/managed-products/${pno}`, { ...actor });
  }
}
