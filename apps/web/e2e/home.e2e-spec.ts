import {
  ROOT_CATEGORY,
  type CategoryDto,
  type CategoryWithAncestorsDto,
  type PageResult,
  type ProductSummaryDto,
} from '@mkt/contracts';
import { discountedPrice, formatWon } from '@mkt/pricing';
import { WEB_DIST } from '@mkt/testing/browser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  expectAccessible,
  expectPhoneLayout,
  getJson,
  nextDialog,
  type OpenOptions,
  poll,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForText,
} from './support';

/**
 * The home page and the shared layout in a real Chromium against the running server
 * (`MKT_E2E_BASE_URL`, set by the browser global setup).
 */

describe('home page (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  // Not 'load': the slider's 5 s timer starts when React mounts, so reach it early.
  /** The page's timers wait for the test's `page.clock.runFor`. */
  const pauseClock = async (page: Page) => {
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1_000);
  };
  const openPage = (pathname: string, options: OpenOptions = {}) =>
    browser.open(pathname, { waitUntil: 'domcontentloaded', ...options });

  it(
    'shows the header, the slider, the category menu and best sellers priced as the API says',
    async () => {
      const [tops, best] = await Promise.all([
        getJson<CategoryDto[]>(`/api/categories/sub/${ROOT_CATEGORY}`),
        getJson<PageResult<ProductSummaryDto>>(
          '/api/product/list?page=1&size=15&sortBy=p_salesVol&sort=desc',
        ),
      ]);
      expect(tops.length).toBeGreaterThan(0);
      expect(best.dtoList.length).toBeGreaterThan(0);

      const page = await openPage('/');

      // Slider: the pointer over it pauses auto-advance, so the counter only moves by the button.
      const slider = page.getByTestId('hero-slider');
      await slider.hover();
      const counter = page.getByTestId('slider-counter');
      await waitForText(counter, '1 / 3');
      expect(await page.locator('img[alt="Slide 1"]').count()).toBe(1);
      await page.getByRole('button', { name: '다음 슬라이드' }).click();
      await waitForText(counter, '2 / 3');

      // Header (logged out).
      expect(await page.getByRole('link', { name: '딜마켓 홈' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: '로그인', exact: true }).getAttribute('href')).toBe(
        '/member/login',
      );
      expect(await page.getByRole('link', { name: '회원가입', exact: true }).getAttribute('href')).toBe(
        '/member/join',
      );

      // Category menu: top categories from /api/categories/sub/1, children on hover.
      const [firstTop] = tops;
      const subs = await getJson<CategoryDto[]>(`/api/categories/sub/${firstTop.ctno}`);
      expect(subs.length).toBeGreaterThan(0);
      await page.getByRole('button', { name: '카테고리' }).click();
      const panel = page.getByTestId('category-panel');
      const topLink = panel.getByRole('link', { name: firstTop.cateName, exact: true });
      await topLink.waitFor();
      expect(await topLink.getAttribute('href')).toBe(
        `/product/list?depth=1&ctno=${firstTop.ctno}&c1=${firstTop.ctno}`,
      );
      await topLink.hover();
      const subLink = panel
        .getByTestId('category-subpanel')
        .getByRole('link', { name: subs[0].cateName, exact: true });
      await subLink.waitFor();
      expect(await subLink.getAttribute('href')).toBe(
        `/product/list?depth=2&ctno=${subs[0].ctno}&c1=${firstTop.ctno}&c2=${subs[0].ctno}`,
      );
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      // Best sellers: cards with won prices; the first one priced by the shared rounding rule.
      const bestRow = page.getByRole('region', { name: '베스트 상품' });
      const cards = bestRow.getByTestId('product-card');
      // The first cards come up first, the rest a moment later.
      await cards.nth(best.dtoList.length - 1).waitFor();
      expect(await cards.count()).toBe(best.dtoList.length);
      const firstProduct = best.dtoList[0];
      const firstCard = cards.first();
      expect(await firstCard.getAttribute('href')).toBe(`/product/${firstProduct.pno}`);
      // Rows are rendered only once near the screen (content-visibility): scrolled to, the price shows.
      await bestRow.scrollIntoViewIfNeeded();
      const price = firstCard.getByTestId('product-price');
      const shownPrice = (
        await poll(
          () => price.innerText(),
          (text) => text.trim() !== '',
        )
      ).trim();
      expect(shownPrice).toMatch(/^[\d,]+원$/);
      expect(shownPrice).toBe(formatWon(discountedPrice(firstProduct.p_price, firstProduct.p_salePer)));

      // Footer.
      expect((await page.getByTestId('cs-phone').innerText()).trim()).toBe('1644-0000');

      await page.mouse.move(0, 0);
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'home');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'home');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "served as the shell (its server rendering failed), starts the home's reads before its first render, and loads the other banners only shortly before the first advance",
    async () => {
      const page = await openPage('/', {
        beforeLoad: async (target) => {
          // The shell the BFF answers when rendering fails (apps/bff/src/web/storefront-pages.ts).
          const shell = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
          await target.route(
            (url) => url.pathname === '/',
            (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: shell }),
          );
          // Each fetch notes whether the app had rendered yet.
          await pauseClock(target);
          await target.addInitScript(`
            window.fetchCalls = [];
            const fetchOnce = window.fetch.bind(window);
            window.fetch = (input, init) => {
              const rendered = (document.getElementById('root')?.childElementCount ?? 0) > 0;
              window.fetchCalls.push({ url: String(input), rendered });
              return fetchOnce(input, init);
            };
          `);
        },
      });
      await page.getByTestId('hero-slider').waitFor();
      const calls = await page.evaluate<{ url: string; rendered: boolean }[]>('window.fetchCalls');
      const beforeRender = calls.filter((call) => !call.rendered).map((call) => call.url);
      expect(beforeRender.sort()).toEqual(
        [
          '/api/categories/random?count=12&depth=3',
          `/api/categories/sub/${ROOT_CATEGORY}`,
          '/api/product/list?page=1&size=15&sortBy=p_salesVol&sort=desc',
          '/api/product/list?page=1&size=15&sortBy=pno&sort=desc',
          '/api/product/list?page=1&size=15&sortBy=p_stock&sort=asc',
        ].sort(),
      );

      // Only the first banner at first; the others 1.5 s before the first advance (5 s).
      const banners = page.locator('.hero__image');
      expect(await banners.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(
        ['Slide 1'],
      );
      await page.clock.runFor(3_000);
      expect(await banners.count()).toBe(1);
      await page.clock.runFor(600);
      await page.locator('img[alt="Slide 3"]').waitFor({ state: 'attached' });
      expect(await banners.count()).toBe(3);
      expect((await page.getByTestId('slider-counter').innerText()).trim()).toBe('1 / 3');
      await page.clock.runFor(1_500);
      await waitForText(page.getByTestId('slider-counter'), '2 / 3');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'loads every banner at the first press of an arrow',
    async () => {
      const page = await openPage('/', { beforeLoad: pauseClock });
      const banners = page.locator('.hero__image');
      await banners.first().waitFor();
      expect(await banners.count()).toBe(1);
      await page.getByRole('button', { name: '이전 슬라이드' }).click();
      await waitForText(page.getByTestId('slider-counter'), '3 / 3');
      await poll(
        () =>
          page.evaluate<boolean>(
            `(({ complete, naturalWidth }) => complete && naturalWidth > 0)(document.querySelector('img[alt="Slide 3"]'))`,
          ),
        (loaded) => loaded,
      );
      expect(await banners.count()).toBe(3);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows 12 random depth-3 category tiles that open the list of their category',
    async () => {
      const page = await openPage('/');
      const tiles = page.getByTestId('category-tile');
      await tiles.first().waitFor();
      expect(await tiles.count()).toBe(12);
      const hrefs = await tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
      for (const href of hrefs) expect(href).toMatch(/^\/product\/list\?page=1&depth=3&ctno=\d+$/);
      await expectAccessible(page);

      // The same call answers with depth-3 categories, each with its parent and grandparent.
      const random = await getJson<CategoryWithAncestorsDto[]>('/api/categories/random?count=12&depth=3');
      expect(random).toHaveLength(12);
      expect(random.every((category) => category.depth === 3)).toBe(true);
      expect(random.every((category) => category.superCate?.superCate?.depth === 1)).toBe(true);

      const name = (await tiles.first().innerText()).split('\n').pop()?.trim() ?? '';
      await tiles.first().click();
      await page.waitForURL((url) => url.pathname === '/product/list');
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.locator('[data-testid="product-grid"], [data-testid="list-empty"]').first().waitFor();
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'lets every card of every row be reached, by the arrows and by the keyboard; the menu bar sticks once scrolled',
    async () => {
      const rows = [
        { name: '베스트 상품', query: 'sortBy=p_salesVol&sort=desc' },
        { name: '신상품', query: 'sortBy=pno&sort=desc' },
        { name: '품절임박', query: 'sortBy=p_stock&sort=asc' },
      ];
      const page = await openPage('/');
      for (const { name, query } of rows) {
        const { dtoList } = await getJson<PageResult<ProductSummaryDto>>(
          `/api/product/list?page=1&size=15&${query}`,
        );
        const row = page.getByRole('region', { name });
        const cards = row.getByTestId('product-card');
        await cards.nth(dtoList.length - 1).waitFor({ state: 'attached' });
        expect(await cards.count()).toBe(dtoList.length);
        await row.scrollIntoViewIfNeeded();

        // The next arrow moves the row on and wakes the previous one.
        const track = row.getByRole('list', { name });
        const previous = row.getByRole('button', { name: `${name} 이전 상품 보기` });
        expect(await previous.isDisabled()).toBe(true);
        await row.getByRole('button', { name: `${name} 다음 상품 보기` }).click();
        const scrolled = await poll(
          () => track.evaluate((node) => node.scrollLeft),
          (left) => left > 0,
        );
        expect(scrolled).toBeGreaterThan(0);
        await previous.waitFor({ state: 'visible' });
        expect(
          await poll(
            () => previous.isDisabled(),
            (disabled) => !disabled,
          ),
        ).toBe(false);

        // The keyboard reaches the last card, which scrolls into the row's view with its name and price.
        const lastCard = cards.last();
        await lastCard.focus();
        expect(await lastCard.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
        const inView = () =>
          Promise.all([track.boundingBox(), lastCard.boundingBox()]).then(
            ([trackBox, cardBox]) => cardBox!.x + cardBox!.width <= trackBox!.x + trackBox!.width + 1,
          );
        expect(await poll(inView, (visible) => visible)).toBe(true);
        expect(await lastCard.innerText()).toMatch(/[\d,]+원/);
      }

      const menuBar = page.locator('.header-nav');
      const stickyAt = async (scrollY: number) => {
        await page.evaluate(`window.scrollTo(0, ${scrollY})`);
        const expected = String(scrollY > 0);
        return poll(
          () => menuBar.getAttribute('data-sticky'),
          (sticky) => sticky === expected,
        );
      };
      expect(await stickyAt(0)).toBe('false');
      expect(await stickyAt(400)).toBe('true');
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'alerts a logged-out shopper who opens the cart and goes to the login page',
    async () => {
      const page = await openPage('/');
      const alertMessage = nextDialog(page);
      await page.getByRole('button', { name: '장바구니', exact: true }).click();
      expect(await alertMessage).toBe('로그인이 필요합니다.');
      await page.waitForURL((url) => url.pathname === '/member/login');
      await page.getByRole('heading', { name: '로그인', level: 1 }).waitFor();
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'searches by keyword with Enter',
    async () => {
      const page = await openPage('/');
      const searchBox = page.getByRole('searchbox', { name: '상품 검색' });

      // An empty keyword does nothing.
      await searchBox.press('Enter');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/');

      await searchBox.fill('사과');
      await searchBox.press('Enter');
      await page.waitForURL((url) => url.pathname === '/product/list');
      const url = new URL(page.url());
      expect(url.searchParams.get('keyword')).toBe('사과');
      expect(url.searchParams.get('searching')).toBe('true');
      await page.getByRole('heading', { level: 1, name: '"사과" 검색 결과' }).waitFor();
      await page.locator('[data-testid="product-grid"], [data-testid="list-empty"]').first().waitFor();
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );
});
