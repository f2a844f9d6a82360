import type { LoginResult, MemberDto } from '@mkt/contracts';
import { PAYMENT_PROVIDERS } from '@mkt/contracts';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  expectAccessible,
  expectPhoneLayout,
  JOIN_PASSWORD,
  joinMember,
  memberInfo,
  memberLogin,
  nextDialog,
  poll,
  screenshot,
  signIn,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForText,
} from './support';

/**
 * The my-page shell and the address screen in a real Chromium against the running server, each
 * test with a member joined for it. The postcode widget's script is always answered by the test
 * (refused, or a stand-in widget), so the result does not depend on the machine's internet access.
 */

const POSTCODE_SCRIPT = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';

/** A stand-in for the Daum widget: open() answers at once with one address, as a click in its window would. */
const FAKE_POSTCODE_WIDGET = `
window.daum = {
  Postcode: function (options) {
    this.open = function () {
      options.oncomplete({
        zonecode: '06236',
        roadAddress: '서울 강남구 테헤란로 152',
        jibunAddress: '서울 강남구 역삼동 737',
        autoRoadAddress: '',
        autoJibunAddress: '서울 강남구 역삼동 736',
        bname: '역삼동',
        buildingName: '강남파이낸스센터',
        apartment: 'N',
      });
    };
  },
};`;

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

async function storedMember(page: Page): Promise<LoginResult | null> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'member');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as LoginResult) : null;
}

/** Opens the site signed in as a freshly joined member. */
async function openAsNewMember(
  browser: ReturnType<typeof useBrowser>,
  fields: { m_name: string; def_addr: string },
  session: Partial<LoginResult> = {},
): Promise<{ page: Page; email: string }> {
  const email = await joinMember('mypage', fields);
  const page = await browser.open('/');
  await signIn(page, { ...(await memberLogin(email, JOIN_PASSWORD)), ...session });
  return { page, email };
}

async function activeMenuItem(page: Page): Promise<string> {
  return page
    .getByRole('navigation', { name: '마이페이지 메뉴' })
    .locator('[aria-current="page"]')
    .innerText();
}

function manualEntryNote(page: Page) {
  return page.getByRole('status').filter({ hasText: '우편번호 검색을 사용할 수 없어 직접 입력합니다.' });
}

async function focusedId(page: Page): Promise<string> {
  return (await page.evaluate('document.activeElement && document.activeElement.id')) as string;
}

describe('my page (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'logged out: every my-page address goes to the site root',
    async () => {
      const page = await browser.open('/mypage/addr');
      await page.waitForURL(`${baseUrl()}/`);
      await page.goto(`${baseUrl()}/mypage`);
      await page.waitForURL(`${baseUrl()}/`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shell: the index opens order; greeting, spend and grade; the menu highlights the open screen',
    async () => {
      const { page } = await openAsNewMember(browser, {
        m_name: '김마이',
        def_addr: '서울 중구 세종대로 110',
      });
      // Nothing can be bought yet: the member information is given a spend and a grade to show.
      await page.route('**/api/member/info/**', async (route) => {
        const response = await route.fetch();
        const info = (await response.json()) as MemberDto;
        await route.fulfill({ response, json: { ...info, totalPay: 1_234_567, membership: ['GOLD'] } });
      });

      await page.goto(`${baseUrl()}/mypage`);
      await page.waitForURL(`${baseUrl()}/mypage/order`);
      await page.getByRole('heading', { name: '주문 내역', level: 1 }).waitFor();
      expect(await page.getByTestId('mypage-greeting').innerText()).toBe('김마이님');
      await waitForText(page.getByTestId('mypage-total-pay'), '1,234,567원');
      expect(await page.getByTestId('mypage-grade').innerText()).toBe('골드');
      await page.getByRole('heading', { name: '쇼핑', level: 2 }).waitFor();
      await page.getByRole('heading', { name: '내 정보 관리', level: 2 }).waitFor();
      expect(await activeMenuItem(page)).toBe('주문 내역');
      await screenshot(page, 'mypage-order-1280');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'mypage-order');

      const menu = page.getByRole('navigation', { name: '마이페이지 메뉴' });
      for (const [label, path] of [
        ['찜한 상품', '/mypage/wishlist'],
        ['결제수단', '/mypage/payment-method'],
        ['환불 내역', '/mypage/refund'],
        ['상품 후기', '/mypage/review'],
        ['상품 문의', '/mypage/qa'],
        ['배송지 관리', '/mypage/addr'],
      ]) {
        await menu.getByRole('link', { name: label }).click();
        await page.waitForURL(`${baseUrl()}${path}`);
        await page.getByRole('heading', { name: label, level: 1 }).waitFor();
        expect(await activeMenuItem(page)).toBe(label);
        await expectAccessible(page);
        if (path === '/mypage/payment-method') {
          const methods = page.getByTestId('payment-methods').getByRole('listitem');
          expect(await methods.allInnerTexts()).toEqual(PAYMENT_PROVIDERS.map((provider) => provider.label));
          await expectPhoneLayout(page, 'mypage-payment-method');
        }
      }

      // 개인 정보 수정 opens the password re-check of the profile edit; so does the spec's info path.
      await menu.getByRole('link', { name: '개인 정보 수정' }).click();
      await page.waitForURL(`${baseUrl()}/member/check`);
      await page.getByRole('heading', { name: '비밀번호 확인' }).waitFor();
      await expectAccessible(page);
      await page.goto(`${baseUrl()}/mypage/info`);
      await page.waitForURL(`${baseUrl()}/member/check`);

      // The header's member name opens the order screen.
      await page.getByRole('link', { name: '김마이님' }).click();
      await page.waitForURL(`${baseUrl()}/mypage/order`);
      expect(await activeMenuItem(page)).toBe('주문 내역');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a menu click after the stored login is gone alerts to log in first and opens the login page',
    async () => {
      const { page } = await openAsNewMember(browser, {
        m_name: '김메뉴',
        def_addr: '서울 중구 세종대로 110',
      });
      await page.goto(`${baseUrl()}/mypage/wishlist`);
      await page.getByRole('heading', { name: '찜한 상품', level: 1 }).waitFor();
      await expectAccessible(page);

      const alerted = nextDialog(page);
      // Removed and clicked in one go, before the session check notices the cookie is gone.
      await page.evaluate(
        `document.cookie = 'member=; path=/; max-age=0'; document.querySelector('a[href="/mypage/qa"]').click();`,
      );
      expect(await alerted).toBe('먼저 로그인해 주세요.');
      await page.waitForURL(`${baseUrl()}/member/login`);
      await page.getByRole('heading', { name: '로그인', level: 1 }).waitFor();
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'address: manual entry when the search cannot load; a short road address alerts; a save shows the new address',
    async () => {
      const { page, email } = await openAsNewMember(browser, {
        m_name: '김주소',
        def_addr: '(06236) 서울 강남구 테헤란로 1',
      });
      await page.route(POSTCODE_SCRIPT, (route) => route.abort('internetdisconnected'));
      await page.goto(`${baseUrl()}/mypage/addr`);
      await page.getByRole('heading', { name: '배송지 관리', level: 1 }).waitFor();
      expect(await page.getByTestId('current-address').innerText()).toMatch(
        /우편번호\s+06236\s+주소\s+서울 강남구 테헤란로 1/,
      );

      await manualEntryNote(page).waitFor();
      expect(await page.getByRole('button', { name: '우편번호 찾기' }).isDisabled()).toBe(true);
      await screenshot(page, 'mypage-address-manual-1280');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'mypage-address-manual');

      // Keyboard only: postal code, Tab to the road address (the disabled search button is skipped).
      await page.getByLabel('우편번호', { exact: true }).focus();
      await page.keyboard.type('04-524');
      expect(await page.getByLabel('우편번호', { exact: true }).inputValue()).toBe('04524');
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('addr-road');
      await page.keyboard.type('서울');
      await page.getByLabel('상세주소').fill('3층');
      const tooShort = nextDialog(page);
      await page.getByLabel('상세주소').press('Enter');
      expect(await tooShort).toBe('변경할 주소를 입력해 주세요.');
      expect(pathOf(page)).toBe('/mypage/addr');
      expect(await focusedId(page)).toBe('addr-road');

      await page.keyboard.press('End');
      await page.keyboard.type(' 중구 세종대로 110');
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('addr-jibun');
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('addr-detail');
      const saved = nextDialog(page);
      await page.keyboard.press('Enter');
      expect(await saved).toBe('회원 정보가 수정되었습니다.');
      await page.waitForURL(`${baseUrl()}/mypage/order`);

      const expected = '(04524) 서울 중구 세종대로 110 3층';
      expect((await memberInfo(email, JOIN_PASSWORD)).def_addr).toBe(expected);
      expect((await storedMember(page))?.def_addr).toBe(expected);

      const shows = /우편번호\s+04524\s+주소\s+서울 중구 세종대로 110 3층/;
      await page
        .getByRole('navigation', { name: '마이페이지 메뉴' })
        .getByRole('link', { name: '배송지 관리' })
        .click();
      await page.waitForURL(`${baseUrl()}/mypage/addr`);
      expect(await page.getByTestId('current-address').innerText()).toMatch(shows);
      await page.reload();
      expect(await page.getByTestId('current-address').innerText()).toMatch(shows);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'address: the search widget, loaded on this screen only, fills the address and its hint; a social sign-in login is served',
    async () => {
      // The stored login says social sign-in: the address screen serves it, the profile edit does not.
      const { page, email } = await openAsNewMember(
        browser,
        { m_name: '김검색', def_addr: '서울 중구 세종대로 110' },
        { formSns: true },
      );
      const scriptRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url() === POSTCODE_SCRIPT) scriptRequests.push(request.url());
      });
      await page.route(POSTCODE_SCRIPT, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_POSTCODE_WIDGET }),
      );

      await page.goto(`${baseUrl()}/mypage/order`);
      await page.getByRole('heading', { name: '주문 내역', level: 1 }).waitFor();
      expect(scriptRequests).toEqual([]);

      await page
        .getByRole('navigation', { name: '마이페이지 메뉴' })
        .getByRole('link', { name: '배송지 관리' })
        .click();
      const search = page.getByRole('button', { name: '우편번호 찾기' });
      expect(
        await poll(
          () => search.isEnabled(),
          (enabled) => enabled,
        ),
      ).toBe(true);
      expect(scriptRequests).toHaveLength(1);
      expect(await manualEntryNote(page).count()).toBe(0);
      expect(await page.getByLabel('도로명주소').getAttribute('readonly')).not.toBeNull();
      expect(await page.getByTestId('current-address').innerText()).toMatch(/주소\s+서울 중구 세종대로 110/);

      await search.focus();
      await page.keyboard.press('Enter');
      expect(await page.getByLabel('우편번호', { exact: true }).inputValue()).toBe('06236');
      expect(await page.getByLabel('도로명주소').inputValue()).toBe('서울 강남구 테헤란로 152');
      expect(await page.getByLabel('지번주소').inputValue()).toBe('서울 강남구 역삼동 737');
      expect(await page.getByLabel('참고항목').inputValue()).toBe('(역삼동)');
      expect(await page.getByTestId('address-hint').innerText()).toBe(
        '(예상 지번 주소 : 서울 강남구 역삼동 736)',
      );
      expect(await focusedId(page)).toBe('addr-detail');
      await screenshot(page, 'mypage-address-search-1280');
      await expectAccessible(page);

      await page.keyboard.type('12층');
      const saved = nextDialog(page);
      await page.keyboard.press('Enter');
      expect(await saved).toBe('회원 정보가 수정되었습니다.');
      await page.waitForURL(`${baseUrl()}/mypage/order`);
      expect((await memberInfo(email, JOIN_PASSWORD)).def_addr).toBe('(06236) 서울 강남구 테헤란로 152 12층');

      const refused = nextDialog(page);
      await page
        .getByRole('navigation', { name: '마이페이지 메뉴' })
        .getByRole('link', { name: '개인 정보 수정' })
        .click();
      expect(await refused).toBe('SNS 로그인 회원은 정보를 수정할 수 없습니다.');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'address: a save the server refuses alerts the failure and stays on the screen',
    async () => {
      const { page, email } = await openAsNewMember(browser, {
        m_name: '김실패',
        def_addr: '(06236) 서울 강남구 테헤란로 1',
      });
      await page.route(POSTCODE_SCRIPT, (route) => route.abort('internetdisconnected'));
      await page.route('**/api/member/modify', (route) =>
        route.fulfill({
          status: 503,
          json: { error: 'SERVICE_UNAVAILABLE', message: '잠시 후 다시 시도해 주세요.' },
        }),
      );
      await page.goto(`${baseUrl()}/mypage/addr`);
      await manualEntryNote(page).waitFor();
      await page.getByLabel('우편번호', { exact: true }).fill('04524');
      await page.getByLabel('도로명주소').fill('서울 중구 세종대로 110');
      const failed = nextDialog(page);
      await page.getByRole('button', { name: '주소 수정' }).click();
      expect(await failed).toBe('회원 정보 수정에 실패했습니다. 다시 시도해 주세요.');
      expect(pathOf(page)).toBe('/mypage/addr');
      const saveButton = page.getByRole('button', { name: '주소 수정' });
      expect(
        await poll(
          () => saveButton.isEnabled(),
          (enabled) => enabled,
        ),
      ).toBe(true);
      expect((await memberInfo(email, JOIN_PASSWORD)).def_addr).toBe('(06236) 서울 강남구 테헤란로 1');
      expect((await storedMember(page))?.def_addr).toBe('(06236) 서울 강남구 테헤란로 1');
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
