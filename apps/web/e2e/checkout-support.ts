import type {
  CartLineDto,
  LoginResult,
  OrderDto,
  PaymentRecordResult,
  PaymentVerificationDto,
  PlacedOrderDto,
  ProductDetailDto,
  ProductSummaryDto,
  PageResult,
  SandboxPayResult,
} from '@mkt/contracts';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { baseUrl, encodeProductId, getJson, JOIN_PASSWORD, joinMember, memberLogin, signIn } from './support';

/**
 * Checkout and order helpers of the browser tests, all through the real API: a shopper with a cart,
 * and orders placed and paid the way a script pays the sandbox gateway.
 */

export interface Shopper {
  email: string;
  login: LoginResult;
}

async function call<T>(login: LoginResult, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${login.accessToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function newShopper(
  prefix: string,
  fields: Parameters<typeof joinMember>[1] = {},
): Promise<Shopper> {
  const email = await joinMember(prefix, fields);
  return { email, login: await memberLogin(email, JOIN_PASSWORD) };
}

/** Options of in-stock products on sale, cheapest first among the first products, for the cart. */
export async function orderableOptions(
  count: number,
): Promise<{ odno: number; pno: number; p_name: string }[]> {
  const list = await getJson<PageResult<ProductSummaryDto>>(
    '/api/product/list?page=1&size=20&sortBy=pno&sort=asc',
  );
  const options: { odno: number; pno: number; p_name: string }[] = [];
  for (const summary of list.dtoList) {
    const product = await getJson<ProductDetailDto>(`/api/product/${encodeProductId(summary.pno)}`);
    const option = product.optionDetail.find((candidate) => candidate.od_stock >= 5);
    if (!product.delFlag && option)
      options.push({ odno: option.odno, pno: product.pno, p_name: product.pName });
    if (options.length === count) return options;
  }
  throw new Error(`fewer than ${count} orderable options among the first products`);
}

export function addToCart(shopper: Shopper, odno: number, c_cnt: number): Promise<CartLineDto[]> {
  return call<CartLineDto[]>(shopper.login, 'POST', '/api/cart/add', { mno: shopper.login.mno, odno, c_cnt });
}

export function cartOf(shopper: Shopper): Promise<CartLineDto[]> {
  return call<CartLineDto[]>(shopper.login, 'GET', `/api/cart/${shopper.login.mno}`);
}

export function ordersOf(shopper: Shopper): Promise<OrderDto[]> {
  return call<OrderDto[]>(shopper.login, 'GET', `/api/orders/member/${shopper.login.mno}`);
}

/**
 * Places an order of the given cart lines and pays it in the sandbox without a browser: the
 * sandbox's pay call, the payment record and the verification, as the checkout page does.
 */
export async function placePaidOrder(shopper: Shopper, lines: CartLineDto[]): Promise<PlacedOrderDto> {
  const total = lines.reduce((sum, line) => sum + line.lineAmount, 0);
  const placed = await call<PlacedOrderDto>(shopper.login, 'POST', '/api/orders', {
    o_reciver: shopper.login.m_name,
    o_address: shopper.login.def_addr,
    o_reciverPhoNum: shopper.login.m_phoNum,
    o_totalPrice: total,
    orderDetails: lines.map((line) => ({ odno: line.odno, or_count: line.c_cnt, p_name: line.p_name })),
    cartItemIds: lines.map((line) => line.cino),
  });
  const merchant_uid = `mkt_${Date.now()}_${randomUUID().slice(0, 8)}`;
  const paid = await call<SandboxPayResult>(shopper.login, 'POST', '/api/payments/sandbox/pay', {
    merchant_uid,
    amount: placed.o_totalPrice,
    pg_provider: 'kakaopay',
    pay_method: 'card',
    name: lines[0].p_name,
    outcome: 'paid',
  });
  const record = await call<PaymentRecordResult>(shopper.login, 'POST', '/api/payments', {
    imp_uid: paid.imp_uid,
    merchant_uid,
    amount: placed.o_totalPrice,
    pm_method: 'card',
    ono: placed.ono,
  });
  if (!record.success || record.pmno === null)
    throw new Error(`payment not recorded: ${record.errorMessage}`);
  const verification = await call<PaymentVerificationDto>(
    shopper.login,
    'POST',
    `/api/checkout/verify/${paid.imp_uid}/${record.pmno}`,
  );
  if (!verification.verified) throw new Error(`payment not verified: ${verification.reason}`);
  return placed;
}

/** Opens the site signed in as the shopper. */
export async function openSignedIn(
  open: (pathname: string, options?: { viewport?: { width: number; height: number } }) => Promise<Page>,
  shopper: Shopper,
  pathname: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await open('/', { viewport });
  await signIn(page, shopper.login);
  await page.goto(`${baseUrl()}${pathname}`);
  return page;
}

/**
 * Opens /payment/form with the chosen cart lines in router state, the way the cart page's order
 * button navigates there.
 */
export async function openCheckoutWith(page: Page, cartItems: CartLineDto[]): Promise<void> {
  // React Router reads a history entry's state from `usr`.
  const entry = JSON.stringify({ usr: { cartItems }, key: 'e2e-checkout', idx: 1 });
  await page.evaluate(`
    history.pushState(${entry}, '', '/payment/form');
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  `);
  await page.getByRole('heading', { name: '주문/결제', level: 1 }).waitFor();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
