import type { Page } from 'playwright-core';
import {
  baseUrl,
  expectAccessible,
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
} from './support';

/**
 * The password re-check and the profile edit in a real Chromium against the running server, with
 * a member joined for the test.
 */

const PASSWORD = JOIN_PASSWORD;
const NEW_PASSWORD = 'efgh5678@';

async function joinProfileMember(): Promise<{ email: string; nickname: string }> {
  const nickname = '프로필테스터';
  const email = await joinMember('profile', {
    m_name: '김프로필',
    m_nickname: nickname,
    def_addr: '서울 중구 세종대로 110',
    birth: '1991-02-03',
  });
  return { email, nickname };
}

async function apiLogin(email: string, password: string): Promise<Response> {
  return fetch(`${baseUrl()}/api/member/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

async function openModify(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/member/check`);
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByLabel('비밀번호').press('Enter');
  await page.waitForURL(`${baseUrl()}/member/modify`);
  await page.locator('#modify-nickname').waitFor();
}

describe('profile edit (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'logged out: the re-check and edit pages alert that login is required',
    async () => {
      const page = await browser.open('/');
      const required = nextDialog(page);
      await page.goto(`${baseUrl()}/member/check`);
      expect(await required).toBe('로그인이 필요합니다.');
      await page.waitForURL(`${baseUrl()}/member/login`);
      const again = nextDialog(page);
      await page.goto(`${baseUrl()}/member/modify`);
      expect(await again).toBe('로그인이 필요합니다.');
      await page.waitForURL(`${baseUrl()}/member/login`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    're-check, loaded values, unchanged submit, nickname save',
    async () => {
      const { email, nickname } = await joinProfileMember();
      const page = await browser.open('/');
      await signIn(page, await memberLogin(email, PASSWORD));

      await page.goto(`${baseUrl()}/member/check`);
      await page.getByRole('heading', { name: '비밀번호 확인' }).waitFor();
      await expectAccessible(page);
      await page.getByLabel('비밀번호').fill('wrong-pass1!');
      const wrong = nextDialog(page);
      await page.getByLabel('비밀번호').press('Enter');
      expect(await wrong).toBe('입력하신 정보가 올바르지 않습니다. 다시 입력해 주세요.');
      expect(pathOf(page)).toBe('/member/check');
      await screenshot(page, 'profile-check-1280');

      await page.getByLabel('비밀번호').fill(PASSWORD);
      await page.getByRole('button', { name: '확인' }).click();
      await page.waitForURL(`${baseUrl()}/member/modify`);
      await page.locator('#modify-nickname').waitFor();
      expect(await page.locator('#modify-email').inputValue()).toBe(email);
      expect(await page.locator('#modify-email').getAttribute('readonly')).not.toBeNull();
      expect(await page.locator('#modify-name').inputValue()).toBe('김프로필');
      expect(await page.locator('#modify-nickname').inputValue()).toBe(nickname);
      expect(await page.locator('#modify-phone').inputValue()).toBe('01098765432');
      expect(await page.locator('#modify-address').inputValue()).toBe('서울 중구 세종대로 110');
      expect(await page.getByLabel('남', { exact: true }).isChecked()).toBe(true);
      expect(await page.locator('#modify-birth').inputValue()).toBe('1991-02-03');
      expect(await page.locator('#modify-birth').getAttribute('readonly')).not.toBeNull();
      await screenshot(page, 'profile-modify-1280');
      await expectAccessible(page);

      const nothing = nextDialog(page);
      await page.getByRole('button', { name: '수정하기' }).click();
      expect(await nothing).toBe('변경할 내용을 입력해 주세요.');

      // A field rule shows its join message under the field.
      await page.locator('#modify-nickname').fill('닉네임!');
      expect(await page.getByTestId('modify-nickname-error').innerText()).toBe(
        '닉네임에는 특수문자를 사용할 수 없습니다.',
      );
      await expectAccessible(page);

      await page.locator('#modify-nickname').fill('새닉네임');
      const saved = nextDialog(page);
      await page.getByRole('button', { name: '수정하기' }).click();
      expect(await saved).toBe('회원 정보가 수정되었습니다.');
      const info = await poll(
        () => memberInfo(email, PASSWORD),
        (member) => member.m_nickname === '새닉네임',
      );
      expect(info).toMatchObject({ m_nickname: '새닉네임', m_name: '김프로필', m_phoNum: '01098765432' });

      // Reopening shows the saved value.
      await openModify(page);
      expect(await page.locator('#modify-nickname').inputValue()).toBe('새닉네임');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'password change: the client rules, a wrong current password, then the change logs out',
    async () => {
      const { email } = await joinProfileMember();
      const page = await browser.open('/');
      await signIn(page, await memberLogin(email, PASSWORD));
      await openModify(page);

      await page.locator('#modify-new-pw').fill(NEW_PASSWORD);
      const noCurrent = nextDialog(page);
      await page.getByRole('button', { name: '수정하기' }).click();
      expect(await noCurrent).toBe('비밀번호를 변경하려면 현재 비밀번호를 입력해 주세요.');

      await page.locator('#modify-now-pw').fill('wrong-pass1!');
      await page.locator('#modify-new-pw-confirm').fill('different1!');
      const mismatch = nextDialog(page);
      await page.getByRole('button', { name: '수정하기' }).click();
      expect(await mismatch).toBe('새 비밀번호가 일치하지 않습니다.');

      await page.locator('#modify-new-pw-confirm').fill(NEW_PASSWORD);
      const wrongCurrent = nextDialog(page);
      await page.getByRole('button', { name: '수정하기' }).click();
      const serverMessage = await wrongCurrent;
      expect(serverMessage).toBe('현재 비밀번호가 일치하지 않습니다.');
      expect(pathOf(page)).toBe('/member/modify');

      await page.locator('#modify-now-pw').fill(PASSWORD);
      const loggedOut = nextDialog(page);
      await page.getByRole('button', { name: '수정하기' }).click();
      expect(await loggedOut).toBe('회원 정보가 수정되었습니다. 비밀번호가 변경되어 로그아웃됩니다.');
      await page.waitForURL(`${baseUrl()}/member/login`);
      const cookie = (await page.context().cookies()).find((c) => c.name === 'member');
      expect(cookie).toBeUndefined();
      await page.getByRole('heading', { name: '로그인', level: 1 }).waitFor();
      await expectAccessible(page);

      expect((await apiLogin(email, PASSWORD)).ok).toBe(false);
      await page.getByRole('textbox', { name: '이메일' }).fill(email);
      await page.getByLabel('비밀번호').fill(NEW_PASSWORD);
      const welcome = nextDialog(page);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      expect(await welcome).toBe('로그인되었습니다.');
      await page.getByRole('button', { name: '로그아웃' }).waitFor();
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
