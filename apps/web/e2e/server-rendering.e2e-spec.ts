import type { CategoryDto, FaqDto, NoticeDto, PageResult, ProductSummaryDto } from '@mkt/contracts';
import type { ConsoleMessage, Page } from 'playwright-core';
import { formatWon, discountedPrice } from '@mkt/pricing';
import { DEMO_ACCOUNTS } from '@mkt/testing';
import { cartOf, openAsShopper, pickProducts, wishesOf, type Picks } from './shopping';
import {
  baseUrl,
  encodeProductId,
  expectAccessible,
  expectPhoneLayout,
  getJson,
  nextDialog,
  poll,
  storeApi,
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

/** The calls to the API a page makes (their paths and queries). */
function watchApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

/** Documents the page loads: none after the first while it navigates inside the app. */
function watchDocumentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') loads.push(request.url());
  });
  return loads;
}

/** A server-rendered page opened by the browser: its HTML as it came, and what it says and asks. */
async function openRendered(page: Page, pathname: string) {
  const said = watchConsole(page);
  const apiCalls = watchApiCalls(page);
  const response = await page.goto(`${baseUrl()}${pathname}`);
  const html = (await response?.text()) ?? '';
  await waitForHydration(page);
  return { html, said, apiCalls };
}

describe('server-rendered storefront pages (browser)', () => {
  const browser = useBrowser();
  let picks: Picks;

  beforeAll(async () => {
    picks = await pickProducts();
  }, TEST_TIMEOUT_MS);

  it(
    'a product page is drawn styled from its HTML alone: no style sheet fetched, no script run',
    async () => {
      const { product } = picks.multi;
      const path = `/product/${product.pno}`;
      /** How a few parts of the page are drawn, and which style sheets the page fetched. */
      const drawn = async (scripts: boolean) => {
        const styleSheets: string[] = [];
        const page = await browser.open(path, {
          viewport: { width: 390, height: 844 },
          hydrate: scripts,
          beforeLoad: async (opening) => {
            opening.on('request', (request) => {
              if (request.resourceType() === 'stylesheet') styleSheets.push(request.url());
            });
            // The page's scripts come through this one (public/scripts-after-paint.js).
            if (!scripts) await opening.route('**/scripts-after-paint.js', (route) => route.abort());
          },
        });
        const looks = await page.evaluate<string[]>(
          `['.site-header', '.purchase', '.purchase__name', '.purchase__image', '.site-footer'].map((selector) => {
            const element = document.querySelector(selector);
            if (!element) return selector + ': missing';
            const style = getComputedStyle(element);
            return [selector, style.display, style.fontSize, style.backgroundColor, Math.round(element.getBoundingClientRect().width)].join(' ');
          })`,
        );
        return { page, styleSheets, looks };
      };

      const withoutScripts = await drawn(false);
      expect(withoutScripts.styleSheets).toEqual([]);
      await expectPhoneLayout(withoutScripts.page, 'ssr-product-no-script');
      // As the hydrated page is drawn.
      const hydrated = await drawn(true);
      expect(withoutScripts.looks).toEqual(hydrated.looks);
      expect(hydrated.styleSheets).toEqual([]);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

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
    'a category list arrives rendered, hydrates without a warning or a second read, and sorts',
    async () => {
      const [category] = await getJson<CategoryDto[]>('/api/categories/depth/2');
      const page = await browser.open('/');
      const { html, said, apiCalls } = await openRendered(
        page,
        `/product/list?ctno=${category.ctno}&depth=2`,
      );
      expect(html).toContain('data-testid="product-grid"');
      expect(await page.title()).toBe(`${category.cateName} | 딜마켓`);
      // Its products and the category lists of its pickers came with the page.
      expect(apiCalls.filter((call) => /^\/api\/(product\/list|categories\/)/.test(call))).toEqual([]);

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
    'a search list on its second page, by price, arrives rendered, hydrates without a second read, and pages back',
    async () => {
      const keyword = '김치';
      const query = `keyword=${encodeURIComponent(keyword)}&page=2&size=2&sortBy=p_price&sort=asc`;
      const [second, first] = await Promise.all([
        getJson<PageResult<ProductSummaryDto>>(`/api/product/list?${query}`),
        getJson<PageResult<ProductSummaryDto>>(`/api/product/list?${query.replace('page=2', 'page=1')}`),
      ]);
      const page = await browser.open('/');
      const { html, said, apiCalls } = await openRendered(page, `/product/list?${query}`);
      expect(html).toContain(second.dtoList[0].pName);
      expect(await page.title()).toBe(`"${keyword}" 검색 결과 | 딜마켓`);
      expect(apiCalls.filter((call) => call.startsWith('/api/product/list'))).toEqual([]);
      const grid = page.getByTestId('product-grid');
      await grid.locator('li').first().getByText(second.dtoList[0].pName, { exact: true }).waitFor();
      await expectAccessible(page);
      await expectPhoneLayout(page, 'ssr-search-page-2');

      // The first page, in the app: no new document.
      const documents = watchDocumentLoads(page);
      await page.getByTestId('list-pagination').getByRole('link', { name: '1 페이지' }).click();
      await page.waitForURL(/[?&]page=1(&|$)/);
      await grid.locator('li').first().getByText(first.dtoList[0].pName, { exact: true }).waitFor();
      expect(documents).toEqual([]);
      expect(said).toEqual([]);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the home arrives rendered with its rows, hydrates without a warning or a second read, and a product opens in the app',
    async () => {
      const best = await getJson<PageResult<ProductSummaryDto>>(
        '/api/product/list?page=1&size=15&sortBy=p_salesVol&sort=desc',
      );
      const page = await browser.open('/member/login');
      const { html, said, apiCalls } = await openRendered(page, '/');
      expect(html).toContain('id="mkt-server-state"');
      expect(html).toContain(best.dtoList[0].pName);
      expect(await page.title()).toBe('딜마켓 - 매일 새로운 특가');
      // Its rows and tiles came with the page: the browser asked for none of them.
      expect(apiCalls.filter((call) => /^\/api\/(product\/list|categories\/)/.test(call))).toEqual([]);
      // The ids useId gave on the server are the browser's: the menu button's aria-controls names its panel.
      const menuButton = page.getByRole('button', { name: '카테고리' });
      await menuButton.click();
      const panel = page.getByTestId('category-panel');
      await panel.waitFor();
      expect(await menuButton.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      // The rest of each row comes after hydration, as in a page the browser renders itself.
      const bestRow = page.getByRole('region', { name: '베스트 상품' });
      await bestRow
        .getByTestId('product-card')
        .nth(best.dtoList.length - 1)
        .waitFor();

      await expectAccessible(page);
      // Rows draw their cards once near the screen (content-visibility): the first one is, for the picture.
      await bestRow.scrollIntoViewIfNeeded();
      await expectPhoneLayout(page, 'ssr-home');

      const documents = watchDocumentLoads(page);
      const [first] = best.dtoList;
      await bestRow.getByTestId('product-card').first().click();
      await page.waitForURL(`${baseUrl()}/product/${first.pno}`);
      await page.getByRole('heading', { level: 1, name: first.pName }).waitFor();
      expect(documents).toEqual([]);
      expect(said).toEqual([]);
      expect(browser.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the notices, a notice and the FAQs arrive rendered, hydrate without a warning, and work in the app',
    async () => {
      const api = storeApi();
      const admin = await api.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      const notice = await api.call<NoticeDto>(admin, 'POST', '/api/notice/', {
        title: `서버 렌더링 공지 ${Date.now()}`,
        content: '새벽 배송 지역이 늘었습니다.',
        isPrivate: false,
      });
      const faq = await api.call<FaqDto>(admin, 'POST', '/api/faq/', {
        question: `포인트는 언제 적립되나요? ${Date.now()}`,
        answer: '구매 확정 다음 날 적립됩니다.',
        isPrivate: false,
      });

      const page = await browser.open('/member/login');
      const list = await openRendered(page, '/board/notice');
      expect(list.html).toContain(notice.title);
      expect(await page.title()).toBe('공지사항 | 딜마켓');
      expect(list.apiCalls.filter((call) => call.startsWith('/api/notice/'))).toEqual([]);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'ssr-notices');

      const documents = watchDocumentLoads(page);
      await page.getByRole('link', { name: notice.title }).click();
      await page.waitForURL(`${baseUrl()}/board/notice/detail/${notice.nno}`);
      await page.getByRole('heading', { level: 2, name: notice.title }).waitFor();
      await page.getByText(notice.content).waitFor();
      expect(documents).toEqual([]);
      expect(list.said).toEqual([]);

      // Opened directly, the notice is rendered on the server and hydrates as it is.
      const detail = await openRendered(page, `/board/notice/detail/${notice.nno}`);
      expect(detail.html).toContain(`<h2 class="board-article__title">${notice.title}</h2>`);
      expect(await page.title()).toBe(`${notice.title} | 공지사항 | 딜마켓`);
      expect(detail.apiCalls.filter((call) => call.startsWith('/api/notice/'))).toEqual([]);
      await expectAccessible(page);
      expect(detail.said).toEqual([]);

      const faqs = await openRendered(page, '/board/faq');
      expect(faqs.html).toContain(faq.question);
      expect(await page.title()).toBe('자주 묻는 질문 | 딜마켓');
      const question = page.getByRole('button', { name: faq.question });
      await question.click();
      expect(await question.getAttribute('aria-expanded')).toBe('true');
      await page.getByText(faq.answer).waitFor();
      await expectAccessible(page);
      expect(faqs.said).toEqual([]);

      // An unknown notice is the server's 404, hydrated as it is: the browser does not ask again.
      const unknown = await openRendered(page, '/board/notice/detail/999999999');
      await page.getByText('공지사항을 찾을 수 없습니다.').waitFor();
      expect(unknown.apiCalls.filter((call) => call.startsWith('/api/notice/'))).toEqual([]);
      expect(unknown.said).toEqual([
        'Failed to load resource: the server responded with a status of 404 (Not Found)',
      ]);
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
