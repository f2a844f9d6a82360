import type {
  CartLineDto,
  LoginResult,
  OptionDetailDto,
  PageResult,
  ProductDetailDto,
  ProductSummaryDto,
  WishDto,
} from '@mkt/contracts';
import { formatWon, summarize } from '@mkt/pricing';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  encodeProductId,
  getJson,
  JOIN_PASSWORD,
  joinMember,
  memberLogin,
  RESULTS_DIR,
  signIn,
  storeApi,
  waitForHydration,
  type OpenOptions,
  type useBrowser,
} from './support';

/**
 * Helpers of the cart and wish-list browser tests: members joined for the test, the API as they
 * call it (to set up and to check what the server saved), and products picked from the demo store.
 */

export interface Shopper {
  page: Page;
  login: LoginResult;
  mno: number;
}

/** A freshly joined member, signed in, on the home page. */
export async function openAsShopper(
  browser: ReturnType<typeof useBrowser>,
  prefix: string,
  options?: OpenOptions,
): Promise<Shopper> {
  const email = await joinMember(prefix);
  const login = await memberLogin(email, JOIN_PASSWORD);
  const page = await browser.open('/', options);
  await signIn(page, login);
  return { page, login, mno: login.mno };
}

/** A member for the API only (another shopper). */
export async function apiMember(prefix: string): Promise<LoginResult> {
  return memberLogin(await joinMember(prefix), JOIN_PASSWORD);
}

/** Calls the API as the member; throws with the status and message unless it succeeds. */
export function callApi<T>(
  login: LoginResult,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return storeApi().call<T>(login, method, path, body);
}

export const cartOf = (login: LoginResult) => storeApi().cart(login);

/**
 * The member's cart as [odno, quantity] pairs by option number. The cart lists lines in the order
 * the server took their first adds, and the pages send a choice's adds at once, so their order varies.
 */
export const cartQuantities = async (login: LoginResult) =>
  (await cartOf(login)).map((line) => [line.odno, line.c_cnt]).sort(([a], [b]) => a - b);

export const addToCart = (login: LoginResult, odno: number, c_cnt: number) =>
  storeApi().addToCart(login, odno, c_cnt);

export const wishesOf = (login: LoginResult) =>
  callApi<WishDto[]>(login, 'GET', `/api/wishlist/list/${login.mno}`);

export const wish = (login: LoginResult, pno: number) =>
  callApi<number>(login, 'POST', `/api/wishlist/add/${login.mno}/${pno}`);

/** Another member orders `count` of an option: its stock is taken at once (the order waits for payment). */
export async function orderAway(odno: number, count: number): Promise<void> {
  const buyer = await apiMember('cart-buyer');
  await callApi(buyer, 'POST', '/api/orders', {
    o_reciver: '김구매',
    o_address: '서울 중구 세종대로 110',
    o_reciverPhoNum: '01012345678',
    orderDetails: [{ odno, or_count: count }],
  });
}

export interface PickedOption {
  product: ProductDetailDto;
  option: OptionDetailDto;
}

export interface Picks {
  /** A discounted product with two options in stock, the second with a surcharge. */
  multi: { product: ProductDetailDto; first: OptionDetailDto; second: OptionDetailDto };
  /** A discounted product with exactly one option in stock. */
  single: PickedOption;
  /** Options with little stock (3 to 30), each of another product, in stock order. */
  scarce: PickedOption[];
  /** Discounted products with a plentiful first option, none of them the ones above. */
  others: PickedOption[];
}

/**
 * Products from the end of the catalogue (pno descending): the product-detail tests look at its
 * start, and these tests take stock away.
 */
export async function pickProducts(): Promise<Picks> {
  const list = await getJson<PageResult<ProductSummaryDto>>(
    '/api/product/list?page=1&size=100&sortBy=pno&sort=desc',
  );
  const details = await Promise.all(
    list.dtoList.map((product) => getJson<ProductDetailDto>(`/api/product/${encodeProductId(product.pno)}`)),
  );
  const plenty = (option: OptionDetailDto) => option.od_stock >= 10;
  const multiProduct = details.find(
    (product) =>
      product.p_salePer > 0 &&
      product.optionDetail.length >= 2 &&
      plenty(product.optionDetail[0]) &&
      product.optionDetail.slice(1).some((option) => plenty(option) && option.od_price > 0),
  );
  const singleProduct = details.find(
    (product) =>
      product.p_salePer > 0 && product.optionDetail.length === 1 && plenty(product.optionDetail[0]),
  );
  if (!multiProduct || !singleProduct)
    throw new Error('the demo store has no products to test the cart with');
  const multi = {
    product: multiProduct,
    first: multiProduct.optionDetail[0],
    second: multiProduct.optionDetail.slice(1).find((option) => plenty(option) && option.od_price > 0)!,
  };
  const used = new Set([multiProduct.pno, singleProduct.pno]);
  const scarce: PickedOption[] = [];
  for (const product of details) {
    const option = product.optionDetail.find((o) => o.od_stock >= 3 && o.od_stock <= 30);
    if (option && !used.has(product.pno)) {
      scarce.push({ product, option });
      used.add(product.pno);
    }
  }
  const others = details
    .filter(
      (product) =>
        !used.has(product.pno) && product.p_salePer > 0 && plenty(product.optionDetail[0] ?? { od_stock: 0 }),
    )
    .map((product) => ({ product, option: product.optionDetail[0] }));
  return { multi, single: { product: singleProduct, option: singleProduct.optionDetail[0] }, scarce, others };
}

/** The server's payment summary of lines, by the shared pricing rules. */
export function expectedSummary(
  lines: readonly Pick<CartLineDto, 'p_price' | 'p_salePer' | 'od_price' | 'c_cnt'>[],
) {
  return summarize(
    lines.map((line) => ({
      price: line.p_price,
      salePercent: line.p_salePer,
      optionPrice: line.od_price,
      quantity: line.c_cnt,
    })),
  );
}

/** The cart page's summary as shown, in the words the page writes them. */
export function summaryTexts(summary: ReturnType<typeof summarize>) {
  return {
    product: formatWon(summary.productAmount),
    discount: summary.discountAmount > 0 ? `-${formatWon(summary.discountAmount)}` : formatWon(0),
    shipping: formatWon(0),
    payment: formatWon(summary.paymentAmount),
  };
}

export function cartLine(page: Page, odno: number) {
  return page.locator(`[data-testid="cart-line"][data-odno="${odno}"]`);
}

export async function openPath(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

/** Whether focus is inside the element matched by `selector`. */
export function focusInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate<boolean>(
    `!!document.activeElement && !!document.querySelector(${JSON.stringify(selector)})?.contains(document.activeElement)`,
  );
}

/** The name of the focused element as a test reads it: its aria-label, else its text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate<string>(
    `(() => { const a = document.activeElement; return (a && (a.getAttribute('aria-label') || a.innerText || '').trim()) || ''; })()`,
  );
}

/** A screenshot of what is on screen (a modal over the page), where a full-page one would misplace it. */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`) });
}
