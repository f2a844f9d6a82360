/**
 * Won price rules of the marketplace, shared by the web app and the services so that the price a
 * shopper sees is the price the server charges.
 */

/** Rounds up to the next 10 won. */
export function ceilTo10Won(amount: number): number {
  return Math.ceil(amount / 10) * 10;
}

/** Discounted unit price as cards, wish list and cart show it: ceil(price x (100 - salePer) / 100), up to 10 won. */
export function discountedPrice(price: number, salePercent: number): number {
  assertWon(price, 'price');
  assertSalePercent(salePercent);
  return ceilTo10Won((price * (100 - salePercent)) / 100);
}

/**
 * A checkout line, the checkout document's rule: quantity x (price x (100 - salePer) / 100 + option
 * surcharge), rounded up to 10 won once, for the whole line (not per unit, as cards show it).
 * Worked in whole hundredths of a won, so no floating point error can tip the rounding.
 */
export function lineTotal(price: number, salePercent: number, optionPrice: number, quantity: number): number {
  assertWon(price, 'price');
  assertSalePercent(salePercent);
  assertWon(optionPrice, 'option price');
  if (!Number.isInteger(quantity) || quantity < 0)
    throw new RangeError(`quantity must be a whole number, got ${quantity}`);
  const hundredthsOfWon = quantity * (price * (100 - salePercent) + optionPrice * 100);
  return Math.ceil(hundredthsOfWon / 1_000) * 10;
}

export interface PriceSummary {
  /** Sum of undiscounted prices (plus surcharges) times quantities. */
  productAmount: number;
  /** productAmount minus paymentAmount. */
  discountAmount: number;
  paymentAmount: number;
  shippingFee: number;
}

export interface PricedLine {
  price: number;
  salePercent: number;
  optionPrice: number;
  quantity: number;
}

/** The payment summary of the cart and checkout: undiscounted amount, discount and amount to pay. Shipping is free. */
export function summarize(lines: PricedLine[]): PriceSummary {
  const productAmount = lines.reduce((sum, l) => sum + l.quantity * (l.price + l.optionPrice), 0);
  const paymentAmount = lines.reduce(
    (sum, l) => sum + lineTotal(l.price, l.salePercent, l.optionPrice, l.quantity),
    0,
  );
  return { productAmount, discountAmount: productAmount - paymentAmount, paymentAmount, shippingFee: 0 };
}

/**
 * 1234567.891 -> "1,234,567.891": as `Intl.NumberFormat('ko-KR')` writes a number (thousands
 * grouped, at most three decimals), without Intl, whose first use loads the locale's data: tens of
 * milliseconds of a phone's first task when the page's scripts start.
 */
export function groupDigits(value: number): string {
  const [whole, fraction] = String(Math.round(Math.abs(value) * 1000) / 1000).split('.');
  const sign = value < 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** 12345 -> "12,345원" */
export function formatWon(amount: number): string {
  return `${groupDigits(amount)}원`;
}

function assertWon(amount: number, what: string): void {
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError(`${what} must be a whole, non-negative won amount, got ${amount}`);
}

function assertSalePercent(salePercent: number): void {
  if (!Number.isInteger(salePercent) || salePercent < 0 || salePercent > 100)
    throw new RangeError(`sale percent must be an integer from 0 to 100, got ${salePercent}`);
}
