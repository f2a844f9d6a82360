import { mailpitMailsTo, resetLinkIn } from '@mkt/testing';
import {
  baseUrl,
  expectAccessible,
  JOIN_PASSWORD,
  joinMember,
  nextDialog,
  poll,
  requestResetMail,
  screenshot,
  signInThrough,
  submitNewPassword,
  TEST_TIMEOUT_MS,
  useBrowser,
} from './support';

/**
 * 비밀번호 찾기 on the distributed store (`npm run start:distributed`, started by the distributed
 * tests' global setup with SMTP pointed at Mailpit) in a real Chromium: the mail travels through
 * the SMTP server and is read back through Mailpit's HTTP API. The browser harness is the browser
 * tests' own; only the store differs.
 */
process.env.MKT_E2E_BASE_URL = process.env.MKT_DISTRIBUTED_URL;

const NEW_PASSWORD = 'renewed12!';

describe('password reset through the mail catcher (distributed store, browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'mails a link through SMTP that sets a new password once, refusing the old one and ending the old session',
    async () => {
      const email = await joinMember('mailpit-reset');
      // The member is signed in on another device when the password is reset.
      const otherDevice = await browser.open('/');
      await signInThrough(otherDevice, '/member/login', email, JOIN_PASSWORD);
      await otherDevice.getByRole('button', { name: '로그아웃' }).waitFor();

      const page = await browser.open('/member/login');
      await page.getByRole('link', { name: '비밀번호 찾기' }).click();
      await page.waitForURL(`${baseUrl()}/member/find-password`);
      await requestResetMail(page, email);
      await expectAccessible(page);

      const mails = await poll(
        () => mailpitMailsTo(email),
        (found) => found.length > 0,
        30_000,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('[딜마켓] 비밀번호 재설정 안내');
      const link = resetLinkIn(mails[0]);
      expect(link.startsWith(`${baseUrl()}/member/reset-password#token=`)).toBe(true);

      await page.goto(link);
      await page.getByRole('heading', { name: '비밀번호 재설정' }).waitFor();
      const done = nextDialog(page);
      await submitNewPassword(page, NEW_PASSWORD);
      expect(await done).toBe('비밀번호가 변경되었습니다. 새 비밀번호로 로그인해 주세요.');
      await page.waitForURL(`${baseUrl()}/member/login`);

      // The old password is refused, the new one signs in.
      await page.getByRole('textbox', { name: '이메일' }).fill(email);
      await page.getByLabel('비밀번호', { exact: true }).fill(JOIN_PASSWORD);
      const refused = nextDialog(page);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      expect(await refused).toBe('이메일과 비밀번호를 확인해 주세요.');
      await signInThrough(page, '/member/login', email, NEW_PASSWORD);
      await page.getByRole('button', { name: '로그아웃' }).waitFor();

      // The session from before the reset has ended, with the reason.
      const ended = nextDialog(otherDevice);
      await otherDevice.goto(`${baseUrl()}/mypage/order`);
      expect(await ended).toBe(
        '비밀번호가 재설정되어 로그아웃되었습니다. 새 비밀번호로 다시 로그인해 주세요.',
      );
      await otherDevice.getByRole('link', { name: '로그인', exact: true }).waitFor();
      expect(await otherDevice.getByRole('button', { name: '로그아웃' }).count()).toBe(0);

      // The link works once.
      await page.goto(link);
      await submitNewPassword(page, 'another12!');
      expect(await page.getByTestId('reset-password-error').innerText()).toContain('이미 사용되었습니다');
      await screenshot(page, 'distributed-reset-link-used');
      await expectAccessible(page);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );
});
