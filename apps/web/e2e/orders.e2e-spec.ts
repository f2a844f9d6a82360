import { formatWon } from '@mkt/pricing';
import type { Page } from 'playwright-core';
import { MyOrderMessages } from '../src/mypage/orders/orderMessages';
import { newShopper, openSignedIn, orderableOptions, placeOrder, placePaidOrder } from './checkout-support';
import { addToCart, cartOf } from './shopping';
import { baseUrl, expectAccessible, poll, TEST_TIMEOUT_MS, useBrowser, waitForText } from './support';

/**
 * My page's orders in a real Chromium against the running server: the list (five a page,
 * previous and next, newest or oldest) and an order's detail. Orders are placed and paid through
 * the API, the way a script pays the sandbox gateway.
 */

async function cardOnos(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('order-card').locator('.order-card__ono').allInnerTexts();
  return texts.map((text) => Number(text.replace(/\D/g, '')));
}

/** The cards' order numbers once the list shows `expected` (or what it shows when time is up). */
async function shownOnos(page: Page, expected: number[]): Promise<number[]> {
  return poll(
    () => cardOnos(page),
    (onos) => onos.join() === expected.join(),
  );
}

describe('my page orders (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'a member without orders reads that there is no order history',
    async () => {
      const shopper = await newShopper('orders-none');
      const page = await openSignedIn(browser.open, shopper, '/mypage/order');
      await page.getByText('주문 내역이 없습니다.').waitFor();
      expect(await page.getByRole('heading', { name: '주문 내역', level: 1 }).count()).toBe(1);
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'six orders: five a page with previous and next, newest or oldest first; a card opens the order, back returns',
    async () => {
      const shopper = await newShopper('orders-six');
      const options = await orderableOptions(2);
      const placed: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const option = options[i % 2];
        const lines = await addToCart(shopper, option.odno, 1);
        placed.push((await placePaidOrder(shopper, lines)).ono);
        // The cart drops the paid line on the order's completion, an event after the verification.
        await poll(
          () => cartOf(shopper),
          (cart) => cart.length === 0,
        );
      }
      const newestFirst = [...placed].reverse();

      const page = await openSignedIn(browser.open, shopper, '/mypage/order');
      await page.getByTestId('order-card').first().waitFor();
      expect(await shownOnos(page, newestFirst.slice(0, 5))).toEqual(newestFirst.slice(0, 5));
      await waitForText(page.getByTestId('order-page'), '1 / 2');
      const previous = page.getByRole('button', { name: '이전' });
      const next = page.getByRole('button', { name: '다음' });
      expect(await previous.isDisabled()).toBe(true);
      expect(await page.getByTestId('order-card').first().innerText()).toContain('결제완료');
      await expectAccessible(page);

      await next.click();
      await waitForText(page.getByTestId('order-page'), '2 / 2');
      expect(await shownOnos(page, newestFirst.slice(5))).toEqual(newestFirst.slice(5));
      expect(await next.isDisabled()).toBe(true);
      await previous.click();
      await waitForText(page.getByTestId('order-page'), '1 / 2');

      await page.getByRole('button', { name: '오래된순' }).click();
      await page.waitForURL(`${baseUrl()}/mypage/order?sort=oldest`);
      expect(await shownOnos(page, placed.slice(0, 5))).toEqual(placed.slice(0, 5));
      expect(await page.getByRole('button', { name: '오래된순' }).getAttribute('aria-pressed')).toBe('true');
      await next.click();
      await page.waitForURL(`${baseUrl()}/mypage/order?page=2&sort=oldest`);
      expect(await shownOnos(page, [placed[5]])).toEqual([placed[5]]);

      // The detail: the order, its line with the product link, its payment; back to the same page.
      const ono = placed[5];
      await page.getByTestId('order-card').first().click();
      await page.waitForURL(`${baseUrl()}/mypage/order/${ono}`);
      const line = page.getByTestId('order-line');
      await line.first().waitFor();
      expect(await line.count()).toBe(1);
      const product = options[1];
      expect(await line.getByRole('link', { name: product.p_name }).getAttribute('href')).toBe(
        `/product/${product.pno}`,
      );
      await page.getByTestId('order-payment').waitFor();
      const facts = await page.getByTestId('order-facts').first().innerText();
      expect(facts).toContain(String(ono));
      expect(facts).toContain('결제완료');
      await expectAccessible(page);

      await page.getByRole('button', { name: '목록으로' }).click();
      await page.waitForURL(`${baseUrl()}/mypage/order?page=2&sort=oldest`);

      // The line's image leads to the product as well.
      await page.getByTestId('order-card').first().click();
      await line.first().locator('.order-line__image-link').click();
      await page.waitForURL(`${baseUrl()}/product/${product.pno}`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );

  it(
    'an order whose payment window is still open: its page asks for no payment (none exists yet) and says there is none',
    async () => {
      const shopper = await newShopper('orders-pending');
      const [option] = await orderableOptions(1);
      const { ono } = await placeOrder(shopper, await addToCart(shopper, option.odno, 1));
      const page = await openSignedIn(browser.open, shopper, '/mypage/order');
      const paymentCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/payments/')) paymentCalls.push(request.url());
      });

      await page.goto(`${baseUrl()}/mypage/order/${ono}`);
      await page.getByTestId('order-line').first().waitFor();
      await page.getByText(MyOrderMessages.noPayment).waitFor();
      expect(await page.getByTestId('order-payment').count()).toBe(0);
      expect(paymentCalls).toEqual([]);
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "another member's order: the detail load error and the back button",
    async () => {
      const owner = await newShopper('orders-owner');
      const [option] = await orderableOptions(1);
      const { ono, o_totalPrice } = await placePaidOrder(owner, await addToCart(owner, option.odno, 1));
      expect(o_totalPrice).toBeGreaterThan(0);

      const stranger = await newShopper('orders-stranger');
      const page = await openSignedIn(browser.open, stranger, `/mypage/order/${ono}`);
      await page.getByText('주문 상세 정보를 불러오지 못했습니다.').waitFor();
      expect(await page.getByText(formatWon(o_totalPrice)).count()).toBe(0);
      await expectAccessible(page);
      await page.getByRole('button', { name: '목록으로' }).click();
      await page.waitForURL(`${baseUrl()}/mypage/order`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
