import type { PaymentFormState } from '../src/shared/routing/checkoutState';

import { CartMessages, type CartLineDto } from '@mkt/contracts';
import { formatWon, lineTotal } from '@mkt/pricing';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  expectAccessible,
  expectPhoneLayout,
  nextDialog,
  PHONE_WIDTH,
  poll,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForText,
} from './support';
import {
  addToCart,
  callApi,
  cartLine,
  cartOf,
  cartQuantities,
  expectedSummary,
  focusedName,
  openAsShopper,
  openPath,
  orderAway,
  pickProducts,
  summaryTexts,
  type Picks,
} from './shopping';

/** /cart and the product page's 장바구니 담기 in Chromium, against the running server, each test with its own member. */

const PHONE = { width: PHONE_WIDTH, height: 844 };

async function openCart(page: Page): Promise<void> {
  await openPath(page, '/cart');
  await page.getByRole('heading', { level: 1, name: '장바구니' }).waitFor();
}

async function waitForLines(page: Page, count: number): Promise<void> {
  await poll(
    () => page.getByTestId('cart-line').count(),
    (n) => n === count,
  );
  expect(await page.getByTestId('cart-line').count()).toBe(count);
}

async function expectSummary(page: Page, lines: readonly CartLineDto[]): Promise<void> {
  const expected = summaryTexts(expectedSummary(lines));
  await waitForText(page.getByTestId('summary-payment-amount'), expected.payment);
  await waitForText(page.getByTestId('summary-product-amount'), expected.product);
  expect((await page.getByTestId('summary-discount-amount').innerText()).trim()).toBe(expected.discount);
  expect((await page.getByTestId('summary-shipping-fee').innerText()).trim()).toBe(expected.shipping);
}

async function quantityOf(page: Page, odno: number): Promise<number> {
  return Number((await cartLine(page, odno).getByTestId('cart-line-quantity').innerText()).trim());
}

async function badge(page: Page): Promise<string> {
  const count = page.getByTestId('cart-count');
  return (await count.count()) === 0 ? '' : (await count.innerText()).trim();
}

describe('cart (browser)', () => {
  const browser = useBrowser();
  let picks: Picks;

  beforeAll(async () => {
    picks = await pickProducts();
  }, TEST_TIMEOUT_MS);

  it(
    'logged out: /cart alerts and opens the login page; so does the header cart icon',
    async () => {
      const page = await browser.open('/');
      const alerted = nextDialog(page);
      await openPath(page, '/cart');
      expect(await alerted).toBe('로그인 후 이용 가능합니다.');
      await page.waitForURL(`${baseUrl()}/member/login`);

      await openPath(page, '/');
      const iconAlert = nextDialog(page);
      await page.getByRole('button', { name: '장바구니' }).click();
      expect(await iconAlert).toBe('로그인이 필요합니다.');
      await page.waitForURL(`${baseUrl()}/member/login`);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'an empty cart says so',
    async () => {
      const { page } = await openAsShopper(browser, 'cart-empty');
      await openCart(page);
      await waitForText(
        page.getByTestId('cart-empty').getByRole('status'),
        '장바구니에 담긴 상품이 없습니다.',
      );
      expect(await badge(page)).toBe('');
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'product page: two options go into the cart, the badge says 2, and the same option again adds to its line',
    async () => {
      const { product, first, second } = picks.multi;
      const { page, login } = await openAsShopper(browser, 'cart-add');
      await openPath(page, `/product/${product.pno}`);
      await page.getByRole('heading', { level: 1, name: product.pName }).waitFor();

      // Nothing chosen: the spec's alert, nothing is added.
      const none = nextDialog(page);
      await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
      expect(await none).toBe('옵션을 하나 이상 선택해 주세요.');

      const select = page.getByTestId('option-select');
      await select.selectOption(String(first.odno));
      await select.selectOption(String(second.odno));
      await page
        .locator(`[data-testid="option-card"][data-odno="${first.odno}"]`)
        .getByRole('button', { name: '수량 늘리기' })
        .click();

      // The question comes once both adds are saved and the badge is refreshed; 취소 stays on the page.
      const asked = nextDialog(page, 'dismiss');
      await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
      expect(await asked).toBe('장바구니에 상품을 담았습니다. 장바구니로 이동하시겠습니까?');
      await waitForText(page.getByTestId('cart-count'), '2');
      expect(new URL(page.url()).pathname).toBe(`/product/${product.pno}`);
      expect(await cartQuantities(login)).toEqual(
        [
          [first.odno, 2],
          [second.odno, 1],
        ].sort(([a], [b]) => a - b),
      );
      await expectAccessible(page);

      // The first option again: its line grows, no third line; 확인 opens the cart.
      const again = nextDialog(page);
      await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
      expect(await again).toBe('장바구니에 상품을 담았습니다. 장바구니로 이동하시겠습니까?');
      await page.waitForURL(`${baseUrl()}/cart`);
      await waitForLines(page, 2);
      expect(await badge(page)).toBe('2');
      expect(await quantityOf(page, first.odno)).toBe(4);
      expect(await quantityOf(page, second.odno)).toBe(2);
      const amount = lineTotal(product.p_price, product.p_salePer, first.od_price, 4);
      expect((await cartLine(page, first.odno).getByTestId('cart-line-amount').innerText()).trim()).toBe(
        formatWon(amount),
      );
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'quantities: + and − save each press, the summary follows; over the stock alerts the maximum; a refused save says why',
    async () => {
      const { product, first, second } = picks.multi;
      const scarce = picks.scarce[0];
      const { page, login } = await openAsShopper(browser, 'cart-quantity', { viewport: PHONE });
      await addToCart(login, first.odno, 1);
      await addToCart(login, second.odno, 2);
      await addToCart(login, scarce.option.odno, scarce.option.od_stock);
      await openCart(page);
      await waitForLines(page, 3);
      await waitForText(page.getByTestId('cart-selected-count'), '3/3');
      await expectSummary(page, await cartOf(login));
      await expectPhoneLayout(page, 'cart');

      // + on the first line: saved, its amount and the summary follow.
      await cartLine(page, first.odno).getByRole('button', { name: '수량 늘리기' }).click();
      await waitForText(cartLine(page, first.odno).getByTestId('cart-line-quantity'), '2');
      const afterPlus = await poll(
        () => cartOf(login),
        (lines) => lines.find((line) => line.odno === first.odno)?.c_cnt === 2,
      );
      expect(afterPlus.find((line) => line.odno === first.odno)?.c_cnt).toBe(2);
      await waitForText(
        cartLine(page, first.odno).getByTestId('cart-line-amount'),
        formatWon(lineTotal(product.p_price, product.p_salePer, first.od_price, 2)),
      );
      await expectSummary(page, afterPlus);

      // − with the keyboard on the second line (2 -> 1).
      await cartLine(page, second.odno).getByRole('button', { name: '수량 줄이기' }).focus();
      await page.keyboard.press('Enter');
      await waitForText(cartLine(page, second.odno).getByTestId('cart-line-quantity'), '1');
      const afterMinus = await poll(
        () => cartOf(login),
        (lines) => lines.find((line) => line.odno === second.odno)?.c_cnt === 1,
      );
      await expectSummary(page, afterMinus);

      // Unticking a line takes it out of the summary.
      await cartLine(page, scarce.option.odno).getByRole('checkbox').uncheck();
      await waitForText(page.getByTestId('cart-selected-count'), '2/3');
      await expectSummary(
        page,
        afterMinus.filter((line) => line.odno !== scarce.option.odno),
      );

      // At the stock, + alerts the maximum and changes nothing.
      const max = nextDialog(page);
      await cartLine(page, scarce.option.odno).getByRole('button', { name: '수량 늘리기' }).click();
      expect(await max).toBe(CartMessages.overStock(scarce.option.od_stock));
      expect(await quantityOf(page, scarce.option.odno)).toBe(scarce.option.od_stock);

      // A line removed elsewhere (another tab): the save is refused with the server's reason, the cart re-read.
      const line = afterMinus.find((candidate) => candidate.odno === second.odno)!;
      await callApi(login, 'DELETE', `/api/cart/delete/${line.cino}/${login.mno}`);
      const refused = nextDialog(page);
      await cartLine(page, second.odno).getByRole('button', { name: '수량 늘리기' }).click();
      expect(await refused).toBe(`수량을 변경하지 못했습니다. ${CartMessages.unknownLine}`);
      await waitForLines(page, 2);
      await waitForText(page.getByTestId('cart-count'), '2');
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'delete: − at 1 and the × button ask first; 취소 and Escape keep the line; 삭제 removes it',
    async () => {
      const [a, b] = picks.others;
      const { page, login } = await openAsShopper(browser, 'cart-delete');
      await addToCart(login, a.option.odno, 1);
      await addToCart(login, b.option.odno, 1);
      await openCart(page);
      await waitForLines(page, 2);
      await waitForText(page.getByTestId('cart-count'), '2');
      await screenshot(page, 'cart-1280');

      // Keyboard: − at 1 opens the question with 취소 focused; Tab stays inside; Escape closes it.
      const minus = cartLine(page, a.option.odno).getByRole('button', { name: '수량 줄이기' });
      await minus.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: '상품 삭제' });
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      await dialog.getByText('이 상품을 장바구니에서 삭제하시겠습니까?').waitFor();
      expect(await focusedName(page)).toBe('취소');
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('삭제');
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('취소');
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await focusedName(page)).toBe('수량 줄이기');
      expect(await page.getByTestId('cart-line').count()).toBe(2);

      // 취소 keeps it too.
      await cartLine(page, a.option.odno)
        .getByRole('button', { name: `${a.product.pName} ${a.option.od_name} 삭제` })
        .click();
      await dialog.getByRole('button', { name: '취소' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await cartOf(login)).length).toBe(2);

      // 삭제 removes the line here, on the server and from the badge.
      await minus.click();
      await dialog.getByRole('button', { name: '삭제' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForLines(page, 1);
      await waitForText(page.getByTestId('cart-count'), '1');
      expect((await cartOf(login)).map((line) => line.odno)).toEqual([b.option.odno]);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'selected delete: nothing selected does nothing; two selected go after one question',
    async () => {
      const [a, b, c] = picks.others;
      const { page, login } = await openAsShopper(browser, 'cart-selected');
      for (const picked of [a, b, c]) await addToCart(login, picked.option.odno, 1);
      await openCart(page);
      await waitForLines(page, 3);

      const all = page.getByRole('checkbox', { name: /전체선택/ });
      expect(await all.isChecked()).toBe(true);
      await all.uncheck();
      await waitForText(page.getByTestId('cart-selected-count'), '0/3');
      await expectSummary(page, []);
      await page.getByRole('button', { name: '선택 삭제' }).click();
      await page.waitForTimeout(300);
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      expect(await page.getByTestId('cart-line').count()).toBe(3);

      await cartLine(page, a.option.odno).getByRole('checkbox').check();
      await cartLine(page, c.option.odno).getByRole('checkbox').check();
      await waitForText(page.getByTestId('cart-selected-count'), '2/3');
      await page.getByRole('button', { name: '선택 삭제' }).click();
      const dialog = page.getByRole('alertdialog', { name: '상품 삭제' });
      await dialog.getByText('선택한 상품 2개를 장바구니에서 삭제하시겠습니까?').waitFor();
      await dialog.getByRole('button', { name: '삭제' }).click();
      await waitForLines(page, 1);
      expect((await cartOf(login)).map((line) => line.odno)).toEqual([b.option.odno]);
      await waitForText(page.getByTestId('cart-count'), '1');
      // The line left was unticked, and stays so.
      await waitForText(page.getByTestId('cart-selected-count'), '0/1');
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'order button: nothing selected alerts; the chosen lines go to /payment/form',
    async () => {
      const [a, b] = picks.others;
      const { page, login } = await openAsShopper(browser, 'cart-order');
      await addToCart(login, a.option.odno, 2);
      await addToCart(login, b.option.odno, 1);
      await openCart(page);
      await waitForLines(page, 2);

      await page.getByRole('checkbox', { name: /전체선택/ }).uncheck();
      const alerted = nextDialog(page);
      await page.getByRole('button', { name: '주문하기' }).click();
      expect(await alerted).toBe('결제할 상품을 선택해 주세요.');
      expect(new URL(page.url()).pathname).toBe('/cart');

      await cartLine(page, b.option.odno).getByRole('checkbox').check();
      await page.getByRole('button', { name: '1개 상품 주문하기' }).click();
      await page.waitForURL(`${baseUrl()}/payment/form`);
      const state = (await page.evaluate(
        'window.history.state && window.history.state.usr',
      )) as PaymentFormState;
      const chosen = (await cartOf(login)).filter((line) => line.odno === b.option.odno);
      expect(state.cartItems).toEqual(chosen);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'lines another shopper bought out stay visible, marked and not orderable; one short of stock steps down to what is left',
    async () => {
      const [soldOut, short] = picks.scarce.slice(1);
      const [plain] = picks.others;
      const { page, login } = await openAsShopper(browser, 'cart-unavailable', { viewport: PHONE });
      await addToCart(login, soldOut.option.odno, 1);
      await addToCart(login, short.option.odno, 3);
      await addToCart(login, plain.option.odno, 1);
      await orderAway(soldOut.option.odno, soldOut.option.od_stock);
      await orderAway(short.option.odno, short.option.od_stock - 2);
      const marked = await poll(
        () => cartOf(login),
        (lines) => lines.filter((line) => line.unavailable !== null).length === 2,
        15_000,
      );
      expect(marked.map((line) => line.unavailable)).toEqual(['SOLD_OUT', 'NOT_ENOUGH_STOCK', null]);

      await openCart(page);
      await waitForLines(page, 3);
      await waitForText(
        cartLine(page, soldOut.option.odno).getByTestId('cart-line-unavailable'),
        '품절 · 주문할 수 없습니다',
      );
      await waitForText(
        cartLine(page, short.option.odno).getByTestId('cart-line-unavailable'),
        '재고 부족 (남은 수량 2개) · 주문할 수 없습니다',
      );
      expect(await cartLine(page, soldOut.option.odno).getByRole('checkbox').isDisabled()).toBe(true);
      expect(
        await cartLine(page, soldOut.option.odno).getByRole('button', { name: '수량 늘리기' }).isDisabled(),
      ).toBe(true);
      await waitForText(page.getByTestId('cart-selected-count'), '1/3');
      await expectSummary(
        page,
        marked.filter((line) => line.unavailable === null),
      );
      await expectPhoneLayout(page, 'cart-unavailable');

      // − on the short line asks for what is left; it can then be ordered again.
      await cartLine(page, short.option.odno).getByRole('button', { name: '수량 줄이기' }).click();
      await waitForText(cartLine(page, short.option.odno).getByTestId('cart-line-quantity'), '2');
      await cartLine(page, short.option.odno)
        .getByTestId('cart-line-unavailable')
        .waitFor({ state: 'detached' });
      await waitForText(page.getByTestId('cart-selected-count'), '2/3');
      const after = await poll(
        () => cartOf(login),
        (lines) => lines.find((line) => line.odno === short.option.odno)?.unavailable === null,
      );
      expect(after.find((line) => line.odno === short.option.odno)?.c_cnt).toBe(2);
      await expectSummary(
        page,
        after.filter((line) => line.unavailable === null),
      );
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
