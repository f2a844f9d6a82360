import { z } from 'zod';
import {
  categorySchema,
  categoryWithAncestorsSchema,
  managedProductDetailSchema,
  managedProductSchema,
  productDetailSchema,
  productSummarySchema,
  reviewRatingSchema,
  reviewSchema,
  sliceSchema,
  wishSchema,
} from '@mkt/contracts';
import type {
  ManagedProductDetailDto,
  ManagedProductSlice,
  ManagedProductsQuery,
  NewProductRequest,
  ImageOrderEntry,
  ProductActor,
  ProductFormInput,
  CategoryDto,
  CategoryWithAncestorsDto,
  ProductDetailDto,
  ProductListQuery,
  ProductSlice,
  ReviewDto,
  ReviewLikeDto,
  ReviewListQuery,
  ReviewRatingDto,
  ReviewWrite,
  Slice,
  WishDto,
} from '@mkt/contracts';
import type { ServiceClient } from '@mkt/http';

/** Typed calls to the catalog service. */
export class CatalogClient {
  constructor(private readonly http: ServiceClient) {}

  categoriesAtDepth(depth: number): Promise<CategoryDto[]> {
    return this.http.get(`/categories/depth/${depth}`, z.array(categorySchema));
  }

  categoriesWithAncestorsAtDepth(depth: number): Promise<CategoryWithAncestorsDto[]> {
    return this.http.get(`/categories/depth/${depth}/with-ancestors`, z.array(categoryWithAncestorsSchema));
  }

  subCategories(ctno: number): Promise<CategoryDto[]> {
    return this.http.get(`/categories/sub/${ctno}`, z.array(categorySchema));
  }

  products(query: ProductListQuery): Promise<ProductSlice> {
    return this.http.get('/products', sliceSchema(productSummarySchema), { ...query });
  }

  product(pno: number): Promise<ProductDetailDto> {
    return this.http.get(`/products/${pno}`, productDetailSchema);
  }

  reviewCount(pno: number): Promise<number> {
    return this.http.get(`/reviews/product/${pno}/count`, z.number());
  }

  reviewRating(pno: number): Promise<ReviewRatingDto> {
    return this.http.get(`/reviews/product/${pno}/rating`, reviewRatingSchema);
  }

  review(rno: number): Promise<ReviewDto> {
    return this.http.get(`/reviews/${rno}`, reviewSchema);
  }

  /** The review of the member's line `orno` (their complete order's, once). */
  writeReview(orno: number, author: { mno: number; mName: string }, review: ReviewWrite): Promise<ReviewDto> {
    return this.http.post(`/reviews/line/${orno}`, { ...author, review });
  }

  toggleReviewLike(rno: number, mno: number): Promise<ReviewLikeDto> {
    return this.http.put(`/reviews/${rno}/like`, { mno });
  }

  /** The product's reviews the member likes. */
  likedReviews(mno: number, pno: number): Promise<number[]> {
    return this.http.get(`/reviews/product/${pno}/liked`, z.array(z.number()), { mno });
  }

  reviews(pno: number, query: ReviewListQuery): Promise<Slice<ReviewDto>> {
    return this.http.get(`/reviews/product/${pno}`, sliceSchema(reviewSchema), { ...query });
  }

  image(name: string): Promise<Response> {
    return this.http.fetch(`/images/product/${encodeURIComponent(name)}`);
  }

  wishes(mno: number): Promise<WishDto[]> {
    return this.http.get(`/wishes/member/${mno}`, z.array(wishSchema));
  }

  /** The wish's number, or null when the member has not wished the product. */
  wishOf(mno: number, pno: number): Promise<number | null> {
    return this.http.get(`/wishes/member/${mno}/product/${pno}`, z.number().nullable());
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
    appendImages(form, images);
    return this.http.postForm('/managed-products', form);
  }

  changeProductImages(
    pno: number,
    actor: ProductActor,
    order: ImageOrderEntry[],
    images: { data: Buffer; type: string; name: string }[],
  ): Promise<null> {
    const form = new FormData();
    form.append('request', JSON.stringify({ actor, order }));
    appendImages(form, images);
    return this.http.postForm(`/managed-products/${pno}/images`, form);
  }

  editProduct(pno: number, actor: ProductActor, form: ProductFormInput): Promise<null> {
    return this.http.put(`/managed-products/${pno}`, { actor, form });
  }

  setProductDeleted(pno: number, actor: ProductActor, expected: boolean): Promise<{ delFlag: boolean }> {
    return this.http.put(`/managed-products/${pno}/del-flag`, { actor, expected });
  }

  managedProducts(query: ManagedProductsQuery, actor: ProductActor): Promise<ManagedProductSlice> {
    return this.http.get('/managed-products', sliceSchema(managedProductSchema), { ...query, ...actor });
  }

  managedProduct(pno: number, actor: ProductActor): Promise<ManagedProductDetailDto> {
    return this.http.get(`/managed-products/${pno}`, managedProductDetailSchema, { ...actor });
  }
}

function appendImages(form: FormData, images: { data: Buffer; type: string; name: string }[]): void {
  for (const image of images)
    form.append('images', new Blob([new Uint8Array(image.data)], { type: image.type }), image.name);
}
