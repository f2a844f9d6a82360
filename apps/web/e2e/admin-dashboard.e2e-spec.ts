import type { FaqDto, NoticeDto } from '@mkt/contracts';
import type { Locator, Page } from 'playwright-core';
import { loginAdmin, signInConsole } from './refund-support';
import { callApi } from './shopping';
import {
  baseUrl,
  expectAccessible,
  expectPhoneLayout,
  joinMember,
  JOIN_PASSWORD,
  nextDialog,
  poll,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
} from './support';

/**
 * The admin console in a real Chromium: the dashboard's visitor counters (kept current by the live
 * stream) and newest posts, the notice and FAQ screens with the customer centre a visitor reads,
 * and user management. Every notice and FAQ test is in this file, so none sees another file's posts.
 */

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

  const run = Date.now().toString(36);

  /** The console of a signed-in admin at `path`. */
  async function openConsole(path: string): Promise<Page> {
    const page = await browser.open('/');
    await signInConsole(page, 'admin', await loginAdmin());
    await page.goto(`${baseUrl()}${path}`);
    return page;
  }

  /** Clicks `button` and gives the alert it raises. */
  async function alertOf(page: Page, button: Locator): Promise<string> {
    const dialog = nextDialog(page);
    await button.click();
    return dialog;
  }

  const titlesIn = (table: Locator) => table.locator('tbody tr').allInnerTexts();

  it(
    'an admin writes, edits and deletes a notice, with the blank-field alerts, and a visitor reads it on /board',
    async () => {
      const page = await openConsole('/admin/notice');
      const list = page.getByRole('region', { name: '공지사항 목록' });
      await list.getByRole('table').waitFor();
      await expectAccessible(page);
      await expectPhoneLayout(page, 'admin-notice-list');

      await list.getByRole('button', { name: '공지사항 등록' }).click();
      const form = page.getByRole('region', { name: '공지사항 등록' });
      const submit = form.getByRole('button', { name: '등록' });
      expect(await alertOf(page, submit)).toBe('제목과 내용을 입력해 주세요.');
      await form.getByLabel('제목').fill(`배송 안내 ${run}`);
      expect(await alertOf(page, submit)).toBe('제목과 내용을 입력해 주세요.');
      await form.getByLabel('내용').fill('연말에는 배송이 하루 늦어집니다.');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'admin-notice-form');
      expect(await alertOf(page, submit)).toBe('공지사항이 등록되었습니다.');

      await list.getByRole('button', { name: '공지사항 등록' }).click();
      await form.getByLabel('제목').fill(`내부 메모 ${run}`);
      await form.getByLabel('내용').fill('관리자만 봅니다.');
      await form.getByLabel(/비공개/).check();
      expect(await alertOf(page, submit)).toBe('공지사항이 등록되었습니다.');
      const rows = list.getByRole('table');
      await rows.getByRole('button', { name: `내부 메모 ${run}` }).waitFor();
      expect((await titlesIn(rows)).slice(0, 2)).toEqual([
        expect.stringContaining(`내부 메모 ${run}비공개`),
        expect.not.stringContaining('비공개'),
      ]);

      // Detail, then the edit form (blank title refused), back to the detail.
      await rows.getByRole('button', { name: `배송 안내 ${run}` }).click();
      const detail = page.getByRole('region', { name: '공지사항 상세' });
      await detail.getByRole('heading', { name: `제목 배송 안내 ${run}` }).waitFor();
      await expectAccessible(page);
      await expectPhoneLayout(page, 'admin-notice-detail');
      await detail.getByRole('button', { name: '수정' }).click();
      const edit = page.getByRole('region', { name: '공지사항 수정' });
      expect(await edit.getByLabel('제목').inputValue()).toBe(`배송 안내 ${run}`);
      await edit.getByLabel('제목').fill('  ');
      expect(await alertOf(page, edit.getByRole('button', { name: '수정' }))).toBe(
        '제목과 내용을 입력해 주세요.',
      );
      await edit.getByLabel('제목').fill(`연말 배송 안내 ${run}`);
      expect(await alertOf(page, edit.getByRole('button', { name: '수정' }))).toBe(
        '공지사항이 수정되었습니다.',
      );
      await detail.getByRole('heading', { name: `제목 연말 배송 안내 ${run}` }).waitFor();

      // A visitor: /board leads to the notices; the private one is not listed.
      const visitor = await browser.open('/board');
      await visitor.waitForURL(`${baseUrl()}/board/notice`);
      const side = visitor.getByRole('navigation', { name: '고객센터' });
      // The side bar marks the current entry once the redirect has rendered.
      await side.locator('a[aria-current="page"]', { hasText: '공지사항' }).waitFor();
      const table = visitor.getByRole('table', { name: '공지사항 목록' });
      await table.getByRole('link', { name: `연말 배송 안내 ${run}` }).waitFor();
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
        '번호',
        '제목',
        '작성자',
        '등록일',
      ]);
      const row = table.locator('tbody tr').filter({ hasText: `연말 배송 안내 ${run}` });
      expect(await row.locator('td').nth(2).innerText()).toBe('딜마켓');
      expect(await row.locator('td').nth(3).innerText()).toMatch(/^\d{4}\.\d{2}\.\d{2}$/);
      expect(await table.innerText()).not.toContain(`내부 메모 ${run}`);
      await expectAccessible(visitor);
      await expectPhoneLayout(visitor, 'board-notice');
      await row.locator('td').first().click();
      await visitor.waitForURL(/\/board\/notice\/detail\/\d+$/);
      await visitor.getByRole('heading', { name: `연말 배송 안내 ${run}` }).waitFor();
      await visitor.getByText('연말에는 배송이 하루 늦어집니다.').waitFor();
      await expectAccessible(visitor);
      await expectPhoneLayout(visitor, 'board-notice-detail');
      await visitor.getByRole('link', { name: '목록으로' }).click();
      await visitor.waitForURL(`${baseUrl()}/board/notice`);

      // The admin deletes it after confirming; the visitor's list no longer has it.
      await detail.getByRole('button', { name: '삭제' }).click();
      const confirm = page.getByRole('alertdialog', { name: '공지사항 삭제' });
      // One particle, the one the title's last sound takes (libs/contracts' korean-particles.spec), not 을(를).
      expect(await confirm.innerText()).toMatch(new RegExp(`'연말 배송 안내 ${run}'[을를] 삭제할까요\\?`));
      await expectAccessible(page);
      expect(await alertOf(page, confirm.getByRole('button', { name: '삭제' }))).toBe(
        '공지사항이 삭제되었습니다.',
      );
      await rows.getByRole('button', { name: `내부 메모 ${run}` }).waitFor();
      expect(await rows.innerText()).not.toContain(`연말 배송 안내 ${run}`);
      await visitor.reload();
      await table.locator('tbody tr').first().waitFor();
      expect(await table.innerText()).not.toContain(`연말 배송 안내 ${run}`);
    },
    // Five pages, each checked wide and at 390 px.
    TEST_TIMEOUT_MS * 2,
  );

  it(
    'an admin writes, edits and deletes a FAQ, and a visitor opens one answer at a time',
    async () => {
      const page = await openConsole('/admin/faq');
      const list = page.getByRole('region', { name: 'FAQ 목록' });
      await list.getByRole('button', { name: 'FAQ 등록' }).click();
      const form = page.getByRole('region', { name: 'FAQ 등록' });
      await form.getByLabel('질문').fill(`포장은 어떻게 오나요? ${run}`);
      expect(await alertOf(page, form.getByRole('button', { name: '등록' }))).toBe(
        '질문과 답변을 모두 입력해 주세요.',
      );
      await form.getByLabel('답변').fill('친환경 종이 상자에 담아 보내 드립니다.');
      expect(await alertOf(page, form.getByRole('button', { name: '등록' }))).toBe('질문이 등록되었습니다.');
      await list.getByRole('button', { name: 'FAQ 등록' }).click();
      await form.getByLabel('질문').fill(`비공개 질문 ${run}`);
      await form.getByLabel('답변').fill('내부 답변');
      await form.getByLabel(/비공개/).check();
      expect(await alertOf(page, form.getByRole('button', { name: '등록' }))).toBe('질문이 등록되었습니다.');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'admin-faq-list');

      await list.getByRole('button', { name: `포장은 어떻게 오나요? ${run}` }).click();
      const detail = page.getByRole('region', { name: 'FAQ 상세' });
      await detail.getByRole('button', { name: '수정' }).click();
      const edit = page.getByRole('region', { name: 'FAQ 수정' });
      await edit.getByLabel('답변').fill('');
      expect(await alertOf(page, edit.getByRole('button', { name: '수정' }))).toBe(
        '질문과 답변을 모두 입력해 주세요.',
      );
      await edit.getByLabel('답변').fill('종이 상자와 종이 완충재로 포장합니다.');
      await expectAccessible(page);
      expect(await alertOf(page, edit.getByRole('button', { name: '수정' }))).toBe('질문이 수정되었습니다.');
      await detail.getByText('종이 상자와 종이 완충재로 포장합니다.').waitFor();

      const visitor = await browser.open('/board/faq');
      const table = visitor.getByRole('table', { name: '자주 묻는 질문 목록' });
      const question = table.getByRole('button', { name: `포장은 어떻게 오나요? ${run}` });
      await question.waitFor();
      expect(await table.innerText()).not.toContain(`비공개 질문 ${run}`);
      const answer = visitor.getByText('종이 상자와 종이 완충재로 포장합니다.');
      expect(await answer.isVisible()).toBe(false);
      await question.focus();
      await visitor.keyboard.press('Enter');
      await answer.waitFor();
      expect(await question.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(visitor);
      await expectPhoneLayout(visitor, 'board-faq');
      // Another question closes the first answer.
      const other = table.getByRole('button').filter({ hasNotText: run }).first();
      await other.click();
      expect(await other.getAttribute('aria-expanded')).toBe('true');
      expect(await question.getAttribute('aria-expanded')).toBe('false');
      expect(await answer.isVisible()).toBe(false);

      // Deleting from the edit form, after confirming.
      await detail.getByRole('button', { name: '수정' }).click();
      await edit.getByRole('button', { name: '삭제' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'FAQ 삭제' });
      expect(await alertOf(page, confirm.getByRole('button', { name: '삭제' }))).toBe(
        '질문이 삭제되었습니다.',
      );
      await list.getByRole('button', { name: `비공개 질문 ${run}` }).waitFor();
      expect(await list.innerText()).not.toContain(`포장은 어떻게 오나요? ${run}`);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows the 5 newest notices and FAQs on the dashboard, each opening its detail',
    async () => {
      const admin = await loginAdmin();
      const notices: NoticeDto[] = [];
      const faqs: FaqDto[] = [];
      for (let n = 1; n <= 6; n++) {
        notices.push(
          await callApi<NoticeDto>(admin, 'POST', '/api/notice/', {
            title: `대시보드 공지 ${n} ${run}`,
            content: '내용',
            isPrivate: n === 6,
          }),
        );
        faqs.push(
          await callApi<FaqDto>(admin, 'POST', '/api/faq/', {
            question: `대시보드 질문 ${n} ${run}`,
            answer: '답',
          }),
        );
      }
      const page = await openConsole('/admin');
      const newestNotices = page.getByTestId('dashboard-notice').getByRole('listitem');
      await newestNotices.first().waitFor();
      expect(await newestNotices.allInnerTexts()).toEqual(
        [6, 5, 4, 3, 2].map((n) => expect.stringContaining(`대시보드 공지 ${n} ${run}`)),
      );
      expect(await newestNotices.first().innerText()).toContain('비공개');
      const newestFaqs = page.getByTestId('dashboard-faq').getByRole('listitem');
      expect(await newestFaqs.allInnerTexts()).toEqual(
        [6, 5, 4, 3, 2].map((n) => expect.stringContaining(`대시보드 질문 ${n} ${run}`)),
      );
      await expectAccessible(page);
      await expectPhoneLayout(page, 'admin-dashboard');

      await newestFaqs.nth(1).getByRole('button').click();
      await page.waitForURL(`${baseUrl()}/admin/faq`);
      const detail = page.getByRole('region', { name: 'FAQ 상세' });
      await detail.getByRole('heading', { name: `질문 대시보드 질문 5 ${run}` }).waitFor();
      await detail.getByRole('button', { name: '목록' }).click();
      await page.getByRole('region', { name: 'FAQ 목록' }).waitFor();

      for (const notice of notices) await callApi(admin, 'DELETE', `/api/notice/${notice.encodedId}`);
      for (const faq of faqs) await callApi(admin, 'DELETE', `/api/faq/${btoa(String(faq.fno))}`);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'suspends a member from user management and lifts it again',
    async () => {
      const email = await joinMember('banned');
      const page = await openConsole('/admin/users');
      const list = page.getByRole('region', { name: '회원 목록' });
      await list.getByRole('table').waitFor();
      await expectAccessible(page);
      await expectPhoneLayout(page, 'admin-users');
      await list.getByRole('button', { name: email }).click();

      const detail = page.getByRole('region', { name: '회원 상세' });
      const status = detail.getByTestId('admin-member-status');
      expect(await status.innerText()).toBe('정상');
      await expectAccessible(page);
      // Suspending asks first: 취소 changes nothing.
      await detail.getByRole('button', { name: '정지', exact: true }).click();
      const confirmBan = page.getByRole('alertdialog', { name: '회원 정지' });
      expect(await confirmBan.innerText()).toContain('회원을 정지할까요?');
      await expectAccessible(page);
      await confirmBan.getByRole('button', { name: '취소' }).click();
      await confirmBan.waitFor({ state: 'detached' });
      expect(await status.innerText()).toBe('정상');
      await detail.getByRole('button', { name: '정지', exact: true }).click();
      expect(await alertOf(page, confirmBan.getByRole('button', { name: '정지', exact: true }))).toBe(
        '회원을 정지했습니다.',
      );
      await detail.getByRole('button', { name: '정지 해제' }).waitFor();
      expect(await status.innerText()).toBe('정지');
      const refused = await fetch(`${baseUrl()}/api/member/login`, {
        method: 'POST',
        body: new URLSearchParams({ username: email, password: JOIN_PASSWORD }),
      });
      expect(await refused.text()).toContain('ERROR_BANNED');
      await expectPhoneLayout(page, 'admin-user-detail');

      expect(await alertOf(page, detail.getByRole('button', { name: '정지 해제' }))).toBe(
        '회원 정지를 해제했습니다.',
      );
      expect(await status.innerText()).toBe('정상');
      await detail.getByRole('button', { name: '목록' }).click();
      const row = list.locator('tbody tr').filter({ hasText: email });
      expect(await row.locator('td').last().innerText()).toBe('정상');

      // The admin's own account, pages later (newest members first): the server refuses its suspension.
      const adminButton = list.getByRole('button', { name: 'admin@dealmarket.kr' });
      await row.waitFor();
      for (let next = 2; !(await adminButton.isVisible()); next++) {
        const pages = list.getByRole('navigation', { name: '회원 목록 페이지' });
        const numbered = pages.getByRole('button', { name: `${next} 페이지`, exact: true });
        await (
          (await numbered.count()) ? numbered : pages.getByRole('button', { name: '다음 페이지' })
        ).click();
        await list
          .getByRole('button', { name: `${next} 페이지`, exact: true })
          .and(list.locator('[aria-current="page"]'))
          .waitFor();
      }
      await adminButton.click();
      await detail.getByRole('button', { name: '정지', exact: true }).click();
      expect(
        await alertOf(
          page,
          page
            .getByRole('alertdialog', { name: '회원 정지' })
            .getByRole('button', { name: '정지', exact: true }),
        ),
      ).toBe('관리자 계정은 정지할 수 없습니다.');
      expect(await status.innerText()).toBe('정상');
    },
    TEST_TIMEOUT_MS,
  );
});
