import { discountedPrice, formatWon, lineTotal } from '@mkt/pricing';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  expectAccessible,
  expectPhoneLayout,
  nextDialog,
  PHONE_WIDTH,
  poll,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForHydration,
  waitForText,
} from './support';
import {
  cartQuantities,
  focusedName,
  focusInside,
  openAsShopper,
  openPath,
  pickProducts,
  wish,
  wishesOf,
  viewportScreenshot,
  type Picks,
} from './shopping';

/** The product page's 찜하기 and /mypage/wishlist in Chromium, against the running server, each test with its own member. */

const PHONE = { width: PHONE_WIDTH, height: 844 };

function wishItem(page: Page, pno: number) {
  return page.locator(`[data-testid="wish-item"][data-pno="${pno}"]`);
}

async function openWishlist(page: Page): Promise<void> {
  await openPath(page, '/mypage/wishlist');
  await page.getByRole('heading', { level: 1, name: '찜한 상품' }).waitFor();
}

async function wishButtonPressed(page: Page): Promise<string | null> {
  return page.getByTestId('wish-button').getAttribute('aria-pressed');
}

describe('wish list (browser)', () => {
  const browser = useBrowser();
  let picks: Picks;

  beforeAll(async () => {
    picks = await pickProducts();
  }, TEST_TIMEOUT_MS);

  it(
    'logged out: the header wish icon asks to log in; the wish-list page goes to the site root',
    async () => {
      const page = await browser.open('/');
      const alerted = nextDialog(page);
      await page.getByRole('button', { name: '찜한 상품' }).click();
      expect(await alerted).toBe('로그인이 필요합니다.');
      await page.waitForURL(`${baseUrl()}/member/login`);
      await openPath(page, '/mypage/wishlist');
      await page.waitForURL(`${baseUrl()}/`);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'product page: 찜하기 turns the wish on and off, and the page shows the saved state after a reload',
    async () => {
      const { product } = picks.single;
      const { page, login } = await openAsShopper(browser, 'wish-toggle');
      await openPath(page, `/product/${product.pno}`);
      await page.getByRole('heading', { level: 1, name: product.pName }).waitFor();
      expect(await wishButtonPressed(page)).toBe('false');

      const added = nextDialog(page);
      await page.getByRole('button', { name: '찜하기', exact: true }).click();
      expect(await added).toBe('찜 목록에 등록되었습니다.');
      await poll(
        () => wishButtonPressed(page),
        (value) => value === 'true',
      );
      expect(await wishButtonPressed(page)).toBe('true');
      expect((await wishesOf(login)).map((item) => item.pno)).toEqual([product.pno]);
      await expectAccessible(page);

      await page.reload();
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: product.pName }).waitFor();
      await poll(
        () => wishButtonPressed(page),
        (value) => value === 'true',
      );
      expect(await wishButtonPressed(page)).toBe('true');

      // With the keyboard this time.
      await page.getByRole('button', { name: '찜하기', exact: true }).focus();
      const removed = nextDialog(page);
      await page.keyboard.press('Enter');
      expect(await removed).toBe('찜이 취소되었습니다.');
      await poll(
        () => wishButtonPressed(page),
        (value) => value === 'false',
      );
      expect(await wishButtonPressed(page)).toBe('false');
      expect(await wishesOf(login)).toEqual([]);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'an empty wish list says so',
    async () => {
      const { page } = await openAsShopper(browser, 'wish-empty');
      await openWishlist(page);
      await waitForText(page.getByTestId('wish-empty').getByRole('status'), '찜한 상품이 없습니다.');
      expect((await page.getByTestId('wish-count').innerText()).trim()).toBe('전체 0개');
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the page lists the wishes newest first with their prices; an item opens its product; 삭제 asks in a modal',
    async () => {
      const products = [picks.single.product, picks.multi.product, picks.others[0].product];
      const { page, login } = await openAsShopper(browser, 'wish-page', { viewport: PHONE });
      for (const product of products) await wish(login, product.pno);
      await openWishlist(page);
      await page.getByTestId('wish-item').first().waitFor();

      expect((await page.getByTestId('wish-count').innerText()).trim()).toBe('전체 3개');
      const shown = await page
        .getByTestId('wish-item')
        .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-pno'))));
      expect(shown).toEqual(products.map((product) => product.pno).reverse());
      for (const product of products) {
        const item = wishItem(page, product.pno);
        await item.getByText(product.pName).waitFor();
        expect((await item.getByTestId('product-original-price').innerText()).trim()).toBe(
          formatWon(product.p_price),
        );
        expect((await item.getByTestId('product-sale-per').innerText()).trim()).toBe(`${product.p_salePer}%`);
        expect((await item.getByTestId('product-price').innerText()).trim()).toBe(
          formatWon(discountedPrice(product.p_price, product.p_salePer)),
        );
      }
      await expectPhoneLayout(page, 'wishlist');

      // 삭제: 취소 focused first; Escape keeps the wish and gives focus back to the button.
      const [newest] = [...products].reverse();
      const remove = wishItem(page, newest.pno).getByRole('button', { name: `${newest.pName} 삭제` });
      await remove.click();
      const dialog = page.getByRole('alertdialog', { name: '찜 삭제' });
      await dialog.getByText('이 상품을 찜 목록에서 삭제하시겠습니까?').waitFor();
      expect(await focusedName(page)).toBe('취소');
      await expectAccessible(page);
      await viewportScreenshot(page, 'wishlist-delete-dialog-390');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await focusedName(page)).toBe(`${newest.pName} 삭제`);
      expect((await wishesOf(login)).length).toBe(3);

      await remove.click();
      await dialog.getByRole('button', { name: '삭제' }).click();
      await wishItem(page, newest.pno).waitFor({ state: 'detached' });
      await waitForText(page.getByTestId('wish-count'), '전체 2개');
      expect((await wishesOf(login)).map((item) => item.pno)).toEqual(
        products
          .slice(0, 2)
          .map((product) => product.pno)
          .reverse(),
      );

      // A click on an item opens its product.
      const oldest = products[0];
      await wishItem(page, oldest.pno).getByText(oldest.pName).click();
      await page.waitForURL(`${baseUrl()}/product/${oldest.pno}`);
      await page.getByRole('heading', { level: 1, name: oldest.pName }).waitFor();
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the add-to-cart modal: options from 0 (or 1 alone), the spec alert, Escape, focus kept inside, page scroll locked; adding fills the badge',
    async () => {
      const { product, first, second } = picks.multi;
      const single = picks.single;
      const { page, login } = await openAsShopper(browser, 'wish-modal');
      await wish(login, single.product.pno);
      await wish(login, product.pno);
      await openWishlist(page);
      await wishItem(page, product.pno).waitFor();

      // Scroll somewhere below the top, so a locked page can be told from one at its top.
      await page.evaluate('window.scrollTo(0, 200)');
      const opener = wishItem(page, product.pno).getByRole('button', {
        name: `${product.pName} 장바구니 담기`,
      });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: '장바구니 담기' });
      await dialog.getByTestId('modal-option').first().waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      expect(await dialog.getByTestId('modal-option').count()).toBe(product.optionDetail.length);
      const quantities = await dialog.getByTestId('modal-option-quantity').allInnerTexts();
      expect(quantities.map((text) => text.trim())).toEqual(product.optionDetail.map(() => '0'));
      await waitForText(dialog.getByTestId('modal-total'), formatWon(0));
      await expectAccessible(page);
      await viewportScreenshot(page, 'wishlist-cart-modal-1280');

      // The page behind does not scroll.
      expect(await page.evaluate<string>('getComputedStyle(document.body).overflow')).toBe('hidden');
      const scrollBefore = await page.evaluate<number>('window.scrollY');
      expect(scrollBefore).toBeGreaterThan(0);
      await page.mouse.move(10, 10);
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(300);
      expect(await page.evaluate<number>('window.scrollY')).toBe(scrollBefore);

      // Tab and Shift+Tab go round inside the dialog.
      for (let i = 0; i < product.optionDetail.length * 2 + 6; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(page, '[role="dialog"]')).toBe(true);
      }
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(page, '[role="dialog"]')).toBe(true);
      }

      // Nothing chosen: the spec's alert.
      const none = nextDialog(page);
      await dialog.getByRole('button', { name: '장바구니 담기' }).click();
      expect(await none).toBe('옵션을 하나 이상 선택해 주세요.');

      // Escape closes it, the page scrolls again, focus is back on the opener.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await focusedName(page)).toBe(`${product.pName} 장바구니 담기`);
      expect(await page.evaluate<string>('getComputedStyle(document.body).overflow')).not.toBe('hidden');

      // A one-option product starts at 1; × closes.
      await wishItem(page, single.product.pno)
        .getByRole('button', { name: `${single.product.pName} 장바구니 담기` })
        .click();
      await dialog.getByTestId('modal-option').first().waitFor();
      await waitForText(dialog.getByTestId('modal-option-quantity'), '1');
      await waitForText(
        dialog.getByTestId('modal-total'),
        formatWon(lineTotal(single.product.p_price, single.product.p_salePer, single.option.od_price, 1)),
      );
      await dialog.getByRole('button', { name: '닫기' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Two options of the other product: the total adds surcharges; − stops at 0.
      await opener.click();
      const row = (odno: number) => dialog.locator(`[data-testid="modal-option"][data-odno="${odno}"]`);
      await row(first.odno).waitFor();
      await row(first.odno).getByRole('button', { name: '수량 늘리기' }).click();
      await row(first.odno).getByRole('button', { name: '수량 늘리기' }).click();
      await row(second.odno).getByRole('button', { name: '수량 늘리기' }).click();
      expect(await row(second.odno).getByRole('button', { name: '수량 줄이기' }).isDisabled()).toBe(false);
      await row(second.odno).getByRole('button', { name: '수량 줄이기' }).click();
      expect(await row(second.odno).getByRole('button', { name: '수량 줄이기' }).isDisabled()).toBe(true);
      await row(second.odno).getByRole('button', { name: '수량 늘리기' }).click();
      await waitForText(
        dialog.getByTestId('modal-total'),
        formatWon(
          lineTotal(product.p_price, product.p_salePer, first.od_price, 2) +
            lineTotal(product.p_price, product.p_salePer, second.od_price, 1),
        ),
      );

      // 장바구니 담기: both options saved, the modal closed, the badge says 2; 취소 stays here.
      const asked = nextDialog(page, 'dismiss');
      await dialog.getByRole('button', { name: '장바구니 담기' }).click();
      expect(await asked).toBe('장바구니에 상품을 담았습니다. 장바구니로 이동하시겠습니까?');
      await dialog.waitFor({ state: 'detached' });
      await waitForText(page.getByTestId('cart-count'), '2');
      expect(new URL(page.url()).pathname).toBe('/mypage/wishlist');
      expect(await cartQuantities(login)).toEqual(
        [
          [first.odno, 2],
          [second.odno, 1],
        ].sort(([a], [b]) => a - b),
      );
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
