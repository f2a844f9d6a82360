import type { ManagedProductDetailDto, ManagedProductDto, PageResult } from '@mkt/contracts';
import { MANAGED_PRODUCTS_PAGE_SIZE } from '@mkt/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from './http';
import { encodeProductId } from './products';

/** The consoles' product calls (CLIENT-CONTRACT "Consoles"), and our console detail read. */

export interface ManagedProductsParams {
  page: number;
  /** 0: every category. */
  ctno: number;
  keyword: string;
}

/** A registration as the spec's client sends it: `dto` a JSON blob, the lists JSON text, one part per image. */
export interface ProductRegistration {
  dto: { pName: string; pContent: string; pPrice: string; pSalePer: string; pStock: string };
  ctnoList: number[];
  images: File[];
  opts: { od_name: string; od_stock: string; od_price: string }[];
}

export const managedProductKeys = {
  all: ['managed-products'] as const,
  list: (params: ManagedProductsParams) => ['managed-products', 'list', params] as const,
  detail: (pno: number) => ['managed-products', 'detail', pno] as const,
};

/** GET /api/admin/productList: an admin's every product, a seller's own, deleted ones included. */
export function managedProductsQuery(params: ManagedProductsParams) {
  return queryOptions({
    queryKey: managedProductKeys.list(params),
    queryFn: ({ signal }) =>
      http.get<PageResult<ManagedProductDto>>('/api/admin/productList', {
        query: {
          page: params.page,
          size: MANAGED_PRODUCTS_PAGE_SIZE,
          ctno: params.ctno,
          keyword: params.keyword,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Ours: a product as the console's detail reads it, deleted or not. */
export function managedProductQuery(pno: number) {
  return queryOptions({
    queryKey: managedProductKeys.detail(pno),
    queryFn: ({ signal }) =>
      http.get<ManagedProductDetailDto>(`/api/product/manage/${encodeProductId(pno)}`, { signal }),
  });
}

/** POST /api/product/ (multipart). */
export function registerProduct(registration: ProductRegistration): Promise<unknown> {
  const form = new FormData();
  form.append('dto', new Blob([JSON.stringify(registration.dto)], { type: 'application/json' }));
  form.append('ctnoList', JSON.stringify(registration.ctnoList));
  for (const image of registration.images) form.append('images', image);
  form.append('opts', JSON.stringify(registration.opts));
  return http.post('/api/product/', form);
}

/** PUT /api/product/{b64 pno}: the product with edits. */
export function updateProduct(pno: number, product: Record<string, unknown>): Promise<unknown> {
  return http.put(`/api/product/${encodeProductId(pno)}`, product);
}

/**
 * PUT /api/product/{b64 pno}/images (ours): the product's images in their new order, each a current
 * image kept by name or a new file.
 */
export function changeProductImages(pno: number, images: readonly (string | File)[]): Promise<unknown> {
  const form = new FormData();
  const files = images.filter((image): image is File => image instanceof File);
  form.append(
    'order',
    JSON.stringify(
      images.map((image) => (image instanceof File ? { added: files.indexOf(image) } : { kept: image })),
    ),
  );
  for (const file of files) form.append('images', file);
  return http.put(`/api/product/${encodeProductId(pno)}/images`, form);
}

/** PUT /api/admin/delStatus/{b64 pno}?status=<current delFlag>: flips the flag. */
export function toggleProductStatus(pno: number, delFlag: boolean): Promise<unknown> {
  return http.put(`/api/admin/delStatus/${encodeProductId(pno)}`, undefined, { query: { status: delFlag } });
}
