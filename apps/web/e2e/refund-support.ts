import type {
  LoginResult,
  OrderDto,
  PageResult,
  PlacedOrderDto,
  ProductDetailDto,
  ProductSummaryDto,
} from '@mkt/contracts';
import type { Page } from 'playwright-core';
import { encodeProductId, getJson, memberLogin, poll, signInAs, storeApi } from './support';

/**
 * Helpers of the refund and seller-order browser tests, all through the real API: paid orders of
 * the demo seller's products, refunds asked for and decided, and console logins.
 */

/** The demo seller: its member number is the `sellerId` (`sno`) of the products it sells. */
export const SELLER = { email: 'seller@dealmarket.kr', password: 'seller1234!' };
export const ADMIN = { email: 'admin@dealmarket.kr', password: 'admin1234!' };

export interface SellerOption {
  pno: number;
  odno: number;
  p_name: string;
  sno: number;
}

/**
 * Options of products the given seller sells, with plenty of stock, from the middle of the
 * catalogue (the product tests look at its start, the cart tests at its end).
 */
async function optionsOfSeller(sno: number, others: boolean, minStock: number): Promise<SellerOption[]> {
  const list = await getJson<PageResult<ProductSummaryDto>>(
    '/api/product/list?page=3&size=100&sortBy=pno&sort=asc',
  );
  const details = await Promise.all(
    list.dtoList.map((product) => getJson<ProductDetailDto>(`/api/product/${encodeProductId(product.pno)}`)),
  );
  return details
    .filter((product) => (others ? product.sno !== sno : product.sno === sno))
    .flatMap((product) => {
      const option = product.optionDetail.find((o) => o.od_stock >= minStock);
      return option ? [{ pno: product.pno, odno: option.odno, p_name: product.pName, sno: product.sno }] : [];
    });
}

let sellerLogin: Promise<LoginResult> | undefined;
let adminLogin: Promise<LoginResult> | undefined;

export function loginSeller(): Promise<LoginResult> {
  sellerLogin ??= memberLogin(SELLER.email, SELLER.password);
  return sellerLogin;
}

export function loginAdmin(): Promise<LoginResult> {
  adminLogin ??= memberLogin(ADMIN.email, ADMIN.password);
  return adminLogin;
}

/** Options of the demo seller's products (`count` of them, each of another product). */
export async function sellerOptions(count: number, minStock = 40): Promise<SellerOption[]> {
  const seller = await loginSeller();
  const options = await optionsOfSeller(seller.mno, false, minStock);
  if (options.length < count) throw new Error(`the demo seller has fewer than ${count} products to order`);
  return options.slice(0, count);
}

/** Options of products another seller sells. */
export async function otherSellersOptions(count: number, minStock = 40): Promise<SellerOption[]> {
  const seller = await loginSeller();
  const options = await optionsOfSeller(seller.mno, true, minStock);
  if (options.length < count) throw new Error(`the demo store has fewer than ${count} other products`);
  return options.slice(0, count);
}

/**
 * Places an order of the lines straight through the API (no cart) and pays it in the sandbox the
 * way the checkout page does: the sandbox's pay call, the payment record, the verification.
 */
export async function payOrder(
  login: LoginResult,
  lines: readonly { odno: number; or_count: number }[],
): Promise<PlacedOrderDto> {
  return storeApi().pay(login, await storeApi().placeOrder(login, lines));
}

/** An order placed and left unpaid (PAYMENT_PENDING). */
export function placeUnpaidOrder(login: LoginResult, odno: number): Promise<PlacedOrderDto> {
  return storeApi().placeOrder(login, [{ odno, or_count: 1 }]);
}

export const orderOf = (login: LoginResult, ono: number) => storeApi().order(login, ono);

/** Waits until the member's order has the status (the refund's events move it). */
export async function waitForOrderStatus(login: LoginResult, ono: number, status: OrderDto['status']) {
  const order = await storeApi().waitForOrderStatus(login, ono, status);
  expect(order.status).toBe(status);
  return order;
}

export const requestRefundApi = (login: LoginResult, ono: number, rf_reason: string) =>
  storeApi().requestRefund(login, ono, rf_reason);

/** Approves or rejects a refund as a seller or an admin; the answer is text. */
export const decideRefundApi = (login: LoginResult, rfno: number, decision: 'approve' | 'reject') =>
  storeApi().decideRefund(login, rfno, decision);

export const refundHistoryApi = (login: LoginResult, query = 'page=0&size=50') =>
  storeApi().refundHistory(login, query);

/** Waits until the member's refund of the order has the history status. */
export async function waitForRefundStatus(
  login: LoginResult,
  ono: number,
  status: 'PENDING' | 'COMPLETED' | 'REJECTED',
): Promise<void> {
  const history = await poll(
    () => refundHistoryApi(login),
    (page) => page.content.some((item) => item.orderId === ono && item.status === status),
    20_000,
  );
  expect(history.content.find((item) => item.orderId === ono)?.status).toBe(status);
}

/** Leaves the browser signed in to a console as the console's login page does. */
export function signInConsole(page: Page, role: 'seller' | 'admin', result: LoginResult): Promise<void> {
  return signInAs(page, role, result);
}
