import type { CartLineDto, LoginResult, PlacedOrderDto } from '@mkt/contracts';
import type { Page } from 'playwright-core';
import { callApi, cartLine, openPath, pickProducts } from './shopping';
import {
  baseUrl,
  JOIN_PASSWORD,
  joinMember,
  memberLogin,
  poll,
  signIn,
  storeApi,
  type OpenOptions,
} from './support';

/**
 * Checkout and order helpers of the browser tests, all through the real API and pages: shoppers
 * joined for the test, checkout from the cart page, and orders placed and paid the way a script
 * pays the sandbox gateway.
 */

/** A freshly joined member's login (the cart and order calls take it). */
export async function newShopper(
  prefix: string,
  fields: Parameters<typeof joinMember>[1] = {},
): Promise<LoginResult> {
  return memberLogin(await joinMember(prefix, fields), JOIN_PASSWORD);
}

export interface OrderableOption {
  odno: number;
  pno: number;
  p_name: string;
}

let picked: Promise<OrderableOption[]> | undefined;

/** Plentiful options of discounted products, from the end of the catalogue as the cart tests take them. */
export async function orderableOptions(count: number): Promise<OrderableOption[]> {
  picked ??= pickProducts().then(({ others }) =>
    others.map(({ product, option }) => ({ odno: option.odno, pno: product.pno, p_name: product.pName })),
  );
  const options = (await picked).slice(0, count);
  if (options.length < count) throw new Error(`the demo store has fewer than ${count} options to order`);
  return options;
}

/** Places an order of the given cart lines to the member's own address, as the checkout page does; not paid yet. */
export function placeOrder(login: LoginResult, lines: CartLineDto[]): Promise<PlacedOrderDto> {
  return callApi<PlacedOrderDto>(login, 'POST', '/api/orders', {
    o_reciver: login.m_name,
    o_address: login.def_addr,
    o_reciverPhoNum: login.m_phoNum,
    o_totalPrice: lines.reduce((sum, line) => sum + line.lineAmount, 0),
    orderDetails: lines.map((line) => ({ odno: line.odno, or_count: line.c_cnt, p_name: line.p_name })),
    cartItemIds: lines.map((line) => line.cino),
  });
}

/**
 * Places an order of the given cart lines and pays it in the sandbox without a browser: the
 * sandbox's pay call, the payment record and the verification, as the checkout page makes them.
 */
export async function placePaidOrder(login: LoginResult, lines: CartLineDto[]): Promise<PlacedOrderDto> {
  return payPlacedOrder(login, await placeOrder(login, lines), lines[0].p_name);
}

/** Pays a placed order in the sandbox as the checkout page does: the pay call, the record, the verification. */
export function payPlacedOrder(
  login: LoginResult,
  placed: PlacedOrderDto,
  name?: string,
): Promise<PlacedOrderDto> {
  return storeApi().pay(login, placed, name);
}

/** Opens `pathname` signed in as the shopper. */
export async function openSignedIn(
  open: (pathname: string, options?: OpenOptions) => Promise<Page>,
  login: LoginResult,
  pathname: string,
  options?: OpenOptions,
): Promise<Page> {
  const page = await open('/', options);
  await signIn(page, login);
  // A page the server rendered does nothing on a click before it is hydrated.
  await openPath(page, pathname);
  return page;
}

/** On the cart page: ticks only the lines of `odnos` and presses the order button. */
export async function checkoutFromCart(page: Page, odnos: readonly number[]): Promise<void> {
  await page.goto(`${baseUrl()}/cart`);
  const lines = page.getByTestId('cart-line');
  await lines.first().waitFor();
  const shown = await lines.count();
  for (let i = 0; i < shown; i += 1) {
    const odno = Number(await lines.nth(i).getAttribute('data-odno'));
    const checkbox = cartLine(page, odno).getByRole('checkbox');
    if (odnos.includes(odno)) await checkbox.check();
    else await checkbox.uncheck();
  }
  // The button names how many lines it orders once the selection has settled.
  await poll(
    () => page.getByRole('button', { name: `${odnos.length}개 상품 주문하기` }).count(),
    (count) => count === 1,
  );
  await page.getByRole('button', { name: `${odnos.length}개 상품 주문하기` }).click();
  await page.waitForURL(`${baseUrl()}/payment/form`);
  await page.getByRole('heading', { name: '주문/결제', level: 1 }).waitFor();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
