import {
  SECRET_INQUIRY_TITLE,
  type InquiryDto,
  type OptionDetailDto,
  type PageResult,
  type ProductDetailDto,
  type ProductSummaryDto,
  type ReviewDto,
} from '@mkt/contracts';
import { formatWon, lineTotal } from '@mkt/pricing';
import type { Page } from 'playwright-core';
import {
  encodeProductId,
  expectAccessible,
  expectPhoneLayout,
  getJson,
  nextDialog,
  poll,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForText,
} from './support';

/** The product detail page (/product/{pno}) in Chromium, with products picked from the API. */

/** How many products the suite looks through for the shapes it needs. */
const SCAN_SIZE = 100;
/** An option at most this deep in stock lets the test press + up to the limit. */
const SMALL_STOCK = 8;

interface Candidates {
  single: ProductDetailDto;
  multi: ProductDetailDto;
  /** A product and one of its options with little stock (2 to SMALL_STOCK), if the store has one. */
  smallStock?: { product: ProductDetailDto; option: OptionDetailDto };
  /** A product with reviews and with both open and secret inquiries, if the store has one. */
  discussed?: ProductDetailDto;
}

async function findCandidates(): Promise<Candidates> {
  const list = await getJson<PageResult<ProductSummaryDto>>(
    `/api/product/list?page=1&size=${SCAN_SIZE}&sortBy=pno&sort=asc`,
  );
  const details = await Promise.all(
    list.dtoList.map((product) => getJson<ProductDetailDto>(`/api/product/${encodeProductId(product.pno)}`)),
  );
  const single = details.find(
    (product) => product.optionDetail.length === 1 && product.optionDetail[0].od_stock >= 3,
  );
  const multi = details.find(
    (product) =>
      product.optionDetail.length > 1 &&
      product.optionDetail.filter((option) => option.od_stock >= 2).length >= 2,
  );
  if (!single || !multi)
    throw new Error('the demo store has no single- and multi-option products to test with');
  let smallStock: Candidates['smallStock'];
  for (const product of details) {
    const option = product.optionDetail.find((o) => o.od_stock >= 2 && o.od_stock <= SMALL_STOCK);
    if (option) {
      smallStock = { product, option };
      break;
    }
  }
  let discussed: ProductDetailDto | undefined;
  for (const product of details) {
    const [count, inquiries] = await Promise.all([
      getJson<number>(`/api/review/cnt/${product.pno}`),
      getJson<PageResult<InquiryDto>>(`/api/qa/product/${product.pno}?page=1&size=10`),
    ]);
    const secrets = inquiries.dtoList.filter((inquiry) => inquiry.secret).length;
    if (count > 0 && secrets > 0 && secrets < inquiries.dtoList.length) {
      discussed = product;
      break;
    }
  }
  return { single, multi, smallStock, discussed };
}

function cards(page: Page) {
  return page.getByTestId('option-card');
}

function card(page: Page, option: OptionDetailDto) {
  return page.locator(`[data-testid="option-card"][data-odno="${option.odno}"]`);
}

async function quantityOf(page: Page, option: OptionDetailDto): Promise<number> {
  return Number((await card(page, option).getByTestId('option-quantity').innerText()).trim());
}

function priceOf(product: ProductDetailDto, option: OptionDetailDto, quantity: number): string {
  return formatWon(lineTotal(product.p_price, product.p_salePer, option.od_price, quantity));
}

async function expectLine(page: Page, product: ProductDetailDto, option: OptionDetailDto, quantity: number) {
  await waitForText(card(page, option).getByTestId('option-quantity'), String(quantity));
  expect((await card(page, option).getByTestId('option-line-price').innerText()).trim()).toBe(
    priceOf(product, option, quantity),
  );
}

async function expectTotal(page: Page, amount: number): Promise<void> {
  await waitForText(page.getByTestId('total-price'), formatWon(amount));
}

async function chooseOption(page: Page, option: OptionDetailDto): Promise<void> {
  await page.getByTestId('option-select').selectOption(String(option.odno));
}

describe('product detail (browser)', () => {
  const browser = useBrowser();
  let candidates: Candidates;

  beforeAll(async () => {
    candidates = await findCandidates();
  }, TEST_TIMEOUT_MS);

  it(
    'starts a single-option product with its option at quantity 1, between 1 and the stock',
    async () => {
      const product = candidates.single;
      const [option] = product.optionDetail;
      const page = await browser.open(`/product/${product.pno}`);
      await page.getByRole('heading', { level: 1, name: product.pName }).waitFor();
      expect(await page.title()).toContain(product.pName);

      expect(await cards(page).count()).toBe(1);
      await expectLine(page, product, option, 1);
      await expectTotal(page, lineTotal(product.p_price, product.p_salePer, option.od_price, 1));
      await expectAccessible(page);

      // Never below 1 on the detail page.
      const minus = card(page, option).getByRole('button', { name: '수량 줄이기' });
      const plus = card(page, option).getByRole('button', { name: '수량 늘리기' });
      expect(await minus.isDisabled()).toBe(true);
      await plus.click();
      await expectLine(page, product, option, 2);
      await expectTotal(page, lineTotal(product.p_price, product.p_salePer, option.od_price, 2));
      await minus.click();
      await expectLine(page, product, option, 1);
      expect(await minus.isDisabled()).toBe(true);
      await minus.click({ force: true });
      expect(await quantityOf(page, option)).toBe(1);

      // Choosing it again adds no second card.
      await chooseOption(page, option);
      await page.waitForTimeout(200);
      expect(await cards(page).count()).toBe(1);
      expect(pageErrorsOf()).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'starts a multi-option product empty; picking adds a card once; quantities and the total add up',
    async () => {
      const product = candidates.multi;
      const [first, second] = product.optionDetail.filter((option) => option.od_stock >= 2);
      const page = await browser.open(`/product/${product.pno}`);
      await page.getByRole('heading', { level: 1, name: product.pName }).waitFor();
      expect(await cards(page).count()).toBe(0);
      await expectTotal(page, 0);
      await expectAccessible(page);

      // Each option is listed with its surcharge and sold-out state.
      const labels = await page.getByTestId('option-select').locator('option').allInnerTexts();
      for (const option of product.optionDetail) {
        const label = labels.find((text) => text.startsWith(option.od_name));
        expect(label).toBeDefined();
        if (option.od_price > 0) expect(label).toContain(`+${formatWon(option.od_price)}`);
        if (option.od_stock === 0) expect(label).toContain('(품절)');
      }

      await chooseOption(page, first);
      await card(page, first).waitFor();
      await expectLine(page, product, first, 1);
      await chooseOption(page, first);
      await page.waitForTimeout(200);
      expect(await cards(page).count()).toBe(1);

      await chooseOption(page, second);
      await card(page, second).waitFor();
      expect(await cards(page).count()).toBe(2);

      await card(page, first).getByRole('button', { name: '수량 늘리기' }).click();
      await expectLine(page, product, first, 2);
      await expectLine(page, product, second, 1);
      const both =
        lineTotal(product.p_price, product.p_salePer, first.od_price, 2) +
        lineTotal(product.p_price, product.p_salePer, second.od_price, 1);
      await expectTotal(page, both);
      await expectAccessible(page);

      await card(page, second)
        .getByRole('button', { name: `${second.od_name} 삭제` })
        .click();
      await card(page, second).waitFor({ state: 'detached' });
      await expectTotal(page, lineTotal(product.p_price, product.p_salePer, first.od_price, 2));
      await screenshot(page, 'product-detail-options');
      await expectPhoneLayout(page, 'product-detail-options');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'adds an option chosen with the keyboard only on Enter, not for each option passed',
    async () => {
      const product = candidates.multi;
      const target = product.optionDetail[1];
      const page = await browser.open(`/product/${product.pno}`);
      await page.getByRole('heading', { level: 1, name: product.pName }).waitFor();
      const select = page.getByTestId('option-select');
      await select.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(200);
      expect(await cards(page).count()).toBe(0);
      await page.keyboard.press('Enter');
      await card(page, target).waitFor();
      expect(await cards(page).count()).toBe(1);
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'stops + at the option stock and says it is the maximum',
    async () => {
      const product = candidates.smallStock?.product ?? candidates.multi;
      const option =
        candidates.smallStock?.option ?? product.optionDetail.find((candidate) => candidate.od_stock >= 2)!;
      const limit = candidates.smallStock ? option.od_stock : 3;
      const page = await browser.open(`/product/${product.pno}`);
      await page.getByRole('heading', { level: 1, name: product.pName }).waitFor();
      if ((await card(page, option).count()) === 0) await chooseOption(page, option);
      const plus = card(page, option).getByRole('button', { name: '수량 늘리기' });
      for (let quantity = 2; quantity <= limit; quantity++) {
        await plus.click();
        await expectLine(page, product, option, quantity);
      }
      if (candidates.smallStock) {
        expect(await plus.isDisabled()).toBe(true);
        await waitForText(card(page, option).getByRole('status'), '최대 구매 가능 수량입니다.');
        await expectAccessible(page);
        await plus.click({ force: true });
        expect(await quantityOf(page, option)).toBe(option.od_stock);
      } else {
        // No option with little stock in the scanned products: + keeps counting.
        expect(await plus.isDisabled()).toBe(false);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'copies the page link with the share button and says so for 3 seconds',
    async () => {
      const product = candidates.single;
      const page = await browser.open(`/product/${product.pno}`, {
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      await page.getByRole('heading', { level: 1, name: product.pName }).waitFor();
      await page.getByRole('button', { name: '상품 링크 복사하기' }).click();
      const message = page.getByTestId('share-message');
      await waitForText(message, '링크가 복사되었습니다.');
      expect(await message.isVisible()).toBe(true);
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(page.url());
      const shownAt = Date.now();
      await expectAccessible(page);
      const after = await poll(
        async () => (await message.textContent())?.trim() ?? '',
        (text) => text === '',
        6_000,
      );
      expect(after).toBe('');
      // Gone after about 3 seconds, not at once.
      expect(Date.now() - shownAt).toBeGreaterThan(2_000);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'scrolls to the reviews from the sticky tabs and highlights the tab; lists reviews and inquiries',
    async () => {
      const product = candidates.discussed ?? candidates.multi;
      const [count, reviews, inquiries] = await Promise.all([
        getJson<number>(`/api/review/cnt/${product.pno}`),
        getJson<PageResult<ReviewDto>>(`/api/review/list/${product.pno}?page=1&size=10&sortBy=reviewLike`),
        getJson<PageResult<InquiryDto>>(`/api/qa/product/${product.pno}?page=1&size=10`),
      ]);
      const page = await browser.open(`/product/${product.pno}`);
      const tabs = page.getByTestId('detail-tabs');
      const reviewTab = tabs.getByRole('link', { name: `리뷰 (${count.toLocaleString('ko-KR')})` });
      await reviewTab.waitFor();

      await reviewTab.click();
      const top = await poll(
        () => page.getByTestId('review-section').evaluate((node) => node.getBoundingClientRect().top),
        (value) => value >= 0 && value <= 80,
      );
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThanOrEqual(80);
      await page.waitForTimeout(300);
      expect(await reviewTab.getAttribute('aria-current')).toBe('location');
      expect(await tabs.locator('[aria-current]').count()).toBe(1);

      const section = page.getByTestId('review-section');
      if (reviews.dtoList.length === 0) {
        await waitForText(section.getByTestId('reviews-empty'), '리뷰가 없습니다.');
      } else {
        await section.getByTestId('review').first().waitFor();
        expect(await section.getByTestId('review').count()).toBe(reviews.dtoList.length);
        await section.getByText(reviews.dtoList[0].title).first().waitFor();

        // The rating filter asks for that rating only.
        const rate = reviews.dtoList[0].rate;
        const rated = await getJson<PageResult<ReviewDto>>(
          `/api/review/list/rate/${product.pno}?rate=${rate}&page=1&size=10&sortBy=reviewLike`,
        );
        await section.getByRole('button', { name: `${rate}점`, exact: true }).click();
        const rates = await poll(
          () =>
            section
              .getByTestId('review')
              .locator('[data-rate]')
              .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-rate')))),
          (shown) => shown.length === rated.dtoList.length && shown.every((value) => value === rate),
        );
        expect(rates).toEqual(rated.dtoList.map(() => rate));
        await expectAccessible(page);
      }

      const inquirySection = page.getByTestId('inquiry-section');
      if (inquiries.dtoList.length === 0) {
        await waitForText(inquirySection.getByTestId('inquiries-empty'), '등록된 문의가 없습니다.');
      } else {
        await inquirySection.getByTestId('inquiry').first().waitFor();
        expect(await inquirySection.getByTestId('inquiry').count()).toBe(inquiries.dtoList.length);
        // An open inquiry unfolds its question (and answer); a secret one is not a button at all.
        const open = inquiries.dtoList.findIndex((inquiry) => !inquiry.secret);
        if (open >= 0) {
          const row = inquirySection.getByTestId('inquiry').nth(open);
          const toggle = row.getByRole('button');
          expect(await toggle.getAttribute('aria-expanded')).toBe('false');
          await toggle.click();
          expect(await toggle.getAttribute('aria-expanded')).toBe('true');
          const question = inquiries.dtoList[open].content.split('\n')[0];
          if (question) await row.getByText(question, { exact: false }).first().waitFor();
          await expectAccessible(page);
        }
        const secret = inquiries.dtoList.findIndex((inquiry) => inquiry.secret);
        if (secret >= 0) {
          const row = inquirySection.getByTestId('inquiry').nth(secret);
          expect(await row.getByRole('button').count()).toBe(0);
          await row.getByText(SECRET_INQUIRY_TITLE).waitFor();
        }
      }

      // Scrolling back up to the top section highlights its tab.
      await tabs.getByRole('link', { name: '상품정보' }).click();
      await poll(
        () => tabs.getByRole('link', { name: '상품정보' }).getAttribute('aria-current'),
        (value) => value === 'location',
      );
      expect(await tabs.getByRole('link', { name: '상품정보' }).getAttribute('aria-current')).toBe(
        'location',
      );
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it.each(['장바구니 담기', '찜하기', '문의하기'])(
    'asks a logged-out shopper to log in on %s and goes to the login page',
    async (button) => {
      const product = candidates.single;
      const page = await browser.open(`/product/${product.pno}`);
      await page.getByRole('heading', { level: 1, name: product.pName }).waitFor();
      const alertMessage = nextDialog(page);
      await page.getByRole('button', { name: button, exact: true }).click();
      expect(await alertMessage).toBe('로그인이 필요합니다.');
      await page.waitForURL((url) => url.pathname === '/member/login');
      await page.getByRole('heading', { name: '로그인', level: 1 }).waitFor();
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows a not-found state for an unknown product',
    async () => {
      const page = await browser.open('/product/2147483000');
      await page.getByTestId('product-not-found').waitFor();
      await page.getByRole('heading', { level: 1, name: '상품을 찾을 수 없습니다.' }).waitFor();
      expect(await page.getByRole('link', { name: '홈으로 가기' }).getAttribute('href')).toBe('/');
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );

  function pageErrorsOf(): string[] {
    return browser.pageErrors;
  }
});
