import type { OptionDetailDto, ProductDetailDto } from '@mkt/contracts';
import { lineTotal } from '@mkt/pricing';

/**
 * The options chosen on the detail page (spec section 5): a product with exactly one option starts
 * with it chosen at quantity 1, one with several starts with none; a chosen option starts at 1, never
 * goes below 1 on this page nor above its od_stock, and choosing it again adds no second card.
 * The add-to-cart modal lists every option instead: a one-option product starts at 1, several
 * options all start at 0, and a row may go down to 0.
 */
export interface ChosenOption {
  odno: number;
  quantity: number;
}

/** The detail page's cards never go below one; removing a card is the × button. */
export const MIN_CARD_QUANTITY = 1;
/** The add-to-cart modal's rows go down to zero (not added). */
export const MIN_MODAL_QUANTITY = 0;

export function isSoldOut(option: OptionDetailDto): boolean {
  return option.od_stock <= 0;
}

export function initialSelection(options: readonly OptionDetailDto[]): ChosenOption[] {
  const [only] = options;
  if (options.length === 1 && only && !isSoldOut(only)) return [{ odno: only.odno, quantity: 1 }];
  return [];
}

/** The add-to-cart modal: one row per option, a lone option at 1, otherwise all at 0; sold-out rows stay 0. */
export function initialModalSelection(options: readonly OptionDetailDto[]): ChosenOption[] {
  const single = options.length === 1;
  return options.map((option) => ({
    odno: option.odno,
    quantity: single && !isSoldOut(option) ? 1 : MIN_MODAL_QUANTITY,
  }));
}

export function chooseOption(chosen: readonly ChosenOption[], option: OptionDetailDto): ChosenOption[] {
  if (isSoldOut(option) || chosen.some((line) => line.odno === option.odno)) return [...chosen];
  return [...chosen, { odno: option.odno, quantity: MIN_CARD_QUANTITY }];
}

/** Sets a card's quantity, kept between `min` (1 on the detail page, 0 in the modal) and the option's stock. */
export function changeQuantity(
  chosen: readonly ChosenOption[],
  option: OptionDetailDto,
  quantity: number,
  min = MIN_CARD_QUANTITY,
): ChosenOption[] {
  const max = Math.max(min, option.od_stock);
  const clamped = Math.min(max, Math.max(min, Math.trunc(quantity)));
  return chosen.map((line) => (line.odno === option.odno ? { ...line, quantity: clamped } : line));
}

export function removeOption(chosen: readonly ChosenOption[], odno: number): ChosenOption[] {
  return chosen.filter((line) => line.odno !== odno);
}

export function isAtMax(line: ChosenOption, option: OptionDetailDto): boolean {
  return line.quantity >= option.od_stock;
}

/** A card's price: quantity x (discounted price + surcharge), rounded up to 10 won. */
export function linePrice(product: ProductDetailDto, option: OptionDetailDto, quantity: number): number {
  return lineTotal(product.p_price, product.p_salePer, option.od_price, quantity);
}

/** The cards with their options, skipping any whose option the product no longer has. */
export function chosenLines(
  product: ProductDetailDto,
  chosen: readonly ChosenOption[],
): { line: ChosenOption; option: OptionDetailDto }[] {
  return chosen.flatMap((line) => {
    const option = product.optionDetail.find((candidate) => candidate.odno === line.odno);
    return option ? [{ line, option }] : [];
  });
}

/** 총 상품금액: the sum of the cards' prices. */
export function totalPrice(product: ProductDetailDto, chosen: readonly ChosenOption[]): number {
  return chosenLines(product, chosen).reduce(
    (sum, { line, option }) => sum + linePrice(product, option, line.quantity),
    0,
  );
}

export function totalQuantity(chosen: readonly ChosenOption[]): number {
  return chosen.reduce((sum, line) => sum + line.quantity, 0);
}

/** Add to cart needs at least one option with a quantity above zero. */
export function hasCartableOption(chosen: readonly ChosenOption[]): boolean {
  return chosen.some((line) => line.quantity > 0);
}

/** The cart adds of a selection: one per option with a quantity above zero. */
export function cartAdds(chosen: readonly ChosenOption[]): { odno: number; c_cnt: number }[] {
  return chosen
    .filter((line) => line.quantity > 0)
    .map((line) => ({ odno: line.odno, c_cnt: line.quantity }));
}
