import type { LoginResult, ReviewDto } from '@mkt/contracts';
import { ReviewMessages } from '@mkt/contracts';
import type { Page } from 'playwright-core';
import { newShopper, openSignedIn, orderableOptions, placePaidOrder } from './checkout-support';
import { addToCart } from './shopping';
import {
  baseUrl,
  expectAccessible,
  expectPhoneLayout,
  getJson,
  nextDialog,
  poll,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForHydration,
  waitForText,
} from './support';

/**
 * Reviews in a real Chromium against the running server: a shopper reviews a line of a paid order
 * on /mypage/review, finds it in the written tab and on the product page, and likes it there.
 */

const REVIEW = { title: '포장이 꼼꼼해요', content: '신선하게 잘 받았습니다.\n다음에도 살게요.' };

/** A new shopper with a paid order of one piece of a product; the product. */
async function shopperWithPurchase(
  prefix: string,
): Promise<{ login: LoginResult; pno: number; name: string }> {
  const login = await newShopper(prefix);
  const [option] = await orderableOptions(1);
  const lines = await addToCart(login, option.odno, 1);
  await placePaidOrder(
    login,
    lines.filter((line) => line.odno === option.odno),
  );
  return { login, pno: option.pno, name: option.p_name };
}

/** Presses the submit button and gives the alert it shows. */
async function submitAlert(page: Page): Promise<string> {
  const alert = nextDialog(page);
  await page.getByRole('dialog', { name: '리뷰 작성' }).getByRole('button', { name: '등록' }).click();
  return alert;
}

describe('reviews (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'a shopper reviews a bought product in the modal (the checks in order), sees it written and on the product page, and likes it there',
    async () => {
      const { login, pno, name } = await shopperWithPurchase('review-flow');
      const page = await openSignedIn(browser.open, login, '/mypage/review');

      // The writable tab lists the bought line; the written one is empty.
      const writable = page.getByTestId('writable-line');
      await writable.filter({ hasText: name }).waitFor();
      expect(await writable.count()).toBe(1);
      expect(await page.getByRole('tab', { name: /작성 가능한 리뷰/ }).getAttribute('aria-selected')).toBe(
        'true',
      );
      const notes = await page.getByLabel('적립금 안내').getByRole('listitem').allInnerTexts();
      expect(notes).toHaveLength(4);
      expect(notes.join('\n')).toMatch(/5,000원[\s\S]*50원[\s\S]*한 달에 한 번[\s\S]*1주일/);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'mypage-review');
      await page.getByRole('tab', { name: /작성한 리뷰/ }).click();
      await waitForText(page.getByTestId('review-tab-written'), '작성한 리뷰가 없습니다.');
      await page.getByRole('tab', { name: /작성 가능한 리뷰/ }).click();

      // The modal locks the page and checks title, rating, content in that order.
      await page.getByRole('button', { name: `${name} 리뷰 작성` }).click();
      const modal = page.getByRole('dialog', { name: '리뷰 작성' });
      await modal.waitFor();
      expect(await page.evaluate<string>('getComputedStyle(document.body).overflow')).toBe('hidden');
      expect(await modal.getByLabel('내용').getAttribute('rows')).toBe('4');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'mypage-review-modal');
      expect(await submitAlert(page)).toBe(ReviewMessages.titleRequired);
      await modal.getByLabel('제목').fill(REVIEW.title);
      expect(await submitAlert(page)).toBe(ReviewMessages.rateRequired);
      await modal.locator('label').filter({ hasText: '4점' }).click();
      expect(await submitAlert(page)).toBe(ReviewMessages.contentRequired);
      await modal.getByLabel('내용').fill(`${REVIEW.content}\n${'한 줄 더\n'.repeat(12)}`);
      expect(await modal.getByLabel('내용').getAttribute('rows')).toBe('10');
      await modal.getByLabel('내용').fill(REVIEW.content);

      // Saved: the alert, the modal gone, the written tab shows it.
      expect(await submitAlert(page)).toBe(ReviewMessages.registered);
      await modal.waitFor({ state: 'detached' });
      expect(await page.evaluate<string>('getComputedStyle(document.body).overflow')).not.toBe('hidden');
      const written = page.getByTestId('written-line').filter({ hasText: name });
      await written.getByText(REVIEW.title).waitFor();
      await written.getByText('다음에도 살게요.').waitFor();
      expect(await written.getByRole('img', { name: '별점 5점 만점에 4점' }).count()).toBe(1);
      expect(await page.getByRole('tab', { name: /작성한 리뷰/ }).getAttribute('aria-selected')).toBe('true');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'mypage-review-written');
      await page.getByRole('tab', { name: /작성 가능한 리뷰/ }).click();
      await waitForText(page.getByTestId('review-tab-writable'), '작성 가능한 리뷰가 없습니다.');

      // On the product page, newest first, with its like button.
      const newest = await getJson<{ dtoList: ReviewDto[] }>(
        `/api/review/list/${pno}?page=1&size=1&sortBy=rno`,
      );
      const [review] = newest.dtoList;
      expect(review).toMatchObject({ title: REVIEW.title, rate: 4, reviewLike: 0 });
      await page.goto(`${baseUrl()}/product/${pno}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: '최신순' }).click();
      const item = page.getByTestId('review').filter({ hasText: REVIEW.title });
      await item.getByText('다음에도 살게요.').waitFor();
      const likeButton = item.getByTestId('review-like');
      expect(await likeButton.getAttribute('aria-pressed')).toBe('false');

      await likeButton.click();
      await poll(
        () => likeButton.getAttribute('aria-pressed'),
        (pressed) => pressed === 'true',
      );
      await waitForText(item.getByTestId('review-like-count'), '1');
      expect((await getJson<ReviewDto>(`/api/review/review/${review.rno}`)).reviewLike).toBe(1);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'product-review-liked');

      // Liked again: the like is taken back.
      await likeButton.click();
      await poll(
        () => likeButton.getAttribute('aria-pressed'),
        (pressed) => pressed === 'false',
      );
      await waitForText(item.getByTestId('review-like-count'), '0');
      expect((await getJson<ReviewDto>(`/api/review/review/${review.rno}`)).reviewLike).toBe(0);

      // A reload shows what the server keeps.
      await likeButton.click();
      await waitForText(item.getByTestId('review-like-count'), '1');
      await page.reload();
      await waitForHydration(page);
      await page.getByRole('button', { name: '최신순' }).click();
      const reloaded = page.getByTestId('review').filter({ hasText: REVIEW.title });
      await waitForText(reloaded.getByTestId('review-like-count'), '1');
      await poll(
        () => reloaded.getByTestId('review-like').getAttribute('aria-pressed'),
        (pressed) => pressed === 'true',
      );
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );

  it(
    'a visitor pressing 도움돼요 is asked to sign in, and nothing is counted',
    async () => {
      const products = await getJson<{ dtoList: { pno: number }[] }>('/api/product/list?page=1&size=40');
      let pno = 0;
      let first: ReviewDto | undefined;
      for (const product of products.dtoList) {
        const reviews = await getJson<{ dtoList: ReviewDto[] }>(
          `/api/review/list/${product.pno}?page=1&size=10&sortBy=reviewLike`,
        );
        [first] = reviews.dtoList;
        pno = product.pno;
        if (first) break;
      }
      if (!first) throw new Error('no product of the demo store has a review');
      const page = await browser.open(`/product/${pno}`);
      const likeButton = page.getByTestId('review-like').first();
      await likeButton.waitFor();

      const alert = nextDialog(page);
      await likeButton.click();
      expect(await alert).toBe('로그인이 필요합니다.');
      await page.waitForURL(`${baseUrl()}/member/login`);
      expect((await getJson<ReviewDto>(`/api/review/review/${first.rno}`)).reviewLike).toBe(first.reviewLike);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
