import { z } from 'zod';
import type { PriceSummary } from '@mkt/pricing';
import { bodyIdSchema, positiveIdSchema } from './catalog';
import { withParticle } from './korean-particles';

/** The largest quantity one cart line may hold, whatever the stock (a typo guard). */
export const MAX_CART_QUANTITY = 999;

/** The most lines one cart holds. */
export const MAX_CART_LINES = 100;

/** Why a line cannot be ordered now; null when it can. */
const cartLineUnavailabilitySchema = z.enum(['DELETED', 'SOLD_OUT', 'NOT_ENOUGH_STOCK']);
export type CartLineUnavailability = z.infer<typeof cartLineUnavailabilitySchema>;

/**
 * One cart line as `GET /api/cart/{mno}` answers it: the spec's fields, with prices and stock as the
 * catalogue has them now, plus what the server computed (`lineAmount`, `unavailable`).
 */
export const cartLineSchema = z.object({
  cino: z.number().int(),
  mno: z.number().int(),
  pno: z.number().int(),
  odno: z.number().int(),
  c_cnt: z.number().int(),
  p_name: z.string(),
  od_name: z.string(),
  /** The product's first image, '' when it has none. */
  pi_name: z.string(),
  p_price: z.number().int(),
  od_price: z.number().int(),
  p_salePer: z.number().int(),
  p_stock: z.number().int(),
  od_stock: z.number().int(),
  businessName: z.string(),
  /** quantity x (discounted price + option price), rounded up to 10 won (libs/pricing). */
  lineAmount: z.number().int(),
  unavailable: cartLineUnavailabilitySchema.nullable(),
});
export type CartLineDto = z.infer<typeof cartLineSchema>;

/** The payment summary of chosen cart lines (`GET /api/cart/{mno}/summary?cino=1,2`). */
export type CartSummaryDto = PriceSummary & { lineCount: number };
export const cartSummarySchema: z.ZodType<CartSummaryDto> = z.object({
  productAmount: z.number().int(),
  discountAmount: z.number().int(),
  paymentAmount: z.number().int(),
  shippingFee: z.number().int(),
  lineCount: z.number().int(),
});

/** A quantity in a JSON body: a JSON number (`"2"`, `true`, `[1]` are refused, not coerced). */
const quantity = (what: string) =>
  z
    .number({ error: `${withParticle(what, '은/는')} 숫자여야 합니다.` })
    .refine(Number.isInteger, `${withParticle(what, '은/는')} 정수여야 합니다.`)
    .refine((n) => n >= 1, `${withParticle(what, '은/는')} 1개 이상이어야 합니다.`)
    .refine(
      (n) => n <= MAX_CART_QUANTITY,
      `${withParticle(what, '은/는')} ${MAX_CART_QUANTITY}개 이하여야 합니다.`,
    );

/** `POST /api/cart/add`: one option and a quantity. The body's `mno` is ignored: the token names the member. */
export const cartAddSchema = z.object({
  odno: bodyIdSchema,
  c_cnt: quantity('수량'),
});
export type CartAdd = z.infer<typeof cartAddSchema>;

/** `PUT /api/cart/change`: a whole cart line with a new `c_cnt`; only `cino` and `c_cnt` are read. */
export const cartChangeSchema = z.object({
  cino: bodyIdSchema,
  c_cnt: quantity('수량'),
});
export type CartChange = z.infer<typeof cartChangeSchema>;

/** A comma-separated list of ids in a query (`?cino=1,2,3`, `?odno=4,5`); empty or absent: none. */
export const idListSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : String(value).split(',')),
  z.array(positiveIdSchema).max(200, '한 번에 200개까지 고를 수 있습니다.'),
);

/** Messages a shopper reads when the cart refuses a change. */
export const CartMessages = {
  unknownOption: '존재하지 않는 상품 옵션입니다.',
  productDeleted: '판매가 종료된 상품입니다.',
  soldOut: '품절된 상품입니다.',
  overStock: (max: number) => `최대 구매 가능 수량은 ${max}개입니다.`,
  unknownLine: '장바구니에 없는 상품입니다.',
  cartFull: `장바구니에는 ${MAX_CART_LINES}개 상품까지 담을 수 있습니다.`,
  notOrderable: '주문할 수 없는 상품이 선택되었습니다. 품절되거나 판매가 종료된 상품을 빼 주세요.',
  otherMember: '다른 회원의 장바구니는 바꿀 수 없습니다.',
} as const;

/** A wish as `GET /api/wishlist/list/{mno}` answers it, newest first. */
export const wishSchema = z.object({
  wno: z.number().int(),
  pno: z.number().int(),
  mno: z.number().int(),
  p_name: z.string(),
  p_price: z.number().int(),
  p_salePer: z.number().int(),
  /** The product's first image, '' when it has none. */
  pi_name: z.string(),
  /** The product was taken off sale after it was wished. */
  delFlag: z.boolean(),
});
export type WishDto = z.infer<typeof wishSchema>;

/**
 * What cart (and order) read of an option from catalog: the option, its product's prices, stock,
 * seller and first image. Internal: catalog answers it at `GET /options?odno=1,2`.
 */
export const optionSnapshotSchema = z.object({
  odno: z.number().int(),
  pno: z.number().int(),
  od_name: z.string(),
  od_price: z.number().int(),
  od_stock: z.number().int(),
  p_name: z.string(),
  p_price: z.number().int(),
  p_salePer: z.number().int(),
  p_stock: z.number().int(),
  businessName: z.string(),
  sellerId: z.number().int(),
  delFlag: z.boolean(),
  pi_name: z.string(),
});
export type OptionSnapshot = z.infer<typeof optionSnapshotSchema>;
