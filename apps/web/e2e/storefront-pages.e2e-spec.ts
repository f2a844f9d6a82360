import {
  JOIN_MESSAGES,
  type PageResult,
  type ProductDetailDto,
  type ProductSummaryDto,
} from '@mkt/contracts';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  dropDownLook,
  encodeProductId,
  expectAccessible,
  expectOneRowOfTabs,
  expectPhoneLayout,
  getJson,
  JOIN_PASSWORD,
  joinMember,
  memberLogin,
  nextDialog,
  PHONE_WIDTH,
  poll,
  screenshot,
  signIn,
  TEST_TIMEOUT_MS,
  useBrowser,
} from './support';

/**
 * Store pages where a shopper stumbled: a product page opened directly, the choice kept across the
 * login, the menus on a phone, my page's inquiries read a page at a time, the footer's pages, and
 * the join form's name rule.
 */

/** Each test waits for what it reads, not for every image of the page ('load'). */
const READY = { waitUntil: 'domcontentloaded' } as const;
const PHONE = {
  ...READY,
  viewport: { width: PHONE_WIDTH, height: 844 },
  contextOptions: { hasTouch: true, isMobile: true },
};

/** A product with two or more options in stock. */
async function multiOptionProduct(): Promise<ProductDetailDto> {
  const list = await getJson<PageResult<ProductSummaryDto>>(
    '/api/product/list?page=1&size=60&sortBy=pno&sort=asc',
  );
  for (const summary of list.dtoList) {
    const product = await getJson<ProductDetailDto>(`/api/product/${encodeProductId(summary.pno)}`);
    if (product.optionDetail.filter((option) => option.od_stock >= 3).length >= 2) return product;
  }
  throw new Error('the demo store has no product with two options in stock');
}

async function chosenCards(page: Page): Promise<{ name: string; quantity: string }[]> {
  const cards = page.getByTestId('option-card');
  const names = await cards.locator('.option-card__name').allInnerTexts();
  const quantities = await cards.getByTestId('option-quantity').allInnerTexts();
  return names.map((name, i) => ({ name, quantity: quantities[i] }));
}

describe('store pages (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'draws the option drop-down of a product page opened directly, and gives back the options chosen before the login',
    async () => {
      const product = await multiOptionProduct();
      const [first, second] = product.optionDetail.filter((option) => option.od_stock >= 3);
      const page = await browser.open(`/product/${product.pno}`, READY);
      const select = page.getByTestId('option-select');
      await select.waitFor();
      // Styled by its own style sheet though no list page was visited first.
      expect(await dropDownLook(page, '[data-testid="option-select"]')).toEqual({
        appearance: 'none',
        minHeight: '44px',
      });

      await select.selectOption(String(first.odno));
      await select.selectOption(String(second.odno));
      await page
        .getByRole('group', { name: `${first.od_name} 수량` })
        .getByRole('button', { name: '수량 늘리기' })
        .click();
      const chosen = await chosenCards(page);
      expect(chosen).toEqual([
        { name: first.od_name, quantity: '2' },
        { name: second.od_name, quantity: '1' },
      ]);

      // Logged out, 장바구니 담기 asks for the login; the login brings the visitor back to the same choice.
      const alert = nextDialog(page);
      await page.getByRole('button', { name: '장바구니 담기' }).click();
      expect(await alert).toBe('로그인이 필요합니다.');
      await page.waitForURL(`${baseUrl()}/member/login`);
      const email = await joinMember('choice');
      await page.getByRole('textbox', { name: '이메일' }).fill(email);
      await page.getByLabel('비밀번호', { exact: true }).fill(JOIN_PASSWORD);
      const welcome = nextDialog(page);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      await welcome;
      await page.waitForURL(`${baseUrl()}/product/${product.pno}`);
      await page.getByTestId('option-card').first().waitFor();
      expect(await chosenCards(page)).toEqual(chosen);

      // Restored once: opened again later, the page starts afresh.
      await page.reload();
      await select.waitFor();
      expect(await page.getByTestId('option-card').count()).toBe(0);
      await expectPhoneLayout(page, 'product-detail-direct');

      // A phone opening the shared link gets the same drop-down.
      const phone = await browser.open(`/product/${product.pno}`, PHONE);
      await phone.getByTestId('option-select').waitFor();
      expect(await dropDownLook(phone, '[data-testid="option-select"]')).toEqual({
        appearance: 'none',
        minHeight: '44px',
      });
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );

  it(
    "on a phone, a tap on a top category opens its sub-categories, with 전체보기 leading to the top category's list",
    async () => {
      const page = await browser.open('/', PHONE);
      await page.getByRole('button', { name: '카테고리' }).click();
      const tops = page.getByRole('list', { name: '전체 카테고리' });
      const top = tops.getByRole('button').first();
      const topName = (await top.innerText()).trim();
      await top.tap();
      expect(await top.getAttribute('aria-expanded')).toBe('true');
      const subs = page.getByTestId('category-subpanel');
      await subs.waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await expectAccessible(page);
      await screenshot(page, 'category-menu-phone-390');

      await subs.getByRole('link', { name: `${topName} 전체보기` }).tap();
      await page.waitForURL((url) => url.pathname === '/product/list');
      await page.getByTestId('list-banner').waitFor();
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "reads my page's inquiries a page at a time, and on a phone keeps the menu to one row above the section",
    async () => {
      // The demo shopper has asked hundreds of questions.
      const login = await memberLogin('user@dealmarket.kr', 'user1234!');
      const page = await browser.open('/', PHONE);
      await signIn(page, login);
      const calls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/qa/')) calls.push(`${url.pathname}${url.search}`);
      });
      await page.goto(`${baseUrl()}/mypage/qa?page=2`);
      const title = page.getByRole('heading', { name: '상품 문의', level: 1 });
      await title.waitFor();
      await poll(
        () => page.getByTestId('my-inquiry').count(),
        (count) => count === 10,
      );
      expect(calls).toEqual(['/api/qa/my?page=2&size=10']);
      const expected = await (
        await fetch(`${baseUrl()}/api/qa/my?page=2&size=10`, {
          headers: { Authorization: `Bearer ${login.accessToken}` },
        })
      ).json();
      const firstTitle = (expected as PageResult<{ title: string }>).dtoList[0].title;
      await page.getByTestId('my-inquiry').first().filter({ hasText: firstTitle }).waitFor();

      // The member summary and the menu take one band and one row: the section starts on the first screen.
      const menu = page.getByRole('navigation', { name: '마이페이지 메뉴' });
      await expectOneRowOfTabs(menu);
      expect((await title.boundingBox())!.y).toBeLessThan(844 / 2);
      await expectPhoneLayout(page, 'mypage-qa');

      await page
        .getByRole('navigation', { name: '내 상품 문의 페이지' })
        .getByRole('button', { name: '3 페이지' })
        .click();
      await page.waitForURL((url) => url.searchParams.get('page') === '3');
      await poll(
        () => Promise.resolve(calls.at(-1)),
        (last) => last === '/api/qa/my?page=3&size=10',
      );
      expect(calls.some((call) => call.startsWith('/api/qa/list/my/'))).toBe(false);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );

  it(
    'leads from the footer to the terms, the privacy policy and the 1:1 inquiry page, each with its content',
    async () => {
      const page = await browser.open('/board/notice', READY);
      const footer = page.locator('footer');
      await footer.getByRole('link', { name: '이용약관' }).click();
      await page.getByRole('heading', { name: '이용약관', level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
      await page.getByRole('heading', { name: '제6조 (청약철회와 환불)' }).waitFor();
      await expectAccessible(page);

      await footer.getByRole('link', { name: '개인정보처리방침' }).click();
      await page.getByRole('heading', { name: '개인정보처리방침', level: 1 }).waitFor();
      await page.getByRole('heading', { name: '9. 개인정보 보호책임자' }).waitFor();
      await expectAccessible(page);

      await footer.getByRole('link', { name: '1:1 문의' }).click();
      await page.getByRole('heading', { name: '1:1 문의', level: 1 }).waitFor();
      const mail = page.getByRole('link', { name: '이메일로 문의하기' });
      expect(await mail.getAttribute('href')).toMatch(/^mailto:help@dealmarket\.example\?subject=/);
      expect(await page.getByRole('link', { name: '내 상품 문의 보기' }).getAttribute('href')).toBe(
        '/mypage/qa',
      );
      await expectAccessible(page);
      await expectPhoneLayout(page, 'board-contact');

      // The channels that are not pages are plain text, not buttons or links.
      for (const label of ['채팅 상담', '대량주문 문의'])
        expect(await footer.getByRole('heading', { name: label }).count()).toBe(1);
      expect(await footer.getByRole('link', { name: '채팅 상담' }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses a name of lone jamo at sign-up, in the form as the server does',
    async () => {
      const page = await browser.open('/member/join', READY);
      const name = page.locator('#join-name');
      await name.fill('ㄱ');
      await name.blur();
      await page.getByText(JOIN_MESSAGES.nameLoneJamo).waitFor();
      await name.fill('김민수');
      await name.blur();
      expect(await page.getByText(JOIN_MESSAGES.nameLoneJamo).count()).toBe(0);
      await expectAccessible(page);
    },
    TEST_TIMEOUT_MS,
  );
});
