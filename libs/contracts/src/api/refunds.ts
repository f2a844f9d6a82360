import { z } from 'zod';
import { positiveIdSchema } from './catalog';
import { dateTimeSchema } from './date-time';
import { ORDER_STATUSES, orderLineDtoSchema } from './orders';

export const REFUND_REASON_MIN = 10;
export const REFUND_REASON_MAX = 500;
export const REFUND_PAGE_SIZE = 10;

/**
 * A refund's life. PENDING: waiting for the sellers; APPROVED (ours): every seller approved, the
 * gateway has not confirmed yet; COMPLETED: money back; REJECTED: refused with a reason.
 */
export const REFUND_STATUSES = ['PENDING', 'APPROVED', 'COMPLETED', 'REJECTED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** How the shopper's history names each status (processing, done, rejected in the spec). */
export const REFUND_STATUS_LABELS: Record<RefundHistoryStatus, string> = {
  PENDING: '처리중',
  COMPLETED: '완료',
  REJECTED: '거절',
};

export const RefundMessages = {
  reasonLength: `환불 사유는 ${REFUND_REASON_MIN}자 이상 ${REFUND_REASON_MAX}자 이하로 입력해 주세요.`,
  notRefundable: '결제가 완료된 주문만 환불을 요청할 수 있습니다.',
  alreadyRequested: '이미 환불을 요청한 주문입니다.',
  askedAgainAlready: '거절된 환불은 한 번만 다시 요청할 수 있습니다.',
  allReviewed: '리뷰를 작성한 주문은 환불을 요청할 수 없습니다.',
  notFound: '환불 요청을 찾을 수 없습니다.',
  notYours: '이 환불을 처리할 권한이 없습니다.',
  alreadyDecided: '이미 처리된 환불입니다.',
  approved: '환불이 승인되었습니다. 결제 취소가 끝나면 환불이 완료됩니다.',
  partApproved: '환불이 승인되었습니다. 승인한 금액은 바로 결제 취소되고, 다른 판매자의 결정을 기다립니다.',
  rejected: '환불 요청을 거절했습니다.',
  rejectReasonRequired: '거절 사유를 입력해 주세요.',
} as const;

/**
 * `POST /api/orders/{ono}/refund` as the spec's client sends it. `imp_uid` and `merchant_uid` are read
 * by nobody: the payment service knows the order's payment.
 */
export const refundRequestSchema = z.object({
  rf_reason: z
    .string({ error: RefundMessages.reasonLength })
    .trim()
    .min(REFUND_REASON_MIN, RefundMessages.reasonLength)
    .max(REFUND_REASON_MAX, RefundMessages.reasonLength),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** What requesting a refund answers (the spec's client needs a JSON object). */
export const refundSchema = z.object({
  rfno: z.number().int(),
  ono: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  amount: z.number().int(),
  requestDate: dateTimeSchema,
});
export type RefundDto = z.infer<typeof refundSchema>;

/** `GET /api/refunds` (Spring-style): zero-based `page`, `size`, `sort=field,dir`, `status`. */
export const refundHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(REFUND_PAGE_SIZE),
  sort: z
    .string()
    .regex(/^(requestDate|amount),(asc|desc)$/, 'sort는 requestDate 또는 amount와 asc 또는 desc입니다.')
    .default('requestDate,desc'),
  status: z.enum(['all', 'PENDING', 'COMPLETED', 'REJECTED']).default('all'),
});
export type RefundHistoryQuery = z.infer<typeof refundHistoryQuerySchema>;

/** The shopper's view of a refund: an approved one waiting for the gateway is still being processed. */
const refundHistoryStatusSchema = z.enum(['PENDING', 'COMPLETED', 'REJECTED']);
export type RefundHistoryStatus = z.infer<typeof refundHistoryStatusSchema>;

/** Where one seller's part of a refund stands: REFUNDED once the gateway gave it back. */
export const REFUND_PART_STATUSES = ['PENDING', 'APPROVED', 'REFUNDED', 'REJECTED'] as const;
const refundPartStatusSchema = z.enum(REFUND_PART_STATUSES);
export type RefundPartStatus = (typeof REFUND_PART_STATUSES)[number];

/** How the shopper's pages and the consoles name a part's status. */
export const REFUND_PART_STATUS_LABELS: Record<RefundPartStatus, string> = {
  PENDING: '판매자 확인 중',
  APPROVED: '승인 (결제 취소 중)',
  REFUNDED: '환불 완료',
  REJECTED: '거절',
};

/** One seller's part of a refund: its products, amount and decision. */
export const refundPartSchema = z.object({
  sellerId: z.number().int(),
  /** The part's first product's name, and how many more ('사과 외 1건'). */
  productName: z.string(),
  amount: z.number().int(),
  status: refundPartStatusSchema,
  /** The seller's reason, when it rejected the part. */
  rejectReason: z.string().nullable(),
  decidedAt: dateTimeSchema.nullable(),
  refundedAt: dateTimeSchema.nullable(),
});
export type RefundPartDto = z.infer<typeof refundPartSchema>;

export const refundHistoryItemSchema = z.object({
  refundId: z.number().int(),
  orderId: z.number().int(),
  requestDate: dateTimeSchema,
  /** The first product's name, and how many more ('사과 외 2건'). */
  productName: z.string(),
  amount: z.number().int(),
  status: refundHistoryStatusSchema,
  /** Ours: the shopper's reason, when the last part was settled, each seller's part, and whether the rejected parts may still be asked for again. */
  reason: z.string(),
  completeDate: dateTimeSchema.nullable(),
  parts: z.array(refundPartSchema),
  /** The refund this one asks again for (its rejected parts), or null. */
  retryOf: z.number().int().nullable(),
  canAskAgain: z.boolean(),
});
export type RefundHistoryItem = z.infer<typeof refundHistoryItemSchema>;

export const refundHistoryPageSchema = z.object({
  content: z.array(refundHistoryItemSchema),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  number: z.number().int().describe('this page, zero-based'),
  size: z.number().int(),
});
export type RefundHistoryPage = z.infer<typeof refundHistoryPageSchema>;

/** Our `POST /api/refunds/{rfno}/reject`. */
export const refundRejectSchema = z.object({
  reason: z
    .string({ error: RefundMessages.rejectReasonRequired })
    .trim()
    .min(1, RefundMessages.rejectReasonRequired)
    .max(500),
});

/** An order as the seller and admin consoles list it; a seller sees only its own lines' amount. */
export const sellerOrderSchema = z.object({
  ono: z.number().int(),
  orderDate: dateTimeSchema,
  o_totalPrice: z
    .number()
    .int()
    .describe("the whole order for an admin, the seller's own lines for a seller"),
  status: z.enum(ORDER_STATUSES),
  mno: z.number().int(),
  o_address: z.string(),
  o_reciver: z.string(),
  o_reciverPhoNum: z.string(),
  refundDTO: z
    .object({
      rfno: z.number().int(),
      rf_requestDate: dateTimeSchema,
      rf_completeDate: dateTimeSchema.nullable(),
      /** Ours: where the refund stands, and the caller's own part of it (null for an admin). */
      rf_status: z.enum(REFUND_STATUSES),
      rf_reason: z.string(),
      myPart: refundPartStatusSchema.nullable(),
      /** Ours: the parts the caller may see (a seller its own, an admin every one). */
      parts: z.array(refundPartSchema),
    })
    .nullable(),
  /** Ours: the lines the caller may see. */
  orderDetails: z.array(
    orderLineDtoSchema.pick({
      orno: true,
      pno: true,
      p_name: true,
      od_name: true,
      or_count: true,
      or_price: true,
      or_amount: true,
    }),
  ),
});
export type SellerOrderDto = z.infer<typeof sellerOrderSchema>;

/** The seller list's filter: `GET /api/orders/status?status=` and `/api/orders/user/{mno}/status`. */
export const sellerOrderStatusSchema = z.enum(['ORDER_COMPLETE', 'REFUND_PENDING', 'REFUND_COMPLETE']);
export const sellerOrderMemberSchema = positiveIdSchema;

/** Internal (refund service → BFF): a refund as the consoles show it next to its order. */
export const refundOfOrderSchema = z.object({
  rfno: z.number().int(),
  ono: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  requestDate: dateTimeSchema,
  completeDate: dateTimeSchema.nullable(),
  /** The asking seller's part, or null (an admin, or a seller without lines in it). */
  myPart: refundPartStatusSchema.nullable(),
  /** The parts the asker may see: a seller's own, every part for an admin. */
  parts: z.array(refundPartSchema),
});
export type RefundOfOrderDto = z.infer<typeof refundOfOrderSchema>;
