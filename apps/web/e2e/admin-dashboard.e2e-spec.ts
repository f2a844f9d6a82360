import type { Page } from 'playwright-core';
import {
  baseUrl,
  expectAccessible,
  nextDialog,
  poll,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
} from './support';

/** The admin dashboard's visitor counters in a real Chromium, kept current by the live stream. */

const ADMIN = { email: 'admin@dealmarket.kr', password: 'admin1234!' };

async function loginAsAdmin(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: '이메일' }).fill(ADMIN.email);
  await page.getByLabel('비밀번호').fill(ADMIN.password);
  const welcome = nextDialog(page);
  await page.getByLabel('비밀번호').press('Enter');
  expect(await welcome).toBe('로그인되었습니다.');
  await page.waitForURL(`${baseUrl()}/admin`);
}

/** '1,234' -> 1234 */
async function countIn(page: Page, testId: string): Promise<number> {
  return Number((await page.getByTestId(testId).innerText()).replace(/,/g, ''));
}

describe('admin dashboard (browser)', () => {
  const browser = useBrowser();

  it(
    "shows today's visits, visitors, the last 7 days and today's hours, and counts a new visit without a reload",
    async () => {
      const page = await browser.open('/admin/login');
      await page.getByRole('heading', { name: '관리자 로그인' }).waitFor();
      await expectAccessible(page);
      await loginAsAdmin(page);
      await page.getByRole('heading', { name: '방문자 현황' }).waitFor();
      await page.getByTestId('today-visits').waitFor();
      await page.getByText('실시간', { exact: true }).waitFor();

      const daily = page.getByRole('table', { name: '최근 7일 방문 현황' });
      expect(await daily.getByRole('columnheader').allInnerTexts()).toEqual(['날짜', '방문 수', '방문자 수']);
      expect(await daily.locator('tbody tr').count()).toBe(7);
      const hourly = page.getByRole('table', { name: '오늘 시간대별 방문 수' });
      expect(await hourly.getByRole('columnheader').allInnerTexts()).toEqual(['시간', '방문 수']);
      expect(await hourly.locator('tbody tr').count()).toBe(24);
      expect(await hourly.getByRole('rowheader').first().innerText()).toBe('0시');
      await expectAccessible(page);

      const visitsBefore = await countIn(page, 'today-visits');
      const visitorsBefore = await countIn(page, 'today-visitors');
      // Survives only as long as the page is not reloaded.
      await page.evaluate('window.dashboardNotReloaded = true');

      // A shopper in another browser context opens the store: the footer logs the visit.
      const shopper = await browser.open('/');
      await shopper.getByRole('contentinfo').waitFor();

      const visitsAfter = await poll(
        () => countIn(page, 'today-visits'),
        (visits) => visits > visitsBefore,
      );
      expect(visitsAfter).toBeGreaterThan(visitsBefore);
      // A fresh context is a new visitor.
      expect(await countIn(page, 'today-visitors')).toBeGreaterThan(visitorsBefore);
      expect(await page.evaluate('window.dashboardNotReloaded')).toBe(true);
      await screenshot(page, 'admin-dashboard-1280');
      await shopper
        .getByRole('region', { name: '베스트 상품' })
        .getByTestId('product-card')
        .first()
        .waitFor();
      await expectAccessible(shopper);
    },
    TEST_TIMEOUT_MS,
  );
});
