import { OrderMessages } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import type { Locator, Page } from 'playwright-core';
import { checkoutFromCart, newShopper, openSignedIn, orderableOptions, pathOf } from './checkout-support';
import { addToCart, cartOf, expectedSummary, viewportScreenshot } from './shopping';
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

/**
 * Checkout in a real Chromium against the running server: the form's rules, paying in the sandbox
 * payment window, the complete and fail pages, and the cart left as it was when a payment fails.
 * Every shopper is joined for its test; carts are filled through the API.
 */

const PHONE = { width: PHONE_WIDTH, height: 844 };

function payButton(page: Page): Locator {
  return page.getByRole('button', { name: /결제하기$/ }).and(page.locator('[type="submit"]'));
}

function paymentWindow(page: Page): Locator {
  return page.getByRole('dialog', { name: /결제하기/ });
}

async function focusedText(page: Page): Promise<string> {
  return (await page.evaluate('document.activeElement ? document.activeElement.textContent : ""')) as string;
}

describe('checkout (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'logged out: the checkout alerts that login is required and goes home',
    async () => {
      const page = await browser.open('/');
      const alert = nextDialog(page);
      await page.goto(`${baseUrl()}/payment/form`);
      expect(await alert).toBe('로그인이 필요합니다.');
      await page.waitForURL(`${baseUrl()}/`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'without lines chosen in the cart: /payment alerts to choose them and goes to the cart',
    async () => {
      const shopper = await newShopper('checkout-none');
      const page = await openSignedIn(browser.open, shopper, '/');
      const alert = nextDialog(page);
      await page.goto(`${baseUrl()}/payment`);
      expect(await alert).toBe('장바구니에서 결제할 상품을 선택해 주세요.');
      await page.waitForURL(`${baseUrl()}/cart`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'form: receiver prefilled from member info, kakaopay chosen, the cart figures; pay disabled until every rule holds',
    async () => {
      const shopper = await newShopper('checkout-form', {
        m_name: '김결제',
        def_addr: '서울 중구 세종대로 110',
        m_phoNum: '01055556666',
      });
      const [first, second] = await orderableOptions(2);
      await addToCart(shopper, first.odno, 2);
      const lines = await addToCart(shopper, second.odno, 1);
      const page = await openSignedIn(browser.open, shopper, '/');
      await checkoutFromCart(page, [first.odno, second.odno]);

      const receiver = page.getByLabel('받는 분');
      const address = page.getByLabel('배송 주소');
      const phone = page.getByLabel('연락처');
      expect(await receiver.inputValue()).toBe('김결제');
      expect(await address.inputValue()).toBe('서울 중구 세종대로 110');
      expect(await phone.inputValue()).toBe('01055556666');
      expect(await page.getByRole('radio', { name: '카카오페이' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio').count()).toBe(7);

      // The ordered products fold away and back.
      const products = page.getByTestId('checkout-products');
      const toggle = page.getByRole('button', { name: /주문 상품/ });
      expect(await products.getByRole('listitem').count()).toBe(2);
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await products.isHidden()).toBe(true);
      await toggle.click();
      await products.waitFor();

      const summary = expectedSummary(lines);
      await waitForText(page.getByTestId('summary-product'), formatWon(summary.productAmount));
      await waitForText(page.getByTestId('summary-discount'), `-${formatWon(summary.discountAmount)}`);
      await waitForText(page.getByTestId('summary-shipping'), '0원');
      await waitForText(page.getByTestId('summary-payment'), formatWon(summary.paymentAmount));
      expect(summary.paymentAmount).toBe(lines.reduce((sum, line) => sum + line.lineAmount, 0));

      const pay = payButton(page);
      expect(await pay.innerText()).toBe(`${formatWon(summary.paymentAmount)} 결제하기`);
      expect(await pay.isDisabled()).toBe(true);
      expect(await page.getByTestId('pay-blockers').innerText()).toContain('결제 동의');
      await expectAccessible(page);

      await page.getByLabel(/결제 진행에 동의합니다/).check();
      expect(await pay.isEnabled()).toBe(true);

      // A member without a phone enters one: digits only, at most eleven.
      await phone.fill('');
      expect(await pay.isDisabled()).toBe(true);
      expect(await page.getByTestId('pay-blockers').innerText()).toContain('연락처');
      // Seven digits are not a phone (sign-up's rule: 01 and 8 or 9 more): 결제하기 says so and opens no window.
      await phone.fill('0101234');
      const shortPhone = nextDialog(page);
      await pay.click();
      expect(await shortPhone).toBe(OrderMessages.phoneDigits);
      expect(await paymentWindow(page).count()).toBe(0);
      await phone.fill('010-7777-88889');
      expect(await phone.inputValue()).toBe('01077778888');
      expect(await pay.isEnabled()).toBe(true);

      await receiver.fill('   ');
      expect(await pay.isDisabled()).toBe(true);
      await receiver.fill('박수령');
      await address.fill('');
      expect(await page.getByTestId('pay-blockers').innerText()).toContain('배송 주소');
      expect(await pay.isDisabled()).toBe(true);
      await address.fill('부산 해운대구 우동 1');
      expect(await pay.isEnabled()).toBe(true);
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'pays in the sandbox window (390 px): the complete page, the order in my page, the paid lines gone from the cart',
    async () => {
      const shopper = await newShopper('checkout-pay', {
        m_name: '김구매',
        def_addr: '서울 종로구 세종로 1',
      });
      const [first, second, kept] = await orderableOptions(3);
      await addToCart(shopper, first.odno, 2);
      await addToCart(shopper, second.odno, 1);
      const cart = await addToCart(shopper, kept.odno, 1);
      const chosen = cart.filter((line) => line.odno !== kept.odno);
      const total = expectedSummary(chosen).paymentAmount;

      const page = await openSignedIn(browser.open, shopper, '/', { viewport: PHONE });
      await checkoutFromCart(page, [first.odno, second.odno]);
      await page.getByLabel(/결제 진행에 동의합니다/).check();
      await expectPhoneLayout(page, 'checkout-form');
      await payButton(page).click();

      const window = paymentWindow(page);
      await window.waitFor();
      expect(await window.getAttribute('aria-modal')).toBe('true');
      await waitForText(window.getByTestId('payment-window-name'), `${chosen[0].p_name} 외 1건`);
      await waitForText(window.getByTestId('payment-window-amount'), formatWon(total));
      expect(await focusedText(page)).toBe('결제하기');
      expect(await window.getByRole('radio', { name: '카카오페이' }).isChecked()).toBe(true);
      await window.getByRole('radio', { name: '네이버페이' }).check();
      await expectPhoneLayout(page, 'checkout-window');
      // What is on screen: a full-page screenshot misplaces a fixed modal.
      await viewportScreenshot(page, 'checkout-window-390');

      await window.getByRole('button', { name: '결제하기' }).click();
      await page.waitForURL(/\/payment\/complete\/\d+$/, { timeout: 30_000 });
      const ono = Number(pathOf(page).split('/').pop());
      await waitForText(page.getByTestId('complete-receiver'), '김구매');
      await waitForText(page.getByTestId('complete-address'), '서울 종로구 세종로 1');
      await waitForText(page.getByTestId('complete-phone'), shopper.m_phoNum);
      await waitForText(page.getByTestId('complete-amount'), formatWon(total));
      // The items by name, option and count, not their option numbers.
      const items = page.getByTestId('complete-items').getByRole('listitem');
      await waitForText(items.first(), `${chosen[0].p_name} · ${chosen[0].od_name} · ${chosen[0].c_cnt}개`);
      expect(await items.count()).toBe(chosen.length);
      const support = await page.getByTestId('payment-support').innerText();
      // The particle follows the number as it is read (공 → 으로), and the hours are the footer's.
      expect(support).toContain('1644-0000으로 연락해 주세요.');
      expect(support).toContain('월~토 07:00~18:00, 일/공휴일 07:00~13:00');
      await expectPhoneLayout(page, 'checkout-complete');
      // The header badge counts the line left in the cart at once.
      await waitForText(page.getByTestId('cart-count'), '1');

      // Only the paid lines leave the cart.
      const left = await poll(
        () => cartOf(shopper),
        (lines) => lines.length === 1,
      );
      expect(left.map((line) => line.odno)).toEqual([kept.odno]);

      await page.getByRole('link', { name: '주문 내역 보기' }).click();
      await page.waitForURL(`${baseUrl()}/mypage/order`);
      const card = page.getByTestId('order-card').filter({ hasText: `주문번호 ${ono}` });
      await card.waitFor();
      expect(await card.innerText()).toContain('결제완료');
      expect(await card.innerText()).toContain(formatWon(total));
      await expectPhoneLayout(page, 'mypage-order');

      await card.click();
      await page.waitForURL(`${baseUrl()}/mypage/order/${ono}`);
      await page.getByTestId('order-line').first().waitFor();
      expect(await page.getByTestId('order-line').count()).toBe(2);
      await page.getByTestId('order-payment').waitFor();
      expect(await page.getByTestId('order-payment').innerText()).toContain(formatWon(total));
      // The provider chosen in the window, not the method's generic name (카드).
      await waitForText(page.getByTestId('payment-method'), '네이버페이');
      await expectPhoneLayout(page, 'mypage-order-detail');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a declined card and a cancelled window reach the fail page, whose causes fit; each order is cancelled at once with its reason; the cart is intact and retry reopens the checkout',
    async () => {
      const shopper = await newShopper('checkout-fail');
      const [option] = await orderableOptions(1);
      const cart = await addToCart(shopper, option.odno, 3);
      const page = await openSignedIn(browser.open, shopper, '/');
      await checkoutFromCart(page, [option.odno]);
      await page.getByLabel(/결제 진행에 동의합니다/).check();
      await payButton(page).click();
      const window = paymentWindow(page);
      await window.waitFor();

      // Tab and Shift+Tab stay inside the window.
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
        expect(await page.evaluate('!!document.activeElement.closest("[role=dialog]")')).toBe(true);
      }

      const declined = nextDialog(page);
      await window.getByRole('button', { name: '결제 실패' }).click();
      expect(await declined).toMatch(/^결제에 실패했습니다: .+/);
      await page.waitForURL(/\/payment\/fail\?/);
      await page.getByRole('heading', { name: '결제에 실패했습니다', level: 1 }).waitFor();
      expect(await page.getByTestId('fail-message').innerText()).not.toBe('');
      await waitForText(page.getByTestId('fail-code'), '오류 코드: PAYMENT_FAILED');
      await waitForText(page.getByTestId('cart-count'), '1');
      expect(await page.getByRole('listitem').filter({ hasText: '카드 한도 초과' }).count()).toBe(1);
      expect(await page.getByText('결제 시간 초과').count()).toBe(1);
      await expectAccessible(page);
      await screenshot(page, 'checkout-fail-1280');
      await expectPhoneLayout(page, 'checkout-fail');
      expect((await cartOf(shopper)).map((line) => [line.cino, line.c_cnt])).toEqual([[cart[0].cino, 3]]);

      // 다시 결제하기 opens the checkout again with the same lines; Escape in the window cancels.
      await page.getByRole('link', { name: '다시 결제하기' }).click();
      await page.waitForURL(`${baseUrl()}/payment/form`);
      await page.getByTestId('checkout-products').getByText(option.p_name).waitFor();
      await page.getByLabel(/결제 진행에 동의합니다/).check();
      await payButton(page).click();
      await paymentWindow(page).waitFor();
      const cancelled = nextDialog(page);
      await page.keyboard.press('Escape');
      expect(await cancelled).toBe('결제에 실패했습니다: 결제를 취소했습니다.');
      await page.waitForURL(/\/payment\/fail\?/);
      await waitForText(page.getByTestId('fail-code'), '오류 코드: PAYMENT_CANCELLED');
      // A cancel is not a card problem: its own heading and causes, and nothing was paid.
      await page.getByRole('heading', { name: '결제를 취소했습니다', level: 1 }).waitFor();
      const causes = await page.getByTestId('fail-causes').innerText();
      expect(causes).toContain('결제 창에서 취소를 누르셨습니다.');
      expect(causes).not.toContain('카드 한도 초과');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'checkout-cancelled');
      expect((await cartOf(shopper)).map((line) => [line.cino, line.c_cnt])).toEqual([[cart[0].cino, 3]]);

      // 주문 내역: both orders cancelled at once, each with what happened, none waiting for payment.
      await page.getByRole('link', { name: '주문 내역' }).click();
      await page.waitForURL(`${baseUrl()}/mypage/order`);
      const cards = page.getByTestId('order-card');
      await poll(
        () => cards.allInnerTexts(),
        (texts) => texts.length === 2 && texts.every((text) => text.includes('취소')),
      );
      const texts = await cards.allInnerTexts();
      expect(texts[0]).toContain('결제를 취소하셔서 주문이 취소되었습니다.');
      expect(texts[1]).toContain('결제가 승인되지 않아 주문이 취소되었습니다.');
      expect(texts.join()).not.toContain('결제 대기');
      expect(texts.join()).not.toContain('결제 시간이 지나');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'checkout-cancelled-orders');
      // A cancelled order asks for no payment (none can exist): no 404 on its page.
      const paymentCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/payments/order/')) paymentCalls.push(request.url());
      });
      await cards.first().click();
      await page.getByTestId('order-cancel-reason').waitFor();
      await waitForText(page.getByTestId('order-cancel-reason'), '결제를 취소하셔서 주문이 취소되었습니다.');
      expect(paymentCalls).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
