import path from 'node:path';
import { JOIN_MESSAGES, type LoginResult } from '@mkt/contracts';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  expectAccessible,
  expectPhoneLayout,
  memberLogin,
  nextDialog,
  poll,
  RESULTS_DIR,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
} from './support';

/**
 * Accounts in a real Chromium against the running server: join, member login and logout, the
 * remembered e-mail, and the admin and seller logins.
 */

const MEMBER = { email: 'user@dealmarket.kr', password: 'user1234!' };
const SELLER = { email: 'seller@dealmarket.kr', password: 'seller1234!' };
const ADMIN = { email: 'admin@dealmarket.kr', password: 'admin1234!' };

async function cookieNamed(page: Page, name: string) {
  return (await page.context().cookies()).find((cookie) => cookie.name === name);
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: '이메일' }).fill(email);
  await page.getByLabel('비밀번호').fill(password);
}

describe('accounts (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'join: messages under invalid fields keep 가입하기 disabled; valid fields enable it and join',
    async () => {
      const page = await browser.open('/member/join');
      const join = page.getByRole('button', { name: '가입하기' });
      await join.waitFor();
      expect(await join.isDisabled()).toBe(true);
      await expectAccessible(page);

      await page.locator('#join-email').fill('not-an-email');
      await page.locator('#join-password').fill('short');
      await page.locator('#join-password-confirm').fill('different');
      await page.locator('#join-name').fill('홍길동!');
      await page.locator('#join-nickname').fill('길동@');
      await page.locator('#join-phone').fill('02-12ab34');
      await page.locator('#join-address').focus();
      await page.locator('#join-address').blur();

      const errorOf = (id: string) => page.getByTestId(`${id}-error`);
      expect(await errorOf('join-email').innerText()).toBe(JOIN_MESSAGES.email);
      expect(await errorOf('join-password').innerText()).toBe(JOIN_MESSAGES.password);
      expect(await errorOf('join-password-confirm').innerText()).toBe(JOIN_MESSAGES.passwordConfirm);
      expect(await errorOf('join-name').innerText()).toBe(JOIN_MESSAGES.name);
      expect(await errorOf('join-nickname').innerText()).toBe(JOIN_MESSAGES.nickname);
      expect(await errorOf('join-phone').innerText()).toBe(JOIN_MESSAGES.phone);
      expect(await errorOf('join-address').innerText()).toBe(JOIN_MESSAGES.address);
      // Digits only, at most 11.
      expect(await page.locator('#join-phone').inputValue()).toBe('021234');
      expect(await join.isDisabled()).toBe(true);
      await screenshot(page, 'accounts-join-errors-1280');
      await expectAccessible(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await screenshot(page, 'accounts-join-errors-375');
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectPhoneLayout(page, 'accounts-join-errors');

      const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@dealmarket.kr`;
      await page.locator('#join-email').fill(email);
      await page.locator('#join-password').fill('abcd1234!');
      // The confirmation must equal the password.
      expect(await errorOf('join-password-confirm').innerText()).toBe(JOIN_MESSAGES.passwordConfirm);
      await page.locator('#join-password-confirm').fill('abcd1234!');
      await page.locator('#join-name').fill('이테스트');
      await page.locator('#join-nickname').fill('테스터 1');
      await page.locator('#join-phone').fill('010123456789');
      expect(await page.locator('#join-phone').inputValue()).toBe('01012345678');
      await page.locator('#join-address').fill('서울 강남구 테헤란로 1');
      for (const id of ['join-email', 'join-password', 'join-password-confirm', 'join-name', 'join-phone']) {
        expect(await errorOf(id).count()).toBe(0);
      }
      // Gender and the privacy consent are still missing.
      expect(await join.isDisabled()).toBe(true);
      await page.getByLabel('여', { exact: true }).check();
      await page.getByLabel('[필수] 개인정보 수집·이용에 동의합니다.').check();
      expect(await join.isEnabled()).toBe(true);
      await page.getByLabel('[필수] 개인정보 수집·이용에 동의합니다.').uncheck();
      expect(await page.getByTestId('join-info-agree-error').innerText()).toBe(JOIN_MESSAGES.infoAgree);
      expect(await join.isDisabled()).toBe(true);
      await page.getByLabel('[필수] 개인정보 수집·이용에 동의합니다.').check();

      const joined = nextDialog(page);
      await join.click();
      expect(await joined).toBe('회원가입이 완료되었습니다.');
      await page.waitForURL(`${baseUrl()}/`);

      // The new account logs in.
      const result = await memberLogin(email, 'abcd1234!');
      expect(result).toMatchObject({ email, m_name: '이테스트', isMan: false, roleSet: ['USER'] });

      // Joining again with that e-mail: the server's message under the e-mail field.
      await page.goto(`${baseUrl()}/member/join`);
      await page.locator('#join-email').fill(email);
      await page.locator('#join-password').fill('abcd1234!');
      await page.locator('#join-password-confirm').fill('abcd1234!');
      await page.locator('#join-name').fill('이테스트');
      await page.locator('#join-nickname').fill('테스터');
      await page.locator('#join-phone').fill('01012345678');
      await page.locator('#join-address').fill('서울');
      await page.getByLabel('남', { exact: true }).check();
      await page.getByLabel('[필수] 개인정보 수집·이용에 동의합니다.').check();
      await join.click();
      await errorOf('join-email').waitFor();
      expect((await errorOf('join-email').innerText()).length).toBeGreaterThan(0);
      expect(pathOf(page)).toBe('/member/join');
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'member login: wrong password alerts; success shows the name and 로그아웃; logout returns to logged out',
    async () => {
      const { m_name } = await memberLogin(MEMBER.email, MEMBER.password);
      const page = await browser.open('/product/list');
      await page.getByRole('link', { name: '로그인', exact: true }).click();
      await page.waitForURL(`${baseUrl()}/member/login`);
      expect(await page.getByLabel('비밀번호').getAttribute('placeholder')).toBe('비밀번호 (8~20자)');
      await screenshot(page, 'accounts-login-1280');
      await expectAccessible(page);

      // Enter with only the e-mail does nothing.
      await page.getByRole('textbox', { name: '이메일' }).fill(MEMBER.email);
      await page.getByRole('textbox', { name: '이메일' }).press('Enter');

      await page.getByLabel('비밀번호').fill('wrong-password1!');
      const wrong = nextDialog(page);
      await page.getByLabel('비밀번호').press('Enter');
      expect(await wrong).toBe('이메일과 비밀번호를 확인해 주세요.');
      expect(
        await poll(
          () => page.getByLabel('비밀번호').inputValue(),
          (value) => value === '',
        ),
      ).toBe('');
      expect(await cookieNamed(page, 'member')).toBeUndefined();

      await fillLogin(page, MEMBER.email, MEMBER.password);
      await page.getByLabel('이메일 저장').check();
      const welcome = nextDialog(page);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      expect(await welcome).toBe('로그인되었습니다.');
      // Back one page: the list the visitor came from.
      await page.waitForURL(`${baseUrl()}/product/list`);

      const memberLink = page.getByRole('link', { name: `${m_name}님` });
      await memberLink.waitFor();
      expect(await memberLink.getAttribute('href')).toBe('/mypage/order');
      await page.getByRole('button', { name: '로그아웃' }).waitFor();
      expect(await page.getByRole('link', { name: '로그인', exact: true }).count()).toBe(0);

      const cookie = await cookieNamed(page, 'member');
      expect(cookie).toBeDefined();
      const stored = JSON.parse(decodeURIComponent(cookie!.value)) as LoginResult;
      expect(stored).toMatchObject({ email: MEMBER.email, m_name, roleSet: ['USER'] });
      // The tokens are in the server's HttpOnly cookies only.
      expect(stored.accessToken).toBeUndefined();
      expect((await cookieNamed(page, 'mkt-member-access'))?.httpOnly).toBe(true);
      expect(cookie!.path).toBe('/');
      expect(cookie!.sameSite).toBe('Lax');
      const lifetime = cookie!.expires - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(3500);
      expect(lifetime).toBeLessThanOrEqual(3601);
      const expires = Number(await page.evaluate<string | null>("localStorage.getItem('expires')"));
      expect(Math.abs(expires - cookie!.expires * 1000)).toBeLessThan(5000);

      const header = page.locator('header.site-header');
      await header.screenshot({ path: path.join(RESULTS_DIR, 'accounts-header-member-1280.png') });
      await page.getByTestId('product-grid').waitFor();
      await expectAccessible(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await header.screenshot({ path: path.join(RESULTS_DIR, 'accounts-header-member-375.png') });
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 900 });

      // Reload keeps the login (the state is the cookie).
      await page.reload();
      await memberLink.waitFor();

      // A logged-in member opening the login page is alerted and sent away.
      const already = nextDialog(page);
      await page.goto(`${baseUrl()}/member/login`);
      expect(await already).toBe('이미 로그인되어 있습니다.');
      await page.waitForURL(`${baseUrl()}/`);
      const alreadyJoin = nextDialog(page);
      await page.goto(`${baseUrl()}/member/join`);
      expect(await alreadyJoin).toBe('이미 로그인되어 있습니다.');
      await page.waitForURL(`${baseUrl()}/`);

      const bye = nextDialog(page);
      await page.getByRole('button', { name: '로그아웃' }).click();
      expect(await bye).toBe('로그아웃되었습니다.');
      await page.getByRole('link', { name: '로그인', exact: true }).waitFor();
      expect(await page.getByRole('link', { name: `${m_name}님` }).count()).toBe(0);
      expect(await cookieNamed(page, 'member')).toBeUndefined();
      expect(await page.evaluate<string | null>("localStorage.getItem('expires')")).toBeNull();

      // The remembered e-mail is prefilled next time.
      const remembered = await cookieNamed(page, 'rememberEmail');
      expect(remembered && decodeURIComponent(remembered.value)).toBe(MEMBER.email);
      expect(remembered!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
      await page.getByRole('link', { name: '로그인', exact: true }).click();
      await page.waitForURL(`${baseUrl()}/member/login`);
      expect(await page.getByRole('textbox', { name: '이메일' }).inputValue()).toBe(MEMBER.email);
      expect(await page.getByLabel('이메일 저장').isChecked()).toBe(true);
      await expectAccessible(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await screenshot(page, 'accounts-login-375');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'accounts-login');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the stored login expires: the expiry check alerts, clears it and reloads',
    async () => {
      const page = await browser.open('/member/login');
      await fillLogin(page, MEMBER.email, MEMBER.password);
      const welcome = nextDialog(page);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      expect(await welcome).toBe('로그인되었습니다.');
      await page.getByRole('button', { name: '로그아웃' }).waitFor();

      const expired = nextDialog(page);
      const reloaded = page.waitForEvent('load');
      await page.evaluate("localStorage.setItem('expires', String(Date.now() - 1))");
      expect(await expired).toBe('로그인이 만료되었습니다. 다시 로그인해 주세요.');
      // The page reloads after the alert (a test ending mid-reload can hang its context's close).
      await reloaded;
      await page.getByRole('link', { name: '로그인', exact: true }).waitFor();
      expect(
        await poll(
          () => cookieNamed(page, 'member'),
          (cookie) => cookie === undefined,
        ),
      ).toBeUndefined();
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'admin and seller log in on their own pages and land on their consoles; other roles are refused',
    async () => {
      const page = await browser.open('/admin');
      // Not logged in as admin: the console sends to its login page.
      await page.waitForURL(`${baseUrl()}/admin/login`);
      await page.getByRole('heading', { name: '관리자 로그인' }).waitFor();
      await expectAccessible(page);

      await fillLogin(page, MEMBER.email, MEMBER.password);
      const notAdmin = nextDialog(page);
      await page.getByLabel('비밀번호').press('Enter');
      expect(await notAdmin).toBe('관리자 계정이 아닙니다.');
      expect(await cookieNamed(page, 'member')).toBeUndefined();

      await fillLogin(page, ADMIN.email, 'wrong-password1!');
      const wrong = nextDialog(page);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      expect(await wrong).toBe('아이디 또는 비밀번호를 확인해 주세요.');

      await fillLogin(page, ADMIN.email, ADMIN.password);
      const welcome = nextDialog(page);
      await page.getByLabel('비밀번호').press('Enter');
      expect(await welcome).toBe('로그인되었습니다.');
      await page.waitForURL(`${baseUrl()}/admin`);
      const adminMenu = page.getByRole('navigation', { name: '관리자 메뉴' });
      for (const label of ['대시보드', '회원 관리', '상품 관리', '공지사항', 'FAQ']) {
        await adminMenu.getByRole('link', { name: label, exact: true }).waitFor();
      }
      await page.getByTestId('today-visits').waitFor();
      await expectAccessible(page);
      await adminMenu.getByRole('link', { name: '회원 관리' }).click();
      await page.waitForURL(`${baseUrl()}/admin/users`);
      await page.getByRole('heading', { name: '회원 관리' }).waitFor();
      expect(await cookieNamed(page, 'admin')).toBeDefined();
      expect(await page.getByRole('link', { name: '메인으로' }).getAttribute('href')).toBe('/');
      await screenshot(page, 'accounts-admin-console-1280');
      await expectAccessible(page);

      const bye = nextDialog(page);
      await page.getByRole('button', { name: '로그아웃' }).click();
      expect(await bye).toBe('관리자 로그아웃');
      await page.waitForURL(`${baseUrl()}/admin/login`);
      expect(await cookieNamed(page, 'admin')).toBeUndefined();

      await page.goto(`${baseUrl()}/seller`);
      await page.waitForURL(`${baseUrl()}/seller/login`);
      await page.getByRole('heading', { name: '판매자 로그인' }).waitFor();
      await expectAccessible(page);
      await fillLogin(page, ADMIN.email, ADMIN.password);
      const notSeller = nextDialog(page);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      expect(await notSeller).toBe('판매자 계정이 아닙니다.');

      await fillLogin(page, SELLER.email, SELLER.password);
      const sellerWelcome = nextDialog(page);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      expect(await sellerWelcome).toBe('로그인되었습니다.');
      await page.waitForURL(`${baseUrl()}/seller`);
      const sellerMenu = page.getByRole('navigation', { name: '판매자 메뉴' });
      for (const label of ['대시보드', '상품 관리', '주문 관리']) {
        await sellerMenu.getByRole('link', { name: label, exact: true }).waitFor();
      }
      await expectAccessible(page);
      expect(await cookieNamed(page, 'seller')).toBeDefined();
      const sellerBye = nextDialog(page);
      await page.getByRole('button', { name: '로그아웃' }).click();
      expect(await sellerBye).toBe('판매자 로그아웃');
      await page.waitForURL(`${baseUrl()}/seller/login`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
