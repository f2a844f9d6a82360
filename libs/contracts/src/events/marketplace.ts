import { z } from 'zod';
import { orderCancelReasonSchema, shortLineSchema } from '../api/orders';
import { defineEvent } from './envelope';

const won = z.number().int().nonnegative();
const id = z.number().int().positive();

/** One ordered line as the events of an order carry it. */
const orderedLine = z.object({
  orno: id,
  odno: id,
  pno: id,
  sellerId: id,
  count: z.number().int().positive(),
  /** The discounted unit price with the option price, rounded up to 10 won. */
  price: won,
});

/**
 * A shopper's order was saved, waiting for payment; catalog reserves its stock. `cartItemIds`: the
 * cart lines the checkout came from (empty: the member's lines of the ordered options). `stockHold`:
 * the stock catalog held for the placement (`POST /stock-holds`), which the order claims rather
 * than taking the pieces again; absent in events of orders placed before holds.
 */
export const OrderPlacedV1 = defineEvent(
  'order.placed',
  1,
  z.object({
    ono: id,
    mno: id,
    totalPrice: won,
    lines: z.array(orderedLine).min(1),
    cartItemIds: z.array(id),
    stockHold: z.string().optional(),
  }),
);

/** Catalog took every line of the order out of stock. */
export const StockReservedV1 = defineEvent('stock.reserved', 1, z.object({ ono: id }));

/** Catalog could not take every line out of stock, so it took none. */
export const StockRejectedV1 = defineEvent(
  'stock.rejected',
  1,
  z.object({
    ono: id,
    /** The lines short of stock, with what was left of each. */
    shortLines: z.array(shortLineSchema),
  }),
);

/** The gateway confirmed that the amount paid equals the order's server-computed total. */
export const PaymentVerifiedV1 = defineEvent(
  'payment.verified',
  1,
  z.object({
    pmno: id,
    ono: id,
    mno: id,
    impUid: z.string().min(1),
    merchantUid: z.string().min(1),
    amount: won,
  }),
);

/**
 * The gateway took money that cannot pay the order (a different amount, a cancelled order, or an
 * order another payment already paid); payment gives it back. The order cancels unless already paid.
 */
export const PaymentRejectedV1 = defineEvent(
  'payment.rejected',
  1,
  z.object({
    pmno: id,
    ono: id,
    mno: id,
    impUid: z.string().min(1),
    amount: won,
    reason: z.enum(['AMOUNT_MISMATCH', 'ORDER_CANCELLED', 'ALREADY_PAID']),
  }),
);

/** Money taken for an order was given back at the gateway (a rejected payment, or a cancelled order). */
export const PaymentCancelledV1 = defineEvent(
  'payment.cancelled',
  1,
  z.object({ pmno: id, ono: id, mno: id, impUid: z.string().min(1), amount: won }),
);

/** The order is paid and its stock reserved: cart drops its lines, member counts the amount, catalog the sales. */
export const OrderCompletedV1 = defineEvent(
  'order.completed',
  1,
  z.object({
    ono: id,
    mno: id,
    totalPrice: won,
    lines: z.array(orderedLine).min(1),
    cartItemIds: z.array(id),
  }),
);

/**
 * The order will not complete: catalog releases what it reserved, payment gives back what it took
 * (`pmno`: a verified payment of the order, when there is one).
 */
export const OrderCancelledV1 = defineEvent(
  'order.cancelled',
  1,
  z.object({
    ono: id,
    mno: id,
    /** PAYMENT_CANCELLED / PAYMENT_DECLINED: the shopper closed the payment window, or the card was declined. */
    reason: orderCancelReasonSchema,
    lines: z.array(orderedLine).min(1),
    pmno: id.nullable(),
  }),
);

/** A completed order's pieces were taken out of these cart lines (a line left with none is removed). */
export const CartClearedV1 = defineEvent(
  'cart.cleared',
  1,
  z.object({ mno: id, ono: id, cartItemIds: z.array(id) }),
);

/** The lines of a refund's part: what goes back to stock and out of the sales volume. */
const refundLines = z
  .array(z.object({ orno: id, odno: id, pno: id, count: z.number().int().positive() }))
  .min(1);

/** A refund's share that one seller decides: its lines of the order and their amount. */
const refundPart = z.object({ sellerId: id, amount: won, lines: refundLines });

/**
 * A shopper asked for a refund of a complete order (or asked again for the parts a seller rejected,
 * under a new `rfno`); the order waits (REFUND_PENDING) and the parts' lines cannot be reviewed.
 */
export const RefundRequestedV1 = defineEvent(
  'refund.requested',
  1,
  z.object({
    rfno: id,
    ono: id,
    mno: id,
    requestDate: z.iso.datetime(),
    amount: won,
    parts: z.array(refundPart).min(1),
  }),
);

/**
 * One seller (or an admin) approved its part: payment gives that part's amount back at the gateway
 * (a partial cancellation), whatever the other sellers decide.
 */
export const RefundPartApprovedV2 = defineEvent(
  'refund.approved',
  2,
  z.object({ rfno: id, ono: id, mno: id, part: refundPart }),
);

/** One seller (or an admin) rejected its part, with a reason: its lines are the shopper's again. */
export const RefundPartRejectedV2 = defineEvent(
  'refund.rejected',
  2,
  z.object({ rfno: id, ono: id, mno: id, part: refundPart, reason: z.string().min(1).max(500) }),
);

/**
 * The gateway confirmed giving one part back: its stock returns, its sales volume and the member's
 * totalPay go down by it, and the refund records the part as refunded.
 */
export const PaymentRefundedV2 = defineEvent(
  'payment.refunded',
  2,
  z.object({
    rfno: id,
    ono: id,
    mno: id,
    sellerId: id,
    amount: won,
    completeDate: z.iso.datetime(),
    lines: refundLines,
  }),
);

/**
 * Every part of the refund is decided and every approved part given back. `refunded`: some money of
 * the order went back (by this refund or an earlier one): the order is REFUND_COMPLETE, else
 * ORDER_COMPLETE again.
 */
export const RefundSettledV1 = defineEvent(
  'refund.settled',
  1,
  z.object({ rfno: id, ono: id, mno: id, refunded: z.boolean() }),
);

/** An admin suspended a member: their sessions end; sellers' listings may follow. */
export const MemberBannedV1 = defineEvent('member.banned', 1, z.object({ mno: id }));

/** An admin lifted a member's suspension. */
export const MemberUnbannedV1 = defineEvent('member.unbanned', 1, z.object({ mno: id }));

/** A shopper reviewed a line of their complete order: the order line carries the review from now on. */
export const ReviewWrittenV1 = defineEvent(
  'review.written',
  1,
  z.object({ rno: id, orno: id, ono: id, mno: id, pno: id }),
);

/** What of a product changed, as a shopper sees it. */
export const PRODUCT_CHANGES = [
  'registered',
  'details',
  'options',
  'stock',
  'salesVolume',
  'deleted',
  'restored',
] as const;

/**
 * Something a shopper sees of a product changed: its name, prices, content, images, options, stock,
 * sales volume, or it was deleted or restored. It names the product, not its new state: a reader
 * that keeps copies drops its copy and reads the product again, so events of one product arriving
 * twice or out of order do no harm (the envelope's occurredAt dates each).
 */
export const ProductChangedV1 = defineEvent(
  'product.changed',
  1,
  z.object({ pno: id, changes: z.array(z.enum(PRODUCT_CHANGES)).min(1) }),
);

/** A category was added, renamed, moved or removed: the tree, and products filed under it, read differently. */
export const CategoryChangedV1 = defineEvent('category.changed', 1, z.object({ ctno: id }));
