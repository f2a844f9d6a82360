import { z } from 'zod';
import { defineEvent } from './envelope';

const won = z.number().int().nonnegative();
const id = z.number().int().positive();

/** A shopper's order was saved; catalog reserves stock and counts sales, cart clears the bought lines. */
export const OrderPlacedV1 = defineEvent(
  'order.placed',
  1,
  z.object({
    ono: id,
    mno: id,
    totalPrice: won,
    lines: z
      .array(
        z.object({
          orno: id,
          odno: id,
          pno: id,
          sellerId: id,
          count: z.number().int().positive(),
          price: won,
        }),
      )
      .min(1),
    cartItemIds: z.array(id),
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

/** Cart lines were removed after a paid order. */
export const CartClearedV1 = defineEvent(
  'cart.cleared',
  1,
  z.object({ mno: id, ono: id, cartItemIds: z.array(id) }),
);

/** A shopper asked for a refund of an order. */
export const RefundRequestedV1 = defineEvent(
  'refund.requested',
  1,
  z.object({
    rfno: id,
    ono: id,
    mno: id,
    reason: z.string().min(10).max(500),
    impUid: z.string().min(1),
    merchantUid: z.string().min(1),
    amount: won,
  }),
);

/** A seller approved a refund; payment cancels at the gateway, order moves to REFUND_COMPLETE. */
export const RefundApprovedV1 = defineEvent(
  'refund.approved',
  1,
  z.object({ rfno: id, ono: id, mno: id, sellerId: id, amount: won, impUid: z.string().min(1) }),
);

/** An admin suspended a member: their sessions end; sellers' listings may follow. */
export const MemberBannedV1 = defineEvent('member.banned', 1, z.object({ mno: id }));

/** An admin lifted a member's suspension. */
export const MemberUnbannedV1 = defineEvent('member.unbanned', 1, z.object({ mno: id }));
