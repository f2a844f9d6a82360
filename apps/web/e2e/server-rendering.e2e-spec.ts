import type { CategoryDto, PageResult, ProductSummaryDto } from '@mkt/contracts';
import type { ConsoleMessage, Page } from 'playwright-core';
import { formatWon, discountedPrice } from '@mkt/pricing';
import { cartOf, openAsShopper, pickProducts, wishesOf, type Picks } from './shopping';
import {
  baseUrl,
  encodeProductId,
  expectAccessible,
  expectPhoneLayout,
  getJson,
  nextDialog,
  poll,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForHydration,
} from './support';

/**
 * Storefront pages the BFF renders on the server (issue 24): the browser hydrates them with no
 * mismatch and they work as the pages the browser renders itself.
 */

/** What the console says besides the app's own logs: errors and warnings (a hydration mismatch is one). */
function watchConsole(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') said.push(message.text());
  });
  return said;
}

describe('server-rendered storefront pages (browser)', () => {
  const browser = useBrowser();
  let picks: Picks;

  beforeAll(async () => {
    picks = await pickProducts();
  }, TEST_TIMEOUT_MS);

  it(
    'a product page arrives rendered, hydrates without a warning, and its options, cart and wish work',
    async () => {
      const { product, first, second } = picks.multi;
      const { page, login } = await openAsShopper(browser, 'ssr-product');
      const said = watchConsole(page);
      const detailCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith(`/api/product/${encodeProductId(product.pno)}`))
          detailCalls.push(request.url());
      });

      const response = await page.goto(`${baseUrl()}/product/${product.pno}`);
      const html = (await response?.text()) ?? '';
      expect(html).toContain(`<h1 id="product-name" class="purchase__name">${product.pName}</h1>`);
      expect(html).toContain(formatWon(discountedPrice(product.p_price, product.p_salePer)));
      await waitForHydration(page);
      expect(await page.title()).toBe(`${product.pName} | 딜마켓`);
      // The product came with the page (dehydrated queries), not from a second call.
      expect(detailCalls).toEqual([]);

      const select = page.getByTestId('option-select');
      await select.selectOption(String(first.odno));
      await select.selectOption(String(second.odno));
      expect(await page.getByTestId('option-card').count()).toBe(2);
      const asked = nextDialog(page, 'dismiss');
      await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
      expect(await asked).toBe('장바구니에 상품을 담았습니다. 장바구니로 이동하시겠습니까?');
      expect((await cartOf(login)).map((line) => line.odno).sort()).toEqual([first.odno, second.odno].sort());

      const wished = nextDialog(page);
      await page.getByRole('button', { name: '찜하기', exact: true }).click();
      expect(await wished).toBe('찜 목록에 등록되었습니다.');
      await poll(
        () => wishesOf(login),
        (wishes) => wishes.some((wish) => wish.pno === product.pno),
      );

      await expectAccessible(page);
      await expectPhoneLayout(page, 'ssr-product');
      expect(said).toEqual([]);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a category list arrives rendered, hydrates without a warning, and sorts',
    async () => {
      const [category] = await getJson<CategoryDto[]>('/api/categories/depth/2');
      const page = await browser.open('/');
      const said = watchConsole(page);
      const response = await page.goto(`${baseUrl()}/product/list?ctno=${category.ctno}&depth=2`);
      expect(await response?.text()).toContain('data-testid="product-grid"');
      await waitForHydration(page);
      expect(await page.title()).toBe(`${category.cateName} | 딜마켓`);

      const newest = await getJson<PageResult<ProductSummaryDto>>(
        `/api/product/list?ctno=${category.ctno}&page=1&size=40&sortBy=pno&sort=desc`,
      );
      await page.getByRole('button', { name: '신상품순' }).click();
      await page.waitForURL(/sortBy=pno/);
      await page
        .getByTestId('product-grid')
        .locator('li')
        .first()
        .getByText(newest.dtoList[0].pName, { exact: true })
        .waitFor();

      await expectAccessible(page);
      await expectPhoneLayout(page, 'ssr-list');
      expect(said).toEqual([]);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a deleted or unknown product is the not-found page, hydrated as rendered',
    async () => {
      const page = await browser.open('/');
      const said = watchConsole(page);
      const response = await page.goto(`${baseUrl()}/product/999999999`);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await page.getByTestId('product-not-found').waitFor();
      await page.getByRole('link', { name: '홈으로 가기' }).click();
      await page.getByTestId('hero-slider').waitFor();
      await expectAccessible(page);
      // The page's own 404, once: the browser did not ask the API again for what the server rendered.
      expect(said).toEqual([
        'Failed to load resource: the server responded with a status of 404 (Not Found)',
      ]);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
