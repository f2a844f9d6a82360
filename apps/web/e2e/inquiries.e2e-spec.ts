import type { InquiryDto, LoginResult, PageResult } from '@mkt/contracts';
import { InquiryMessages, SECRET_INQUIRY_TITLE } from '@mkt/contracts';
import type { Locator, Page } from 'playwright-core';
import { newShopper, openSignedIn } from './checkout-support';
import { loginSeller, sellerOptions, signInConsole, type SellerOption } from './refund-support';
import { callApi } from './shopping';
import {
  baseUrl,
  expectAccessible,
  expectPhoneLayout,
  nextDialog,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForHydration,
} from './support';

/**
 * Product inquiries in a real Chromium against the running server: a member asks a secret
 * question on a product of the demo seller and reads it, another member sees it masked, the
 * seller answers it in the console, the author reads the answer on the product page and in my
 * page; and a member edits and deletes their own question.
 */

const inquiryRow = (page: Page, title: string): Locator =>
  page.getByTestId('inquiry-section').getByTestId('inquiry').filter({ hasText: title });

/** Fills the open inquiry modal and saves it; gives the alert it answers with. */
async function submitInquiry(page: Page, fields: { title?: string; content?: string; secret?: boolean }) {
  const modal = page.getByTestId('inquiry-form');
  if (fields.title !== undefined) await modal.getByLabel('제목').fill(fields.title);
  if (fields.content !== undefined) await modal.getByLabel('내용').fill(fields.content);
  if (fields.secret !== undefined) await modal.getByLabel('비밀글로 문의하기').setChecked(fields.secret);
  const alert = nextDialog(page);
  await modal.getByRole('button', { name: /^(등록|수정)$/ }).click();
  return alert;
}

async function openProduct(page: Page, product: SellerOption) {
  await page.goto(`${baseUrl()}/product/${product.pno}`);
  await waitForHydration(page);
  await page.getByRole('heading', { level: 1, name: product.p_name }).waitFor();
}

describe('product inquiries (browser)', () => {
  const browser = useBrowser();
  let product: SellerOption;
  let seller: LoginResult;

  beforeAll(async () => {
    [product] = await sellerOptions(1, 0);
    seller = await loginSeller();
    // The demo seller's own product: its `sno` is the seller's member number.
    expect(product.sno).toBe(seller.mno);
  }, TEST_TIMEOUT_MS);

  afterEach(() => {
    expect(browser.pageErrors).toEqual([]);
  });

  it(
    'a secret question is read by its author, masked for another member, answered by the seller and read with its answer',
    async () => {
      const author = await newShopper('qa-author');
      const title = `비밀 배송 문의 ${Date.now()}`;
      const content = '오늘 주문하면 언제 도착하나요?\n선물용입니다.';

      // The author asks: the modal checks title, then content, in that order.
      const page = await openSignedIn(browser.open, author, `/product/${product.pno}`);
      await page.getByRole('heading', { level: 1, name: product.p_name }).waitFor();
      await page.getByRole('button', { name: '문의하기', exact: true }).click();
      const modal = page.getByTestId('inquiry-form');
      await modal.waitFor();
      await expectAccessible(page);
      expect(await submitInquiry(page, {})).toBe(InquiryMessages.titleRequired);
      expect(await submitInquiry(page, { title })).toBe(InquiryMessages.contentRequired);
      await expectPhoneLayout(page, 'inquiry-modal');
      expect(await submitInquiry(page, { content, secret: true })).toBe(InquiryMessages.added);
      await modal.waitFor({ state: 'detached' });

      // The list reloads with it, whole for its author.
      const row = inquiryRow(page, title);
      await row.waitFor();
      await row.getByRole('button', { name: new RegExp(title) }).click();
      await row.getByText('선물용입니다.', { exact: false }).waitFor();
      expect(await row.getByTestId('inquiry-status').textContent()).toBe('답변대기');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'inquiry-product-author');

      // Another member sees the placeholder: no title, nothing to open.
      const other = await newShopper('qa-other');
      const otherPage = await openSignedIn(browser.open, other, `/product/${product.pno}`);
      const inquiriesPath = `/api/qa/list/${product.pno}?page=1&size=10&sortBy=qno`;
      // A masked inquiry names no author: the author's own list gives its number.
      const own = await callApi<PageResult<InquiryDto>>(author, 'GET', inquiriesPath);
      const qno = own.dtoList.find((inquiry) => inquiry.title === title)?.qno;
      expect(qno).toBeDefined();
      const list = await callApi<PageResult<InquiryDto>>(other, 'GET', inquiriesPath);
      const asked = list.dtoList.find((inquiry) => inquiry.qno === qno);
      expect(asked?.mno).toBeUndefined();
      expect(asked).toMatchObject({ title: SECRET_INQUIRY_TITLE, content: '', masked: true });
      await otherPage.getByTestId('inquiry-section').getByTestId('inquiry').first().waitFor();
      expect(await otherPage.getByText(title).count()).toBe(0);
      const masked = otherPage
        .getByTestId('inquiry-section')
        .locator('[data-testid="inquiry"][data-secret]')
        .filter({ hasText: SECRET_INQUIRY_TITLE })
        .first();
      await masked.waitFor();
      expect(await masked.getByRole('button').count()).toBe(0);

      // The seller answers it from the console: the answer is required.
      const consolePage = await browser.open('/');
      await signInConsole(consolePage, 'seller', seller);
      await consolePage.goto(`${baseUrl()}/seller/qa`);
      await consolePage.getByRole('heading', { level: 1, name: '상품 문의' }).waitFor();
      const card = consolePage.getByTestId('seller-inquiry').filter({ hasText: title });
      await card.waitFor();
      expect(await card.getByText('선물용입니다.', { exact: false }).count()).toBe(1);
      await expectAccessible(consolePage);
      await expectPhoneLayout(consolePage, 'seller-inquiries');
      await card.getByRole('button', { name: new RegExp(`^답변하기`) }).click();
      await consolePage.getByTestId('answer-question').getByText(title).waitFor();
      const blank = nextDialog(consolePage);
      await consolePage.getByRole('button', { name: '답변 등록' }).click();
      expect(await blank).toBe(InquiryMessages.answerRequired);
      await expectAccessible(consolePage);
      await expectPhoneLayout(consolePage, 'seller-inquiry-answer');
      const answer = '내일 새벽에 도착합니다. 선물 포장해 드릴게요.';
      await consolePage.getByRole('textbox', { name: '답변' }).fill(answer);
      const answered = nextDialog(consolePage);
      await consolePage.getByRole('button', { name: '답변 등록' }).click();
      expect(await answered).toBe(InquiryMessages.answered);
      // Answered, it leaves the waiting ones at the top: the 답변완료 filter shows it first.
      await consolePage.getByRole('heading', { level: 1, name: '상품 문의' }).waitFor();
      await consolePage
        .getByRole('group', { name: '답변 상태' })
        .getByRole('button', { name: '답변완료' })
        .click();
      const answeredCard = consolePage.getByTestId('seller-inquiry').filter({ hasText: title });
      await answeredCard.waitFor();
      expect(await consolePage.getByTestId('seller-inquiry').first().textContent()).toContain(title);
      await answeredCard.getByTestId('inquiry-answer').getByText(answer).waitFor();
      expect(await answeredCard.getByTestId('inquiry-status').textContent()).toBe('답변완료');
      expect(await answeredCard.getByRole('button', { name: /^답변 수정/ }).count()).toBe(1);

      // The author reads the answer with its date on the product page (no more editing) ...
      await openProduct(page, product);
      const answeredRow = inquiryRow(page, title);
      await answeredRow.getByRole('button', { name: new RegExp(title) }).click();
      await answeredRow.getByText(answer).waitFor();
      expect(await answeredRow.getByTestId('inquiry-status').textContent()).toBe('답변완료');
      expect(await answeredRow.getByRole('button', { name: '수정' }).count()).toBe(0);
      await answeredRow.getByText(InquiryMessages.answeredNotEditable).waitFor();
      await expectAccessible(page);

      // ... and in my page.
      await page.goto(`${baseUrl()}/mypage/qa`);
      const mine = page.getByTestId('my-inquiry').filter({ hasText: title });
      await mine.waitFor();
      await mine.getByTestId('inquiry-answer').getByText(answer).waitFor();
      expect(await mine.getByRole('link', { name: product.p_name }).getAttribute('href')).toBe(
        `/product/${product.pno}`,
      );
      await expectAccessible(page);
      await expectPhoneLayout(page, 'my-inquiries');
    },
    TEST_TIMEOUT_MS * 3,
  );

  it(
    'a member edits and deletes their own question; my page starts empty',
    async () => {
      const author = await newShopper('qa-editor');
      const page = await openSignedIn(browser.open, author, '/mypage/qa');
      await page.getByTestId('my-inquiries-empty').waitFor();
      expect(await page.getByTestId('my-inquiries-empty').textContent()).toBe('작성한 상품 문의가 없습니다.');
      await expectAccessible(page);

      await openProduct(page, product);
      const title = `공개 문의 ${Date.now()}`;
      await page.getByRole('button', { name: '문의하기', exact: true }).click();
      expect(await submitInquiry(page, { title, content: '사이즈가 어떻게 되나요?' })).toBe(
        InquiryMessages.added,
      );

      const row = inquiryRow(page, title);
      await row.getByRole('button', { name: new RegExp(title) }).click();
      await row.getByRole('button', { name: '수정' }).click();
      const modal = page.getByTestId('inquiry-form');
      expect(await modal.getByLabel('제목').inputValue()).toBe(title);
      const edited = `${title} (수정)`;
      expect(await submitInquiry(page, { title: edited, content: '가로 세로 크기가 궁금합니다.' })).toBe(
        InquiryMessages.changed,
      );
      const editedRow = inquiryRow(page, edited);
      await editedRow.waitFor();
      // The row stays open with the edited question.
      await editedRow.getByText('가로 세로 크기가 궁금합니다.').waitFor();

      await editedRow.getByRole('button', { name: '삭제' }).click();
      const confirm = page.getByTestId('inquiry-delete-confirm');
      await confirm.waitFor();
      await expectAccessible(page);
      await confirm.getByRole('button', { name: '삭제' }).click();
      await editedRow.waitFor({ state: 'detached' });
      const mine = await callApi<InquiryDto[]>(author, 'GET', `/api/qa/list/my/${author.mno}`);
      expect(mine).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );
});
