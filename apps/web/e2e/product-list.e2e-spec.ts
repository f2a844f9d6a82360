import {
  ROOT_CATEGORY,
  type CategoryDto,
  type PageResult,
  type ProductDetailDto,
  type ProductSummaryDto,
} from '@mkt/contracts';
import { discountedPrice } from '@mkt/pricing';
import type { Page } from 'playwright-core';
import {
  encodeProductId,
  expectAccessible,
  expectPhoneLayout,
  getJson,
  hangulWords,
  poll,
  screenshot,
  TEST_TIMEOUT_MS,
  toChoseong,
  useBrowser,
} from './support';

/** The product list (/product/list) in Chromium, checked against the API it calls. */

type ListQuery = Record<string, string | number>;
/** A page of the list as the API answered it, and the query that asked for it. */
type ProductPage = PageResult<ProductSummaryDto> & { query: ListQuery };

async function listApi(query: ListQuery): Promise<ProductPage> {
  const params = new URLSearchParams({ page: '1', size: '40', sortBy: 'p_salesVol', sort: 'desc' });
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return {
    ...(await getJson<PageResult<ProductSummaryDto>>(`/api/product/list?${params.toString()}`)),
    query,
  };
}

function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The pnos of the cards on screen, once the grid has them. */
async function cardPnos(page: Page): Promise<number[]> {
  await page.getByTestId('product-grid').waitFor();
  const cards = page.getByTestId('product-grid').getByTestId('product-card');
  return (await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-pno')))).map(Number);
}

/**
 * Waits until the cards on screen are exactly what the API answers for the page's query (the list
 * refetches after each navigation). Asked again each time: other test files add and delete products
 * meanwhile.
 */
async function expectCards(page: Page, expected: ProductPage): Promise<void> {
  const pnosOf = (list: PageResult<ProductSummaryDto>) => list.dtoList.map((product) => product.pno);
  const [shown, want] = await poll(
    async () => [await cardPnos(page), pnosOf(await listApi(expected.query))] as const,
    ([cards, api]) => cards.join() === api.join(),
  );
  expect(shown).toEqual(want);
}

async function expectTotal(page: Page, totalCount: number): Promise<void> {
  const text = `총 ${totalCount.toLocaleString('ko-KR')}개`;
  const shown = await poll(
    async () => (await page.getByTestId('total-count').innerText()).replace(/\s+/g, ' ').trim(),
    (value) => value === text,
  );
  expect(shown).toBe(text);
}

function picker(page: Page, label: '대분류' | '중분류' | '소분류') {
  return page.getByTestId('category-pickers').getByLabel(label, { exact: true });
}

async function currentPage(page: Page): Promise<string | null> {
  const current = page.getByTestId('list-pagination').locator('[aria-current="page"]');
  return (await current.count()) === 1 ? current.innerText() : null;
}

/** The URL changes before React commits the navigation's render: waits for the pressed button to follow. */
async function expectPressedSort(page: Page, label: string): Promise<void> {
  const pressed = page.getByTestId('sort-toggle').locator('button[aria-pressed="true"]');
  expect(
    await poll(
      () => pressed.innerText(),
      (text) => text === label,
    ),
  ).toBe(label);
}

/** A top category with a sub category with a leaf that has products, as the API sees it. */
async function findCategoryWithProducts(): Promise<{
  top: CategoryDto;
  middle: CategoryDto;
  leaf: CategoryDto;
}> {
  const tops = await getJson<CategoryDto[]>(`/api/categories/sub/${ROOT_CATEGORY}`);
  for (const top of tops) {
    const middles = await getJson<CategoryDto[]>(`/api/categories/sub/${top.ctno}`);
    for (const middle of middles) {
      const leaves = await getJson<CategoryDto[]>(`/api/categories/sub/${middle.ctno}`);
      for (const leaf of leaves) {
        if ((await listApi({ ctno: leaf.ctno, size: 1 })).totalCount > 0) return { top, middle, leaf };
      }
    }
  }
  throw new Error('no category with products in the demo store');
}

describe('product list (browser)', () => {
  const browser = useBrowser();

  it(
    'filters by category through the three pickers, as the API does',
    async () => {
      const { top, middle, leaf } = await findCategoryWithProducts();
      const [all, byTop, byMiddle, byLeaf] = await Promise.all([
        listApi({}),
        listApi({ ctno: top.ctno }),
        listApi({ ctno: middle.ctno }),
        listApi({ ctno: leaf.ctno }),
      ]);

      const page = await browser.open('/product/list');
      await expectTotal(page, all.totalCount);
      await expectCards(page, all);
      expect(await picker(page, '중분류').isDisabled()).toBe(true);
      await expectAccessible(page);

      await picker(page, '대분류').selectOption(String(top.ctno));
      await page.waitForURL((url) => url.searchParams.get('c1') === String(top.ctno));
      expect(searchParams(page).get('ctno')).toBe(String(top.ctno));
      expect(searchParams(page).get('depth')).toBe('1');
      await expectTotal(page, byTop.totalCount);
      await expectCards(page, byTop);
      await page.getByRole('heading', { level: 1, name: top.cateName }).waitFor();

      await picker(page, '중분류').selectOption(String(middle.ctno));
      await page.waitForURL((url) => url.searchParams.get('c2') === String(middle.ctno));
      expect(searchParams(page).get('ctno')).toBe(String(middle.ctno));
      await expectTotal(page, byMiddle.totalCount);
      await expectCards(page, byMiddle);

      await picker(page, '소분류').selectOption(String(leaf.ctno));
      await page.waitForURL((url) => url.searchParams.get('c3') === String(leaf.ctno));
      expect(searchParams(page).get('ctno')).toBe(String(leaf.ctno));
      expect(searchParams(page).get('depth')).toBe('3');
      await expectTotal(page, byLeaf.totalCount);
      await expectCards(page, byLeaf);
      await page.getByRole('heading', { level: 1, name: leaf.cateName }).waitFor();
      await expectAccessible(page);

      // The first card really is in the leaf category.
      const first = await getJson<ProductDetailDto>(`/api/product/${encodeProductId(byLeaf.dtoList[0].pno)}`);
      expect(first.category.map((category) => category.ctno)).toContain(leaf.ctno);

      // A new top category clears the lower pickers and goes back to page 1.
      await picker(page, '대분류').selectOption('');
      await page.waitForURL((url) => !url.searchParams.has('ctno'));
      expect(searchParams(page).has('c2')).toBe(false);
      await expectTotal(page, all.totalCount);
      expect(await picker(page, '소분류').inputValue()).toBe('');
      expect(await picker(page, '중분류').isDisabled()).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'steps through a picker with the keyboard and filters only on Enter',
    async () => {
      const tops = await getJson<CategoryDto[]>(`/api/categories/sub/${ROOT_CATEGORY}`);
      expect(tops.length).toBeGreaterThan(1);
      const page = await browser.open('/product/list');
      await page.getByTestId('product-grid').waitFor();
      const top = picker(page, '대분류');
      await top.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await top.inputValue()).toBe(String(tops[1].ctno));
      await page.waitForTimeout(300);
      expect(searchParams(page).has('ctno')).toBe(false);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('ctno') === String(tops[1].ctno));
      await page.getByRole('heading', { level: 1, name: tops[1].cateName }).waitFor();
      await page.getByTestId('product-grid').waitFor();
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'opens a home category tile with its category chain worked out',
    async () => {
      const { top, middle, leaf } = await findCategoryWithProducts();
      const byLeaf = await listApi({ ctno: leaf.ctno });
      const page = await browser.open(`/product/list?page=1&depth=3&ctno=${leaf.ctno}`);
      await expectTotal(page, byLeaf.totalCount);
      await expectCards(page, byLeaf);
      await page.getByRole('heading', { level: 1, name: leaf.cateName }).waitFor();
      await poll(
        () => picker(page, '소분류').inputValue(),
        (value) => value === String(leaf.ctno),
      );
      expect(await picker(page, '대분류').inputValue()).toBe(String(top.ctno));
      expect(await picker(page, '중분류').inputValue()).toBe(String(middle.ctno));
      expect(await picker(page, '소분류').inputValue()).toBe(String(leaf.ctno));
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'sorts by the price each card shows (after the discount), lowest or highest first, in the order the API gives',
    async () => {
      const cheapest = await listApi({ sortBy: 'p_price', sort: 'asc' });
      const page = await browser.open('/product/list');
      await page.getByTestId('product-grid').waitFor();
      await expectPressedSort(page, '인기순');

      await page.getByRole('button', { name: '낮은 가격순' }).click();
      await page.waitForURL((url) => url.searchParams.get('sortBy') === 'p_price');
      expect(searchParams(page).get('sort')).toBe('asc');
      await expectPressedSort(page, '낮은 가격순');
      await expectCards(page, cheapest);

      // The order is the price the cards show, after the discount (not the struck-through list price).
      const shownPrices = async () =>
        (await page.getByTestId('product-grid').getByTestId('product-price').allInnerTexts()).map((text) =>
          Number(text.replace(/\D/g, '')),
        );
      const cheapestShown = await shownPrices();
      expect(cheapestShown).toEqual([...cheapestShown].sort((a, b) => a - b));
      expect(cheapestShown).toEqual(
        cheapest.dtoList.map((product) => discountedPrice(product.p_price, product.p_salePer)),
      );

      await page.getByRole('button', { name: '높은 가격순' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'desc');
      const dearest = await listApi({ sortBy: 'p_price', sort: 'desc' });
      await expectCards(page, dearest);
      const dearestShown = await shownPrices();
      expect(dearestShown).toEqual([...dearestShown].sort((a, b) => b - a));
      expect(dearestShown[0]).toBeGreaterThanOrEqual(cheapestShown.at(-1)!);
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'pages through the list; back, forward and reload restore the state from the URL',
    async () => {
      const [popular1, newest1, newest2] = await Promise.all([
        listApi({}),
        listApi({ sortBy: 'pno' }),
        listApi({ sortBy: 'pno', page: 2 }),
      ]);
      expect(newest1.totalPage).toBeGreaterThan(1);

      const page = await browser.open('/product/list');
      await expectCards(page, popular1);
      expect(await currentPage(page)).toBe('1');

      await page.getByRole('button', { name: '신상품순' }).click();
      await page.waitForURL((url) => url.searchParams.get('sortBy') === 'pno');
      await expectCards(page, newest1);

      await page.getByTestId('list-pagination').getByRole('link', { name: '2 페이지' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await expectCards(page, newest2);
      const page1 = new Set(newest1.dtoList.map((product) => product.pno));
      expect(newest2.dtoList.some((product) => page1.has(product.pno))).toBe(false);
      expect(await currentPage(page)).toBe('2');
      expect(await page.getByRole('link', { name: '2 페이지' }).getAttribute('aria-current')).toBe('page');

      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('page') === '1');
      await expectCards(page, newest1);
      expect(await currentPage(page)).toBe('1');
      await expectPressedSort(page, '신상품순');

      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('sortBy'));
      await expectCards(page, popular1);
      await expectPressedSort(page, '인기순');

      await page.goForward();
      await page.goForward();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await expectCards(page, newest2);
      await expectPressedSort(page, '신상품순');

      await page.reload();
      await expectCards(page, newest2);
      expect(await currentPage(page)).toBe('2');
      await expectPressedSort(page, '신상품순');
      await screenshot(page, 'product-list-page-2');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'product-list-page-2');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'names the main-menu list in the banner; /product opens the list with its query',
    async () => {
      const [newest, newest2] = await Promise.all([
        listApi({ sortBy: 'pno' }),
        listApi({ sortBy: 'pno', page: 2 }),
      ]);
      const page = await browser.open('/');
      await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '신상품' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/product/list' && url.searchParams.get('sortBy') === 'pno',
      );
      await page.getByRole('heading', { level: 1, name: '신상품' }).waitFor();
      await expectPressedSort(page, '신상품순');
      await expectCards(page, newest);
      await expectAccessible(page);

      await page.goto(`${new URL(page.url()).origin}/product?sortBy=pno&page=2`);
      await page.waitForURL((url) => url.pathname === '/product/list');
      expect(searchParams(page).get('sortBy')).toBe('pno');
      expect(searchParams(page).get('page')).toBe('2');
      await expectCards(page, newest2);
      expect(await currentPage(page)).toBe('2');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'searches from the header: every result has the keyword in its name',
    async () => {
      const popular = await listApi({});
      const keyword = hangulWords(popular.dtoList[0].p_name).sort((a, b) => b.length - a.length)[0];
      expect(keyword).toBeTruthy();
      const found = await listApi({ keyword });
      expect(found.totalCount).toBeGreaterThan(0);

      const page = await browser.open('/');
      const searchBox = page.getByRole('searchbox', { name: '상품 검색' });
      await searchBox.fill(keyword);
      await searchBox.press('Enter');
      await page.waitForURL((url) => url.pathname === '/product/list');
      expect(searchParams(page).get('keyword')).toBe(keyword);
      expect(searchParams(page).get('searching')).toBe('true');
      await page.getByRole('heading', { level: 1, name: `"${keyword}" 검색 결과` }).waitFor();
      await expectTotal(page, found.totalCount);
      await expectCards(page, found);
      const names = await page
        .getByTestId('product-grid')
        .locator('.product-card__name')
        .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
      expect(names.length).toBe(found.dtoList.length);
      for (const name of names) expect(name).toContain(keyword);
      expect(await page.getByTestId('choseong-hint').count()).toBe(0);
      await expectAccessible(page);

      // Nothing found: the search's own empty message.
      await searchBox.fill('없는상품검색어');
      await searchBox.press('Enter');
      await page.getByTestId('list-empty').waitFor();
      expect(await page.getByTestId('list-empty').innerText()).toBe(
        '"없는상품검색어"에 대한 검색 결과가 없습니다.',
      );
      expect(await page.getByTestId('list-pagination').count()).toBe(0);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'product-list-search-empty');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'searches by initial consonants (초성) and finds the product they came from',
    async () => {
      const popular = await listApi({});
      const product = popular.dtoList[0];
      const [word] = hangulWords(product.p_name);
      expect(word).toBeTruthy();
      const keyword = toChoseong(word);
      expect(keyword).toMatch(/^[ㄱ-ㅎ]+$/);

      // The page of the results the product is on (the first one unless the server orders them otherwise).
      let resultPage = 1;
      let results = await listApi({ keyword });
      while (!results.dtoList.some((item) => item.pno === product.pno) && resultPage < results.totalPage) {
        resultPage += 1;
        results = await listApi({ keyword, page: resultPage });
      }
      expect(results.dtoList.map((item) => item.pno)).toContain(product.pno);

      const page = await browser.open('/');
      const searchBox = page.getByRole('searchbox', { name: '상품 검색' });
      await searchBox.fill(keyword);
      await searchBox.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('keyword') === keyword);
      await page.getByTestId('choseong-hint').waitFor();
      expect(await page.getByTestId('choseong-hint').innerText()).toBe('초성 검색 결과');
      if (resultPage > 1) {
        const url = new URL(page.url());
        url.searchParams.set('page', String(resultPage));
        await page.goto(url.toString());
      }
      await expectCards(page, results);
      expect(await cardPnos(page)).toContain(product.pno);
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );
});
