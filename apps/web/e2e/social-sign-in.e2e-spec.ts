import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@mkt/contracts';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  expectAccessible,
  JOIN_PASSWORD,
  joinMember,
  memberInfo,
  nextDialog,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
} from './support';

/**
 * Social sign-in in a real Chromium: the login page's buttons, the standalone store's local
 * provider page (a stand-in for Kakao, Naver and Google), the return page and what follows.
 */

const run = randomBytes(3).toString('hex');

async function storedMember(page: Page): Promise<LoginResult | null> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'member');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as LoginResult) : null;
}

/** At the provider's page: sign in as `name` and `email`, then allow. */
async function allowAtProvider(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('textbox', { name: '이름' }).fill(name);
  await page.getByRole('textbox', { name: '이메일' }).fill(email);
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
}

describe('social sign-in (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'Kakao: a new member signs in at the provider, is steered to the profile page, told SNS members cannot edit it, and lands home signed in',
    async () => {
      const page = await browser.open('/member/login');
      await page.getByRole('heading', { name: '로그인', level: 1 }).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: '카카오로 로그인' }).click();
      await page.getByRole('heading', { name: '카카오 로그인 (개발용)' }).waitFor();
      expect(new URL(page.url()).searchParams.get('state')).toMatch(/^[0-9a-f-]{36}$/);

      const refusal = nextDialog(page);
      await allowAtProvider(page, '카카오손님', `kakao.${run}@example.kr`);
      expect(await refusal).toBe('SNS 로그인 회원은 정보를 수정할 수 없습니다.');
      await page.waitForURL(`${baseUrl()}/`);
      await page.getByRole('link', { name: '카카오손님님' }).waitFor();

      const member = await storedMember(page);
      expect(member).toMatchObject({ formSns: true, m_name: '카카오손님', roleSet: ['USER'] });
      await screenshot(page, 'social-kakao-signed-in');
      await expectAccessible(page);

      // The profile pages stay closed to a social member on every later visit too.
      const again = nextDialog(page);
      await page.goto(`${baseUrl()}/member/check`);
      expect(await again).toBe('SNS 로그인 회원은 정보를 수정할 수 없습니다.');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'Google: a member who joined with the same verified e-mail is signed in as themselves and goes home',
    async () => {
      const email = await joinMember('linked', { m_name: '연결회원' });
      const account = await memberInfo(email, JOIN_PASSWORD);

      const page = await browser.open('/member/login');
      await page.getByRole('button', { name: '구글로 로그인' }).click();
      await page.getByRole('heading', { name: '구글 로그인 (개발용)' }).waitFor();
      await allowAtProvider(page, '구글 이름', email);
      await page.waitForURL(`${baseUrl()}/`);
      await page.getByRole('link', { name: '연결회원님' }).waitFor();
      expect(await storedMember(page)).toMatchObject({ mno: account.mno, formSns: false });
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'Naver: cancelling at the provider comes back with a readable message and a way back to login',
    async () => {
      const page = await browser.open('/member/login');
      await page.getByRole('button', { name: '네이버로 로그인' }).click();
      await page.getByRole('button', { name: '취소' }).click();
      await page.waitForURL(/\/member\/naver\/suc\?/);
      expect(await page.getByRole('alert').innerText()).toContain('간편 로그인이 취소되었습니다.');
      await expectAccessible(page);
      await page.getByRole('link', { name: '로그인 페이지로' }).click();
      await page.waitForURL(`${baseUrl()}/member/login`);
      expect(await storedMember(page)).toBeNull();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a return this tab did not start (a forged or replayed link) signs nobody in',
    async () => {
      const page = await browser.open('/member/kakao/suc?code=stolen-code&state=forged');
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').innerText()).toContain('로그인 요청이 올바르지 않습니다.');
      await expectAccessible(page);
      expect(await storedMember(page)).toBeNull();
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
