import {
  JOIN_RULES,
  MAX_PHONE_LENGTH,
  OrderMessages,
  type CartLineDto,
  type MemberDto,
  type OrderCreate,
} from '@mkt/contracts';
import { summarize, type PriceSummary } from '@mkt/pricing';
import { CheckoutMessages } from './checkoutMessages';

/** The checkout form's rules (spec 001 section 5) and what it sends. */

export interface ReceiverForm {
  receiver: string;
  address: string;
  /** Digits only, at most {@link MAX_PHONE_LENGTH}. */
  phone: string;
}

/** A checkout as the shopper fills it in. */
export interface CheckoutInput {
  form: ReceiverForm;
  lines: readonly CartLineDto[];
  /** The signed-in member's number; undefined until their information is loaded. */
  mno: number | undefined;
  agreedToTerms: boolean;
}

/** What a typed phone number keeps: its digits, at most eleven (no dashes). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, MAX_PHONE_LENGTH);
}

/** The receiver form prefilled from member information; a member without a phone enters one. */
export function receiverFromMember(
  member: Pick<MemberDto, 'm_name' | 'def_addr' | 'm_phoNum'>,
): ReceiverForm {
  return {
    receiver: member.m_name ?? '',
    address: member.def_addr ?? '',
    phone: phoneDigits(member.m_phoNum ?? ''),
  };
}

/** The payment summary of the chosen lines, the same figures the cart shows. */
export function checkoutSummary(lines: readonly CartLineDto[]): PriceSummary {
  return summarize(
    lines.map((line) => ({
      price: line.p_price,
      salePercent: line.p_salePer,
      optionPrice: line.od_price,
      quantity: line.c_cnt,
    })),
  );
}

/**
 * What still keeps the pay button disabled, as the shopper names it: receiver, address, phone, a
 * positive total and the terms (spec 001 section 5). Empty when the button may be pressed.
 */
export function paymentBlockers({ form, lines, agreedToTerms }: CheckoutInput): string[] {
  const blockers: string[] = [];
  if (!form.receiver.trim()) blockers.push('받는 분');
  if (!form.address.trim()) blockers.push('배송 주소');
  if (!form.phone) blockers.push('연락처');
  if (!(checkoutSummary(lines).paymentAmount > 0)) blockers.push('결제 금액');
  if (!agreedToTerms) blockers.push('결제 동의');
  return blockers;
}

/**
 * The first rule a submitted checkout breaks, as the alert to show (spec order: receiver, address,
 * phone, total, member, an option on every line); null when it may be paid.
 */
export function checkoutProblem({ form, lines, mno, agreedToTerms }: CheckoutInput): string | null {
  if (!form.receiver.trim()) return OrderMessages.receiverRequired;
  if (!form.address.trim()) return OrderMessages.addressRequired;
  if (!form.phone) return OrderMessages.phoneRequired;
  if (!JOIN_RULES.phone.test(form.phone)) return OrderMessages.phoneDigits;
  if (lines.length === 0) return OrderMessages.noLines;
  if (!(checkoutSummary(lines).paymentAmount > 0)) return CheckoutMessages.amountInvalid;
  if (!mno) return CheckoutMessages.memberInfoFailed;
  const withoutOption = lines.find((line) => !line.odno);
  if (withoutOption) return OrderMessages.optionRequired(withoutOption.p_name);
  if (!agreedToTerms) return CheckoutMessages.termsRequired;
  return null;
}

/** `POST /api/orders`: the total is the one the shopper saw, so the server refuses it if prices moved. */
export function orderToPlace(form: ReceiverForm, lines: readonly CartLineDto[]): OrderCreate {
  return {
    o_reciver: form.receiver.trim(),
    o_address: form.address.trim(),
    o_reciverPhoNum: form.phone,
    o_totalPrice: checkoutSummary(lines).paymentAmount,
    orderDetails: lines.map((line) => ({ odno: line.odno, or_count: line.c_cnt, p_name: line.p_name })),
    cartItemIds: lines.map((line) => line.cino),
  };
}

export const MERCHANT_UID_PREFIX = 'mkt_';

/** The gateway's order id: the prefix and a millisecond timestamp (spec 001 section 9). */
export function merchantUid(now: number = Date.now()): string {
  return `${MERCHANT_UID_PREFIX}${now}`;
}
