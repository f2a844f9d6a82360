import { MAX_CART_QUANTITY, type CartLineDto } from '@mkt/contracts';
import { lineTotal } from '@mkt/pricing';

/** What a press of − or + on a cart line does (spec sections 4 and 5). */
export type QuantityStep =
  | { kind: 'save'; quantity: number }
  /** Below 1: ask whether to delete the line. */
  | { kind: 'confirm-delete' }
  /** Over the stock: alert the maximum. */
  | { kind: 'over-stock'; max: number };

/** The most a line may hold: its option's stock, and never more than the typo guard. */
export function maxQuantity(line: Pick<CartLineDto, 'od_stock'>): number {
  return Math.max(0, Math.min(line.od_stock, MAX_CART_QUANTITY));
}

/** A deleted or sold-out line cannot change quantity; it can only be removed. */
export function canChangeQuantity(line: Pick<CartLineDto, 'unavailable'>): boolean {
  return line.unavailable !== 'DELETED' && line.unavailable !== 'SOLD_OUT';
}

export function planQuantity(line: Pick<CartLineDto, 'c_cnt' | 'od_stock'>, next: number): QuantityStep {
  if (next < 1) return { kind: 'confirm-delete' };
  const max = maxQuantity(line);
  if (next > max) {
    // A line holding more than is left steps down straight to what is left.
    if (next < line.c_cnt && max >= 1) return { kind: 'save', quantity: max };
    return { kind: 'over-stock', max };
  }
  return { kind: 'save', quantity: next };
}

/**
 * The line as it will be once the server saves the quantity, shown until it answers: the line
 * amount by the same rule as the server's, and no longer short of stock when within it.
 */
export function withQuantity(line: CartLineDto, quantity: number): CartLineDto {
  const unavailable =
    line.unavailable === 'NOT_ENOUGH_STOCK' && quantity <= line.od_stock ? null : line.unavailable;
  return {
    ...line,
    c_cnt: quantity,
    lineAmount: lineTotal(line.p_price, line.p_salePer, line.od_price, quantity),
    unavailable,
  };
}

/** The undiscounted amount of a line: quantity x (price + option price). */
export function originalAmount(line: Pick<CartLineDto, 'c_cnt' | 'p_price' | 'od_price'>): number {
  return line.c_cnt * (line.p_price + line.od_price);
}

export function replaceLine(lines: readonly CartLineDto[], line: CartLineDto): CartLineDto[] {
  return lines.map((candidate) => (candidate.cino === line.cino ? line : candidate));
}
