import fs from 'node:fs';
import path from 'node:path';
import { ROOT_CATEGORY, type CategoryDto, type PageResult, type ProductSummaryDto } from '@mkt/contracts';
import { discountedPrice, formatWon } from '@mkt/pricing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../../../libs/testing/src/browser/chromium';

/**
 * The home page and the shared layout in a real Chromium against the running server
 * (`MKT_E2E_BASE_URL`, set by the browser global setup).
 */

const TEST_TIMEOUT_MS = 60_000;
const RESULTS_DIR = path.resolve(__dirname, '../../../test-results');

function baseUrl(): string {
  const base = process.env.MKT_E2E_BASE_URL;
  if (!base) {
    throw new Error('MKT_E2E_BASE_URL is not set: the browser global setup starts the server and sets it.');
  }
  return base.replace(/\/+$/, '');
}

async function getJson<T>(pathAndQuery: string): Promise<T> {
  const url = `${baseUrl()}${pathAndQuery}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Waits until the locator's whole text is `text`. */
async function waitForText(locator: Locator, text: string): Promise<void> {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await locator.filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) }).waitFor();
}

describe('home page (browser)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  }, TEST_TIMEOUT_MS);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function openPage(pathname: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ko-KR' });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Not 'load': the slider's 5 s timer starts when React mounts, so reach it early.
    await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'domcontentloaded' });
    return page;
  }

  it(
    'shows the header, the slider, the category menu and best sellers priced as the API says',
    async () => {
      pageErrors.length = 0;
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
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      // Best sellers: cards with won prices; the first one priced by the shared rounding rule.
      const bestRow = page.getByRole('region', { name: '베스트 상품' });
      const cards = bestRow.getByTestId('product-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(best.dtoList.length);
      const firstProduct = best.dtoList[0];
      const firstCard = cards.first();
      expect(await firstCard.getAttribute('href')).toBe(`/product/${firstProduct.pno}`);
      const shownPrice = (await firstCard.getByTestId('product-price').innerText()).trim();
      expect(shownPrice).toMatch(/^[\d,]+원$/);
      expect(shownPrice).toBe(formatWon(discountedPrice(firstProduct.p_price, firstProduct.p_salePer)));

      // Footer.
      expect((await page.getByTestId('cs-phone').innerText()).trim()).toBe('1644-0000');

      await page.mouse.move(0, 0);
      await page.waitForLoadState('networkidle');
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(RESULTS_DIR, 'home.png'), fullPage: true });
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'alerts a logged-out shopper who opens the cart and goes to the login page',
    async () => {
      const page = await openPage('/');
      const alertMessage = new Promise<string>((resolve) => {
        page.once('dialog', (dialog) => {
          resolve(dialog.message());
          void dialog.accept();
        });
      });
      await page.getByRole('button', { name: '장바구니', exact: true }).click();
      expect(await alertMessage).toBe('로그인이 필요합니다.');
      await page.waitForURL((url) => url.pathname === '/member/login');
      await page.getByRole('heading', { name: '로그인', level: 1 }).waitFor();
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
    },
    TEST_TIMEOUT_MS,
  );
});
