import { z } from 'zod';
import { bodyIdSchema, productImageSchema } from './catalog';
import { dateTimeSchema } from './date-time';
import { JOIN_RULES } from './members';

/**
 * An order's life. PAYMENT_PENDING (our addition: saved, waiting for payment and stock) becomes
 * ORDER_COMPLETE once paid and reserved, or CANCEL; refunds move a complete order on.
 */
export const ORDER_STATUSES = [
  'PAYMENT_PENDING',
  'ORDER_COMPLETE',
  'CANCEL',
  'REFUND_PENDING',
  'REFUND_COMPLETE',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How my page names each status; the spec shows ORDER_COMPLETE as 결제완료 and CANCEL as 취소. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PAYMENT_PENDING: '결제 대기',
  ORDER_COMPLETE: '결제완료',
  CANCEL: '취소',
  REFUND_PENDING: '환불 처리중',
  REFUND_COMPLETE: '환불 완료',
};

/** The gateway providers the checkout offers, kakaopay first (the default). */
export const PAYMENT_PROVIDERS = [
  { pg: 'kakaopay', label: '카카오페이' },
  { pg: 'tosspayments', label: '토스페이먼츠' },
  { pg: 'inicis', label: 'KG이니시스' },
  { pg: 'mobilians', label: '모빌리언스' },
  { pg: 'payco', label: '페이코' },
  { pg: 'tosspay', label: '토스페이' },
  { pg: 'naverpay', label: '네이버페이' },
] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]['pg'];

export const MAX_PHONE_LENGTH = 11;

/** Messages a shopper reads when checkout refuses an order or a payment. */
export const OrderMessages = {
  receiverRequired: '받는 분 이름을 입력해 주세요.',
  addressRequired: '배송 주소를 입력해 주세요.',
  phoneRequired: '연락처를 입력해 주세요.',
  phoneDigits: "연락처는 '-' 없이 01로 시작하는 10~11자리 숫자로 입력해 주세요.",
  noLines: '주문할 상품이 없습니다.',
  optionRequired: (productName: string) => `${productName}: 옵션을 선택해 주세요.`,
  countRange: '주문 수량은 1개 이상의 정수여야 합니다.',
  unknownOption: '존재하지 않는 상품 옵션이 포함되어 있습니다.',
  productDeleted: (productName: string) => `${productName}: 판매가 종료된 상품입니다.`,
  overStock: (productName: string, max: number) => `${productName}: 남은 재고는 ${max}개입니다.`,
  totalChanged: (server: number) =>
    `주문 금액이 바뀌었습니다. 다시 확인해 주세요. (결제하실 금액: ${server.toLocaleString('ko-KR')}원)`,
  orderNotFound: '주문을 찾을 수 없습니다.',
  notAwaitingPayment: '결제를 기다리는 주문이 아닙니다.',
} as const;

/** Why an order's process cancelled it (order.cancelled's reason). */
export const orderCancelReasonSchema = z.enum([
  'STOCK_REJECTED',
  'PAYMENT_REJECTED',
  'PAYMENT_TIMEOUT',
  'PAYMENT_CANCELLED',
  'PAYMENT_DECLINED',
]);
export type OrderCancelReason = z.infer<typeof orderCancelReasonSchema>;

/**
 * What a shopper reads about a cancelled order (the order's `cancelReason`, a verification's reason),
 * followed by PAID_CANCEL_REFUND_TEXT when it had been paid.
 */
export const ORDER_CANCEL_REASON_TEXT: Record<OrderCancelReason, string> = {
  STOCK_REJECTED: '재고가 부족해 주문이 취소되었습니다.',
  PAYMENT_REJECTED: '결제 금액이 주문 금액과 달라 주문이 취소되었습니다. 결제는 자동으로 취소됩니다.',
  PAYMENT_TIMEOUT: '결제 시간이 지나 주문이 취소되었습니다.',
  PAYMENT_CANCELLED: '결제를 취소하셔서 주문이 취소되었습니다.',
  PAYMENT_DECLINED: '결제가 승인되지 않아 주문이 취소되었습니다.',
};
/** Said after the reason of a cancelled order that had been paid: payment gives the money back. */
export const PAID_CANCEL_REFUND_TEXT = '결제하신 금액은 환불됩니다.';
/** Ours: `POST /api/orders/{ono}/payment-abandoned`: how the payment window ended without paying. */
export const paymentAbandonedSchema = z.object({
  outcome: z.enum(['cancelled', 'declined'], { error: "outcome은 'cancelled' 또는 'declined'입니다." }),
});

const text = (required: string) => z.string({ error: required }).trim().min(1, required).max(200);

/** One line of `POST /api/orders`; `or_price`, `rno`, `review_flag` are read by nobody. */
const orderLineSchema = z.object({
  odno: bodyIdSchema.optional(),
  or_count: z
    .number({ error: OrderMessages.countRange })
    .int(OrderMessages.countRange)
    .min(1, OrderMessages.countRange)
    .max(999, OrderMessages.countRange),
  /** Shown in the message when the line has no option. */
  p_name: z.string().max(200).optional(),
});

/**
 * `POST /api/orders` as the spec's client sends it. `o_totalPrice`, when sent, must equal the
 * server's total (the amount the shopper saw); `status`, `orderDate`, `mno` and line prices are
 * ignored. `cartItemIds` (ours): the cart lines the checkout came from.
 */
export const orderCreateSchema = z.object({
  o_reciver: text(OrderMessages.receiverRequired),
  o_address: text(OrderMessages.addressRequired),
  o_reciverPhoNum: z
    .string({ error: OrderMessages.phoneRequired })
    .trim()
    .min(1, OrderMessages.phoneRequired)
    // The same rule as a member's phone at sign-up: 01 and 8 or 9 more digits.
    .regex(JOIN_RULES.phone, OrderMessages.phoneDigits),
  o_totalPrice: z.number({ error: 'o_totalPrice는 숫자여야 합니다.' }).int().nonnegative().optional(),
  orderDetails: z.array(orderLineSchema).min(1, OrderMessages.noLines).max(100),
  cartItemIds: z.array(bodyIdSchema).max(100).optional(),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/** What `POST /api/orders` answers: the order and the amount to pay. */
export const placedOrderSchema = z.object({
  ono: z.number().int(),
  o_totalPrice: z.number().int(),
  status: z.enum(ORDER_STATUSES),
});
export type PlacedOrderDto = z.infer<typeof placedOrderSchema>;

/** A line of an order (`GET /api/order-details/order/{ono}` and inside orders). */
export const orderLineDtoSchema = z.object({
  orno: z.number().int(),
  odno: z.number().int(),
  pno: z.number().int(),
  /** The seller whose line it is. */
  sellerId: z.number().int(),
  p_name: z.string(),
  od_name: z.string(),
  or_count: z.number().int(),
  /** The discounted unit price with the option price, rounded up to 10 won (as cards show it). */
  or_price: z.number().int(),
  /** Ours: what the line costs, count x (discounted price + option price) rounded up to 10 won once. */
  or_amount: z.number().int(),
  rno: z.number().int().nullable(),
  review_flag: z.boolean(),
  productImage: z.array(productImageSchema),
});
export type OrderLineDto = z.infer<typeof orderLineDtoSchema>;

/** An order of `GET /api/orders/member/{mno}`, newest first. */
export const orderSchema = z.object({
  ono: z.number().int(),
  mno: z.number().int(),
  orderDate: dateTimeSchema,
  o_totalPrice: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  o_address: z.string(),
  o_reciver: z.string(),
  o_reciverPhoNum: z.string(),
  orderDetails: z.array(orderLineDtoSchema),
  /** Why a cancelled order was cancelled, in Korean; null otherwise. */
  cancelReason: z.string().nullable(),
});
export type OrderDto = z.infer<typeof orderSchema>;

/** Where an order stands, without its lines: what payment's verification reads of it. */
export const orderStandingSchema = orderSchema.pick({
  ono: true,
  o_totalPrice: true,
  status: true,
  cancelReason: true,
});
export type OrderStanding = z.infer<typeof orderStandingSchema>;

/** PortOne's webhook body (v1): which payment changed; its state is read from the gateway, never from here. */
export const paymentWebhookSchema = z.object({
  imp_uid: z.string().trim().min(1).max(100),
  merchant_uid: z.string().trim().max(100).optional(),
  status: z.string().trim().max(40).optional(),
});

/** `POST /api/payments`: the gateway payment the browser made for an order. `amount` is not trusted. */
export const paymentRecordSchema = z.object({
  imp_uid: z.string().trim().min(1, 'imp_uid가 필요합니다.').max(100),
  merchant_uid: z.string().trim().min(1, 'merchant_uid가 필요합니다.').max(100),
  amount: z.number({ error: 'amount는 숫자여야 합니다.' }).int().nonnegative().optional(),
  pm_method: z.string().trim().max(40).default('card'),
  ono: bodyIdSchema,
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** What `POST /api/payments` answers, 2xx even when `success` is false. */
export const paymentRecordResultSchema = z.object({
  success: z.boolean(),
  pmno: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
});
export type PaymentRecordResult = z.infer<typeof paymentRecordResultSchema>;

/** `GET /api/payments/order/{ono}`: the gateway ids of the order's verified payment. */
export const orderPaymentSchema = z.object({
  imp_uid: z.string(),
  merchant_uid: z.string(),
  amount: z.number().int(),
  pm_method: z.string(),
  /** Ours: the provider the shopper paid with, as the gateway names it (`tosspay`, `kakaopay`, …). */
  pg_provider: z.string().nullable(),
  paidAt: dateTimeSchema,
});
export type OrderPaymentDto = z.infer<typeof orderPaymentSchema>;

/** Our own `POST /api/checkout/verify/{imp_uid}/{pmno}`: the spec's boolean with the why. */
export const paymentVerificationSchema = z.object({
  verified: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  /** Why the payment did not complete the order, in Korean; null when verified. */
  reason: z.string().nullable(),
});
export type PaymentVerificationDto = z.infer<typeof paymentVerificationSchema>;

/**
 * Internal: how long a verification may wait for its order's process to end, which the order
 * service's `GET /orders/{ono}/decided?waitMs` waits on. Well inside a service call's 10 s limit.
 */
export const orderDecisionWaitSchema = z.number().int().min(0).max(5_000);

/** `GET /api/payments/gateway`: which payment window the web app opens. */
export const paymentGatewaySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('sandbox') }),
  z.object({ mode: z.literal('portone'), merchantCode: z.string() }),
]);
export type PaymentGatewayDto = z.infer<typeof paymentGatewaySchema>;

const PROVIDER_CODES = PAYMENT_PROVIDERS.map((provider) => provider.pg) as [
  PaymentProvider,
  ...PaymentProvider[],
];

/** PortOne's `pg` codes that name a provider by another code than its `pg_provider` (`html5_inicis` is 이니시스). */
const PG_ALIASES: Record<string, PaymentProvider> = { html5_inicis: 'inicis' };

/**
 * The provider a PortOne v1 `request_pay` `pg` names: `kakaopay`, `html5_inicis`, `tosspayments`, …,
 * optionally with a `.{MID}` suffix (`html5_inicis.INIpayTest`); undefined for one we do not offer.
 */
export function providerOfPg(pg: string): PaymentProvider | undefined {
  const code = pg.trim().split('.')[0].toLowerCase();
  return PG_ALIASES[code] ?? PROVIDER_CODES.find((provider) => provider === code);
}

export const SandboxPayMessages = {
  providerRequired: '결제 수단(pg)을 입력해 주세요.',
  unknownPg: (pg: string) =>
    `지원하지 않는 PG입니다: ${pg} (${PROVIDER_CODES.join(', ')}, html5_inicis 중 하나, '.상점ID'를 붙일 수 있습니다)`,
} as const;

/**
 * The sandbox gateway's pay call, as the sandbox payment window sends it through the BFF
 * (`POST /api/payments/sandbox/pay`); it exists only when no real PortOne is configured. It takes
 * PortOne v1 `request_pay`'s fields: the provider as `pg` (PortOne's code, an optional `.MID`) or as
 * `pg_provider`, and `custom_data`, which the gateway keeps with the payment and answers back.
 */
export const sandboxPaySchema = z
  .object({
    merchant_uid: z.string().trim().min(1).max(100),
    amount: z.number({ error: 'amount는 숫자여야 합니다.' }).int().nonnegative(),
    pg: z.string().trim().max(100).optional(),
    pg_provider: z.enum(PROVIDER_CODES).optional(),
    pay_method: z.string().trim().max(40).default('card'),
    name: z.string().trim().max(200).optional(),
    buyer_name: z.string().trim().max(100).optional(),
    buyer_email: z.string().trim().max(200).optional(),
    buyer_tel: z.string().trim().max(40).optional(),
    buyer_addr: z.string().trim().max(300).optional(),
    buyer_postcode: z.string().trim().max(20).optional(),
    /** PortOne keeps it as given (text, or an object it answers as JSON text). */
    custom_data: z
      .union([z.string().max(2000), z.record(z.string(), z.unknown())])
      .transform((data) => (typeof data === 'string' ? data : JSON.stringify(data)))
      .optional(),
    /** `failed`: declined, as a card can be; `abandoned`: the shopper closed the window (a failed payment to PortOne). */
    outcome: z.enum(['paid', 'failed', 'abandoned']).default('paid'),
  })
  .transform(({ pg, pg_provider, ...request }, context) => {
    const provider = pg_provider ?? (pg === undefined ? undefined : providerOfPg(pg));
    if (provider) return { ...request, pg_provider: provider };
    context.addIssue({
      code: 'custom',
      path: [pg === undefined ? 'pg_provider' : 'pg'],
      message: pg === undefined ? SandboxPayMessages.providerRequired : SandboxPayMessages.unknownPg(pg),
    });
    return z.NEVER;
  });
export type SandboxPay = z.output<typeof sandboxPaySchema>;
export type SandboxPayRequest = z.input<typeof sandboxPaySchema>;
export const sandboxPayResultSchema = z.object({
  imp_uid: z.string(),
  status: z.enum(['paid', 'failed']),
  /** The gateway's message for a failed payment. */
  fail_reason: z.string().nullable(),
});
export type SandboxPayResult = z.infer<typeof sandboxPayResultSchema>;

/** A line short of stock, with what was left of it. */
export const shortLineSchema = z.object({
  odno: z.number().int().positive(),
  wanted: z.number().int().positive(),
  available: z.number().int(),
});
export type ShortLine = z.infer<typeof shortLineSchema>;

/**
 * Internal: a checkout's hold on stock, which order asks of catalog (`POST /stock-holds`) before it
 * saves the order. `key` names the placement (member and idempotency key), so asking again holds nothing more.
 */
export const stockHoldSchema = z.object({
  key: z.string().min(1).max(140),
  lines: z
    .array(
      z.object({
        odno: z.number().int().positive(),
        pno: z.number().int().positive(),
        count: z.number().int().positive(),
      }),
    )
    .min(1),
});
export type StockHoldRequest = z.infer<typeof stockHoldSchema>;

/** Held whole, or nothing held and the lines that were short. */
export const stockHoldAnswerSchema = z.discriminatedUnion('held', [
  z.object({ held: z.literal(true) }),
  z.object({ held: z.literal(false), shortLines: z.array(shortLineSchema).min(1) }),
]);
export type StockHoldAnswer = z.infer<typeof stockHoldAnswerSchema>;
