import jwt from 'jsonwebtoken';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoginResult } from '@mkt/contracts';
import type { Page } from 'playwright-core';
import { mailsTo, resetLinkIn } from '@mkt/testing';
import {
  baseUrl,
  expectAccessible,
  JOIN_PASSWORD,
  joinMember,
  memberLogin,
  nextDialog,
  PHONE_WIDTH,
  poll,
  requestResetMail,
  screenshot,
  signIn,
  signInThrough,
  submitNewPassword,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForText,
} from './support';

/**
 * Sessions in a real Chromium: a shopper, a seller and an admin signed in at once in one browser,
 * each console acting as its own role; no token a script can read; a member banned mid-session
 * signed out with one message; two tabs renewing one expired session together; 비밀번호 찾기
 * through the mail the store wrote.
 */

const SELLER = { email: 'seller@dealmarket.kr', password: 'seller1234!' };
const ADMIN = { email: 'admin@dealmarket.kr', password: 'admin1234!' };

/** What a script of the page can read of the cookies: nothing that looks like a token. */
async function scriptReadableCookies(page: Page): Promise<string> {
  return decodeURIComponent(await page.evaluate<string>('document.cookie'));
}

function expectNoTokenIn(cookies: string): void {
  expect(cookies).not.toMatch(/accessToken|refreshToken|mkt-\w+-(access|refresh)/);
  // A JWT: three base64url parts.
  expect(cookies).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
}

function mailFolder(): string {
  const folder = process.env.MKT_E2E_MAIL_DIR;
  if (!folder)
    throw new Error(
      'MKT_E2E_MAIL_DIR is not set: the browser global setup sets it with the store it starts.',
    );
  return folder;
}

/**
 * The login's access token as it is 30 minutes later: the same claims, expired. Signed with the
 * store's own key, which the standalone store keeps in its DATA_DIR (the mail folder's parent).
 */
function expiredAccessToken(login: LoginResult): string {
  const secret = readFileSync(join(dirname(mailFolder()), 'jwt-secret'), 'utf8').trim();
  const claims = jwt.decode(login.accessToken) as jwt.JwtPayload;
  const past = Math.floor(Date.now() / 1000) - 60;
  return jwt.sign({ ...claims, iat: past - 30 * 60, exp: past }, secret, { algorithm: 'HS256' });
}

describe('sessions (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it.each([
    ['1280', { width: 1280, height: 900 }],
    ['390', { width: PHONE_WIDTH, height: 844 }],
  ])(
    'a shopper, the seller console and the admin console work side by side in one browser (%s px)',
    async (width, viewport) => {
      const email = await joinMember('consoles');
      const page = await browser.open('/', { viewport });
      const alerts: string[] = [];

      await signInThrough(page, '/member/login', email, JOIN_PASSWORD);
      await page.getByRole('button', { name: '로그아웃' }).waitFor();
      expectNoTokenIn(await scriptReadableCookies(page));

      await signInThrough(page, '/seller/login', SELLER.email, SELLER.password);
      await page.waitForURL(`${baseUrl()}/seller`);
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await page
        .getByRole('navigation', { name: '판매자 메뉴' })
        .getByRole('link', { name: '주문 관리' })
        .click();
      await page.waitForURL(`${baseUrl()}/seller/orders`);
      await page.getByRole('heading', { name: '주문 관리' }).waitFor();
      expect(await page.getByText('오류').count()).toBe(0);
      expectNoTokenIn(await scriptReadableCookies(page));
      await screenshot(page, `sessions-seller-console-${width}`);
      await expectAccessible(page);
      page.removeAllListeners('dialog');

      await signInThrough(page, '/admin/login', ADMIN.email, ADMIN.password);
      await page.waitForURL(`${baseUrl()}/admin`);
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await page.getByTestId('today-visits').waitFor();
      await page
        .getByRole('navigation', { name: '관리자 메뉴' })
        .getByRole('link', { name: '회원 관리' })
        .click();
      await page.getByRole('heading', { name: '회원 관리' }).waitFor();
      await page.getByRole('cell', { name: email }).first().waitFor();
      expectNoTokenIn(await scriptReadableCookies(page));
      await screenshot(page, `sessions-admin-console-${width}`);
      await expectAccessible(page);
      expect(alerts).toEqual([]);
      page.removeAllListeners('dialog');

      // Signing out of the admin console leaves the seller and the shopper signed in.
      const adminBye = nextDialog(page);
      await page.getByRole('button', { name: '로그아웃' }).click();
      expect(await adminBye).toBe('관리자 로그아웃');
      await page.waitForURL(`${baseUrl()}/admin/login`);
      await page.goto(`${baseUrl()}/seller/orders`);
      await page.getByRole('heading', { name: '주문 관리' }).waitFor();
      await page.goto(`${baseUrl()}/mypage/order`);
      await page.getByRole('button', { name: '로그아웃' }).waitFor();
      const memberBye = nextDialog(page);
      await page.getByRole('button', { name: '로그아웃' }).click();
      expect(await memberBye).toBe('로그아웃되었습니다.');
      await page.getByRole('link', { name: '로그인', exact: true }).waitFor();
      // The seller console still works after the shopper signed out.
      await page.goto(`${baseUrl()}/seller/orders`);
      await page.getByRole('heading', { name: '주문 관리' }).waitFor();
      expect(page.url()).toBe(`${baseUrl()}/seller/orders`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );

  it(
    'a member banned mid-session gets one clear message and is signed out',
    async () => {
      const email = await joinMember('banned');
      const page = await browser.open('/');
      await signInThrough(page, '/member/login', email, JOIN_PASSWORD);
      await page.getByRole('button', { name: '로그아웃' }).waitFor();

      const { mno } = await memberLogin(email, JOIN_PASSWORD);
      const admin = await memberLogin(ADMIN.email, ADMIN.password);
      const banned = await fetch(
        `${baseUrl()}/api/admin/ban/${Buffer.from(String(mno)).toString('base64')}`,
        {
          method: 'PUT',
          headers: { Authorization: `Bearer ${admin.accessToken}` },
        },
      );
      expect(banned.status).toBe(200);

      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await page.goto(`${baseUrl()}/mypage/order`);
      await page.getByRole('link', { name: '로그인', exact: true }).waitFor();
      await poll(
        async () => alerts.length,
        (count) => count > 0,
      );
      // Give a second message the time to appear, were there one.
      await page.waitForTimeout(1500);
      expect(alerts).toEqual(['이용이 정지된 계정입니다. 고객센터로 문의해 주세요.']);
      expect(await page.getByRole('button', { name: '로그아웃' }).count()).toBe(0);
      expectNoTokenIn(await scriptReadableCookies(page));
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'two tabs whose access token expired together renew it once and both stay signed in',
    async () => {
      const email = await joinMember('two-tabs');
      const login = await memberLogin(email, JOIN_PASSWORD);
      // Signed in on a file of the store's origin that runs none of the app: no call refreshes early.
      const first = await browser.open('/favicon.svg');
      await signIn(first, { ...login, accessToken: expiredAccessToken(login) });
      const second = await first.context().newPage();
      second.on('pageerror', (error) => pageErrors.push(error.message));
      const alerts: string[] = [];
      const refreshes: string[] = [];
      for (const tab of [first, second])
        tab.on('dialog', (dialog) => {
          alerts.push(dialog.message());
          void dialog.accept();
        });
      first.context().on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/member/refresh') refreshes.push(request.url());
      });

      // Both tabs open my page at once; their first calls (the cart's count) are held until both
      // are sent, so both meet the expired token together and want a refresh at the same moment.
      let held = 0;
      let releaseBoth = () => {};
      const bothSent = new Promise<void>((resolve) => (releaseBoth = resolve));
      await first.context().route('**/api/cart/*', async (route) => {
        held += 1;
        if (held === 2) releaseBoth();
        if (held <= 2) await bothSent;
        await route.continue();
      });
      // The page shows before its calls end: each tab's count is in once its call, renewed, answered.
      const countsIn = [first, second].map((tab) =>
        tab.waitForResponse(
          (response) => new URL(response.url()).pathname.startsWith('/api/cart/') && response.ok(),
        ),
      );
      await Promise.all([first, second].map((tab) => tab.goto(`${baseUrl()}/mypage/order`)));
      for (const tab of [first, second]) {
        await tab.getByRole('heading', { name: '주문 내역', level: 1 }).waitFor();
        await waitForText(tab.getByTestId('mypage-greeting'), '김테스트님');
      }
      await Promise.all(countsIn);
      expect(refreshes).toHaveLength(1);

      // The renewed session goes on in both tabs.
      await Promise.all([first, second].map((tab) => tab.reload()));
      for (const tab of [first, second]) {
        await waitForText(tab.getByTestId('mypage-greeting'), '김테스트님');
        await tab.getByRole('button', { name: '로그아웃' }).waitFor();
        expectNoTokenIn(await scriptReadableCookies(tab));
      }
      expect(alerts).toEqual([]);
      await expectAccessible(second);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    '비밀번호 찾기: the link in the mail the store wrote sets a new password, once',
    async () => {
      const email = await joinMember('forgot');
      const page = await browser.open('/member/login');
      await page.getByRole('link', { name: '비밀번호 찾기' }).click();
      await page.waitForURL(`${baseUrl()}/member/find-password`);
      await expectAccessible(page);
      await requestResetMail(page, email);
      await screenshot(page, 'sessions-find-password-1280');
      await expectAccessible(page);

      const mails = await poll(
        () => mailsTo(mailFolder(), email),
        (found) => found.length > 0,
        20_000,
      );
      expect(mails[0].subject).toBe('[딜마켓] 비밀번호 재설정 안내');
      const link = resetLinkIn(mails[0]);
      expect(link.startsWith(`${baseUrl()}/member/reset-password#token=`)).toBe(true);

      await page.goto(link);
      await page.getByRole('heading', { name: '비밀번호 재설정' }).waitFor();
      await expectAccessible(page);
      const done = nextDialog(page);
      await submitNewPassword(page, 'renewed12!');
      expect(await done).toBe('비밀번호가 변경되었습니다. 새 비밀번호로 로그인해 주세요.');
      await page.waitForURL(`${baseUrl()}/member/login`);
      await signInThrough(page, '/member/login', email, 'renewed12!');

      // The link works once.
      await page.goto(link);
      await submitNewPassword(page, 'another12!');
      expect(await page.getByTestId('reset-password-error').innerText()).toContain('이미 사용되었습니다');
      await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
      await screenshot(page, 'sessions-reset-password-390');
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
