import { z } from 'zod';
import type { Slice } from './paging';
import type { CategoryDto } from './catalog';
import { productDetailSchema } from './catalog';
import { MAX_PAGE_SIZE } from './catalog-constants';

/** Product management (seller and admin consoles): registration, edits and the delete/restore toggle. */

/** Largest image a registration may carry, per file. */
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_PRODUCT_OPTIONS = 20;
export const MAX_PRODUCT_CATEGORIES = 10;
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_CONTENT_MAX = 2_000;
export const OPTION_NAME_MAX = 50;
export const PRODUCT_PRICE_MAX = 100_000_000;
export const PRODUCT_STOCK_MAX = 1_000_000;
export const PRODUCT_SALE_PER_MAX = 99;
/** What a registration without options sells: one option of this name, no extra price, the form's stock. */
export const DEFAULT_OPTION_NAME = '기본';
export const MANAGED_PRODUCTS_PAGE_SIZE = 10;

/** Image types an upload may be, recognised by their first bytes; the value is the stored extension. */
export const PRODUCT_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type ProductImageType = keyof typeof PRODUCT_IMAGE_TYPES;

export const ProductMessages = {
  nameRequired: '상품명을 입력해주세요.',
  contentRequired: '상품 설명을 입력해주세요.',
  priceRequired: '상품 가격을 입력해주세요.',
  categoryRequired: '카테고리를 설정해주세요.',
  lowestCategory: '최하위 카테고리를 설정해주세요.',
  invalidCategory: '유효한 카테고리를 선택해주세요.',
  nameTooLong: `상품명은 ${PRODUCT_NAME_MAX}자 이하로 입력해주세요.`,
  contentTooLong: `상품 설명은 ${PRODUCT_CONTENT_MAX}자 이하로 입력해주세요.`,
  priceRange: `상품 가격은 0원 이상 ${PRODUCT_PRICE_MAX.toLocaleString('ko-KR')}원 이하의 정수로 입력해주세요.`,
  salePerRange: `할인율은 0에서 ${PRODUCT_SALE_PER_MAX} 사이의 정수로 입력해주세요.`,
  stockRange: `재고는 0 이상 ${PRODUCT_STOCK_MAX.toLocaleString('ko-KR')} 이하의 정수로 입력해주세요.`,
  tooManyCategories: `카테고리는 ${MAX_PRODUCT_CATEGORIES}개까지 설정할 수 있습니다.`,
  tooManyOptions: `옵션은 ${MAX_PRODUCT_OPTIONS}개까지 등록할 수 있습니다.`,
  optionNameRequired: '옵션명을 입력해주세요.',
  optionNameTooLong: `옵션명은 ${OPTION_NAME_MAX}자 이하로 입력해주세요.`,
  optionPriceRange: `옵션 추가 금액은 0원 이상 ${PRODUCT_PRICE_MAX.toLocaleString('ko-KR')}원 이하의 정수로 입력해주세요.`,
  optionStockRange: `옵션 재고는 0 이상 ${PRODUCT_STOCK_MAX.toLocaleString('ko-KR')} 이하의 정수로 입력해주세요.`,
  optionRequired: '옵션은 하나 이상 있어야 합니다.',
  unknownOption: '이 상품의 옵션이 아닌 옵션 번호가 있습니다.',
  tooManyImages: `이미지는 ${MAX_PRODUCT_IMAGES}장까지 올릴 수 있습니다.`,
  imageTooLarge: `이미지는 한 장에 ${MAX_PRODUCT_IMAGE_BYTES / 1024 / 1024}MB 이하만 올릴 수 있습니다.`,
  notAnImage: '이미지 파일(PNG, JPEG, GIF, WebP)만 올릴 수 있습니다.',
  malformedUpload:
    '상품 등록 요청을 읽을 수 없습니다. multipart/form-data 형식(dto, ctnoList, images, opts)으로 보내 주세요.',
  malformedField: (field: string) => `${field} 항목의 JSON 형식이 올바르지 않습니다.`,
  unknownImage: '이 상품의 이미지가 아닌 이미지가 있습니다. 화면을 새로 고친 뒤 다시 시도해주세요.',
  imageOrderMismatch: '올린 이미지와 이미지 순서(order)가 맞지 않습니다.',
  imagesChanged: '상품 이미지 변경 성공',
  imagesChangeFailed: '상품 이미지 변경 실패',
  notFound: '상품을 찾을 수 없습니다.',
  staleStatus: '상품 상태가 이미 바뀌었습니다. 목록을 새로 고친 뒤 다시 시도해주세요.',
  deleted: '상품이 삭제되었습니다.',
  restored: '상품이 복구되었습니다.',
  registered: '상품 등록 성공',
  registerFailed: '상품 등록 실패',
  edited: '상품 수정 성공',
  editFailed: '상품 수정 실패',
  deleteSucceeded: '상품 삭제 성공',
  deleteFailed: '상품 삭제 실패',
  restoreSucceeded: '상품 복구 성공',
  restoreFailed: '상품 복구 실패',
} as const;

/** An option as a form sends it; `odno` names an existing option on an edit. */
export interface ProductOptionInput {
  odno?: unknown;
  od_name?: unknown;
  od_price?: unknown;
  od_stock?: unknown;
}

/** A registration or edit as the client sends it; numbers may be strings. */
export interface ProductFormInput {
  pName?: unknown;
  pContent?: unknown;
  pPrice?: unknown;
  pSalePer?: unknown;
  pStock?: unknown;
  ctnos?: unknown;
  options?: unknown;
}

export interface ProductOptionDraft {
  /** An existing option of the product (edits only); absent for a new one. */
  odno?: number;
  od_name: string;
  od_price: number;
  od_stock: number;
}

/** A checked registration or edit. */
export interface ProductDraft {
  pName: string;
  pContent: string;
  pPrice: number;
  pSalePer: number;
  pStock: number;
  ctnos: number[];
  options: ProductOptionDraft[];
}

/** A whole number within [0, max], given as a number or a string of digits; undefined otherwise. */
function wholeNumber(value: unknown, max: number): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,12}$/.test(text)) return undefined;
  const number = Number(text);
  return number <= max ? number : undefined;
}

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
/** An optional number of the form: absent or blank is 0. */
const orZero = (value: unknown) => (typeof value !== 'number' && isBlank(value) ? 0 : value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

function checkOptions(raw: unknown): Checked<ProductOptionDraft[]> {
  if (!Array.isArray(raw)) return { ok: true, value: [] };
  if (raw.length > MAX_PRODUCT_OPTIONS) return { ok: false, message: ProductMessages.tooManyOptions };
  const options: ProductOptionDraft[] = [];
  for (const entry of raw as ProductOptionInput[]) {
    const option = (typeof entry === 'object' && entry !== null ? entry : {}) as ProductOptionInput;
    if (isBlank(option.od_name)) return { ok: false, message: ProductMessages.optionNameRequired };
    const name = text(option.od_name);
    if (name.length > OPTION_NAME_MAX) return { ok: false, message: ProductMessages.optionNameTooLong };
    const price = wholeNumber(option.od_price ?? 0, PRODUCT_PRICE_MAX);
    if (price === undefined) return { ok: false, message: ProductMessages.optionPriceRange };
    const stock = wholeNumber(option.od_stock ?? 0, PRODUCT_STOCK_MAX);
    if (stock === undefined) return { ok: false, message: ProductMessages.optionStockRange };
    const odno = option.odno === undefined || option.odno === null ? undefined : Number(option.odno);
    if (odno !== undefined && !(Number.isInteger(odno) && odno > 0 && odno <= 2_147_483_647)) {
      return { ok: false, message: ProductMessages.unknownOption };
    }
    options.push({
      ...(odno === undefined ? {} : { odno }),
      od_name: name,
      od_price: price,
      od_stock: stock,
    });
  }
  return { ok: true, value: options };
}

/**
 * Checks a registration or edit: first the spec's checks in its order (name, description, numeric
 * price, a category), then the ranges (sale percent 0–99, whole non-negative stock and prices,
 * lengths). The first problem's message is the answer, as the consoles alert one at a time.
 * Whether the categories exist and are lowest-level is the catalog's to check.
 */
export function checkProductForm(input: ProductFormInput): Checked<ProductDraft> {
  if (isBlank(input.pName)) return { ok: false, message: ProductMessages.nameRequired };
  if (isBlank(input.pContent)) return { ok: false, message: ProductMessages.contentRequired };
  const priceText = typeof input.pPrice === 'number' ? String(input.pPrice) : text(input.pPrice);
  if (priceText === '' || !Number.isFinite(Number(priceText))) {
    return { ok: false, message: ProductMessages.priceRequired };
  }
  const ctnos = Array.isArray(input.ctnos) ? input.ctnos : [];
  if (ctnos.length === 0) return { ok: false, message: ProductMessages.categoryRequired };

  const pName = text(input.pName);
  const pContent = text(input.pContent);
  if (pName.length > PRODUCT_NAME_MAX) return { ok: false, message: ProductMessages.nameTooLong };
  if (pContent.length > PRODUCT_CONTENT_MAX) return { ok: false, message: ProductMessages.contentTooLong };
  const pPrice = wholeNumber(priceText, PRODUCT_PRICE_MAX);
  if (pPrice === undefined) return { ok: false, message: ProductMessages.priceRange };
  const pSalePer = wholeNumber(orZero(input.pSalePer), PRODUCT_SALE_PER_MAX);
  if (pSalePer === undefined) return { ok: false, message: ProductMessages.salePerRange };
  const pStock = wholeNumber(orZero(input.pStock), PRODUCT_STOCK_MAX);
  if (pStock === undefined) return { ok: false, message: ProductMessages.stockRange };
  if (ctnos.length > MAX_PRODUCT_CATEGORIES) return { ok: false, message: ProductMessages.tooManyCategories };
  const ids = ctnos.map((ctno) => wholeNumber(ctno, 2_147_483_647));
  if (ids.some((id) => id === undefined || id === 0)) {
    return { ok: false, message: ProductMessages.invalidCategory };
  }
  const options = checkOptions(input.options);
  if (!options.ok) return options;
  return {
    ok: true,
    value: {
      pName,
      pContent,
      pPrice,
      pSalePer,
      pStock,
      ctnos: [...new Set(ids as number[])],
      options: options.value,
    },
  };
}

/** Who acts on a product: its seller (their own only) or an admin (any). */
export interface ProductActor {
  mno: number;
  role: 'SELLER' | 'ADMIN';
}

/** What catalog is asked to register: the checked form and the seller, taken from the caller. */
export interface NewProductRequest {
  draft: ProductFormInput;
  sellerId: number;
  businessName: string;
}

/** `GET /api/admin/productList`: `ctno` 0 = every category, `keyword` may be empty. */
export const managedProductsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page는 1 이상이어야 합니다.').max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size는 1 이상이어야 합니다.')
    .max(MAX_PAGE_SIZE, `size는 ${MAX_PAGE_SIZE} 이하여야 합니다.`)
    .default(MANAGED_PRODUCTS_PAGE_SIZE),
  ctno: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  keyword: z.string().trim().max(100, '검색어는 100자 이하여야 합니다.').default(''),
});
export type ManagedProductsQuery = z.infer<typeof managedProductsQuerySchema>;

/** A row of the consoles' product list (deleted ones included). */
export const managedProductSchema = z.object({
  pno: z.number().int(),
  pName: z.string(),
  delFlag: z.boolean(),
  pPrice: z.number().int(),
  pSalePer: z.number().int(),
  p_stock: z.number().int(),
  sno: z.number().int(),
  businessName: z.string(),
});
export type ManagedProductDto = z.infer<typeof managedProductSchema>;
export type ManagedProductSlice = Slice<ManagedProductDto>;

/** A product as its seller's console reads it: deleted ones too, with its categories. */
export const managedProductDetailSchema = productDetailSchema.extend({
  categoryProductBumpers: z.array(z.object({ ctno: z.number().int() })),
});
export type ManagedProductDetailDto = z.infer<typeof managedProductDetailSchema>;

/** The delete/restore toggle's query: the flag as the console saw it. */
/**
 * A multipart body's text field `field` holding JSON, read with `schema` (its issues named as in the
 * JSON); a field that is missing or not JSON is refused with `malformed`.
 */
export function jsonFieldSchema<S extends z.ZodType>(field: string, schema: S, malformed: string) {
  const text = z.object({ [field]: z.string() });
  return z
    .unknown()
    .transform((body, context) => {
      const part = text.safeParse(body);
      try {
        if (part.success) return JSON.parse(part.data[field]) as unknown;
      } catch {
        // reported below
      }
      context.addIssue({ code: 'custom', message: malformed });
      return z.NEVER;
    })
    .pipe(schema);
}

export const delStatusQuerySchema = z.object({
  status: z
    .enum(['true', 'false'], { error: 'status는 true 또는 false여야 합니다.' })
    .transform((v) => v === 'true'),
});

/** Categories the edit body may name them by: the spec's `categoryProductBumpers`, or the detail's `category`. */
export function categoryNumbersOf(body: {
  categoryProductBumpers?: unknown;
  category?: unknown;
  ctnoList?: unknown;
}): unknown[] {
  const list = body.ctnoList ?? body.categoryProductBumpers ?? body.category;
  if (!Array.isArray(list)) return [];
  return list.map((entry: unknown) =>
    typeof entry === 'object' && entry !== null ? (entry as Partial<CategoryDto>).ctno : entry,
  );
}

/** The form of `PUT /api/product/{b64 pno}`: the detail call's product with edits. */
export function productFormOfEdit(body: Record<string, unknown>): ProductFormInput {
  return {
    pName: body.pName,
    pContent: body.pContent,
    pPrice: body.pPrice,
    pSalePer: body.pSalePer,
    pStock: body.pStock,
    ctnos: categoryNumbersOf(body),
    options: body.optionDetail ?? body.opts ?? [],
  };
}

/**
 * Ours: a product's images in their new order (`PUT /api/product/{b64 pno}/images`, multipart): each
 * entry keeps a current image by its name or places the `added`-th uploaded file there. Images left
 * out are removed from the product; the result is checked as a registration's images are.
 */
export const imageOrderEntrySchema = z.union([
  z.object({ kept: z.string().min(1).max(200) }).strict(),
  z
    .object({
      added: z
        .number()
        .int()
        .min(0)
        .max(MAX_PRODUCT_IMAGES - 1),
    })
    .strict(),
]);
export const imageOrderSchema = z
  .array(imageOrderEntrySchema, { error: ProductMessages.malformedField('order') })
  .max(MAX_PRODUCT_IMAGES, ProductMessages.tooManyImages);
export type ImageOrderEntry = z.infer<typeof imageOrderEntrySchema>;
