import { RefundMessages } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import type { Page } from 'playwright-core';
import { newShopper, openSignedIn } from './checkout-support';
import {
  decideRefundApi,
  loginAdmin,
  loginSeller,
  otherSellersOptions,
  payOrder,
  placeUnpaidOrder,
  refundHistoryApi,
  requestRefundApi,
  sellerOptions,
  signInConsole,
  waitForOrderStatus,
  waitForRefundStatus,
} from './refund-support';
import {
  baseUrl,
  expectAccessible,
  expectPhoneLayout,
  nextDialog,
  poll,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForText,
} from './support';

/**
 * Refunds in a real Chromium against the running server: the shopper asks in the order's refund
 * modal, the seller approves in the sellerPage, the history shows it done; the history's filters,
 * sorting, paging and states. Orders are placed and paid through the API.
 */

const REASON = '받은 상품이 설명과 달라서 환불을 요청합니다.';

const refundButton = (page: Page) => page.getByRole('button', { name: '환불 신청', exact: true });
const refundModal = (page: Page) => page.getByRole('dialog', { name: '환불 신청' });

async function rowOrders(page: Page): Promise<number[]> {
  const values = await page
    .getByTestId('refund-row')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-order'))));
  return values;
}

/** The rows' order numbers once the table shows `expected` (or what it shows when time is up). */
async function shownOrders(page: Page, expected: number[]): Promise<number[]> {
  return poll(
    () => rowOrders(page),
    (orders) => orders.join() === expected.join(),
  );
}

const isHistoryCall = (url: URL) => url.pathname === '/api/refunds';

async function focusedText(page: Page): Promise<string> {
  return (await page.evaluate('document.activeElement ? document.activeElement.textContent : ""')) as string;
}

describe('refunds (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'a shopper asks for a refund in the modal, the seller approves it in the console, the history shows it done',
    async () => {
      const shopper = await newShopper('refund-flow');
      const [option] = await sellerOptions(1);
      const { ono, o_totalPrice } = await payOrder(shopper, [{ odno: option.odno, or_count: 2 }]);

      // The paid order offers the refund; the modal's rules.
      const page = await openSignedIn(browser.open, shopper, `/mypage/order/${ono}`);
      await page.getByTestId('order-payment').waitFor();
      await refundButton(page).waitFor();
      await refundButton(page).focus();
      await page.keyboard.press('Enter');
      const modal = refundModal(page);
      await modal.waitFor();
      const reason = modal.getByLabel('환불 사유');
      expect(await page.evaluate('document.activeElement && document.activeElement.tagName')).toBe(
        'TEXTAREA',
      );
      const submit = modal.getByRole('button', { name: '환불 신청' });
      const count = modal.getByTestId('refund-reason-count');
      await waitForText(count, '0 / 500');
      expect(await submit.isDisabled()).toBe(true);
      expect(await modal.innerText()).toContain(formatWon(o_totalPrice));
      await expectAccessible(page);

      await page.keyboard.type('환불해주세요 부탁');
      await waitForText(count, '9 / 500');
      expect(await submit.isDisabled()).toBe(true);
      await page.keyboard.type('!');
      await waitForText(count, '10 / 500');
      expect(await submit.isDisabled()).toBe(false);
      // Ten characters, nine of them spaces: only what is typed counts (issue 25), so the button stays off.
      await reason.fill('         짧');
      await waitForText(count, '1 / 500');
      expect(await submit.isDisabled()).toBe(true);
      // The counter stops at 500.
      await reason.fill('가'.repeat(600));
      await waitForText(count, '500 / 500');

      // Escape closes the modal and gives the focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      expect(await focusedText(page)).toBe('환불 신청');

      await refundButton(page).click();
      await reason.fill(REASON);
      await waitForText(count, `${REASON.length} / 500`);
      await expectPhoneLayout(page, 'refund-modal');
      const requested = nextDialog(page);
      await submit.click();
      expect(await requested).toBe('환불 요청이 접수되었습니다. 판매자 승인 후 환불이 완료됩니다.');
      await page.waitForURL(`${baseUrl()}/mypage/order`);
      await waitForOrderStatus(shopper, ono, 'REFUND_PENDING');

      // Asked once: the order reads 환불 처리중 and offers no refund any more.
      await page.goto(`${baseUrl()}/mypage/order/${ono}`);
      await waitForText(page.getByTestId('order-facts').locator('.order-status'), '환불 처리중');
      expect(await refundButton(page).count()).toBe(0);

      await page.goto(`${baseUrl()}/mypage/refund`);
      const row = page.getByTestId('refund-row').first();
      await row.waitFor();
      expect(await rowOrders(page)).toEqual([ono]);
      const cells = await row.locator('td').allInnerTexts();
      expect(cells[0]).toBe(String(ono));
      expect(cells[1]).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
      // The product, then the refund's reason (issue 25).
      expect(cells[2].split('\n').filter(Boolean)).toEqual([option.p_name, `사유: ${REASON}`]);
      expect(cells[3]).toBe(formatWon(o_totalPrice));
      expect(cells[4]).toBe('처리중');
      expect(await page.getByTestId('refund-page').count()).toBe(0);
      await expectAccessible(page);

      // The seller: the dashboard lists the refund to act on; order management approves it.
      const seller = await loginSeller();
      const sellerPage = await browser.open('/');
      await signInConsole(sellerPage, 'seller', seller);
      await sellerPage.goto(`${baseUrl()}/seller`);
      await sellerPage.getByRole('heading', { name: '처리할 환불 요청' }).waitFor();
      await sellerPage.getByTestId('pending-refunds').waitFor();
      expect(Number(await sellerPage.getByTestId('pending-refund-count').innerText())).toBeGreaterThanOrEqual(
        1,
      );
      await screenshot(sellerPage, 'seller-dashboard-1280');
      await expectAccessible(sellerPage);
      await expectPhoneLayout(sellerPage, 'seller-dashboard');
      await sellerPage.getByRole('link', { name: /주문 관리에서 처리하기/ }).click();
      await sellerPage.waitForURL(`${baseUrl()}/seller/orders?status=REFUND_PENDING`);
      await sellerPage.getByLabel('회원번호').fill(String(shopper.mno));
      await sellerPage.getByRole('button', { name: '조회' }).click();
      await sellerPage.waitForURL(`${baseUrl()}/seller/orders?status=REFUND_PENDING&mno=${shopper.mno}`);
      const sellerRow = sellerPage.locator(`[data-testid="console-order-row"][data-ono="${ono}"]`);
      await sellerRow.waitFor();
      expect(await sellerPage.getByTestId('console-order-row').count()).toBe(1);
      expect(await sellerRow.innerText()).toContain(REASON);
      await expectAccessible(sellerPage);

      await sellerRow.getByRole('button', { name: `${ono}번 주문 환불 승인` }).click();
      const approved = nextDialog(sellerPage);
      await sellerPage
        .getByRole('alertdialog', { name: '환불 승인' })
        .getByRole('button', { name: '승인', exact: true })
        .click();
      expect(await approved).toBe(RefundMessages.approved);
      // The refund completes once the gateway gave the money back: the order leaves the pending filter.
      await waitForOrderStatus(shopper, ono, 'REFUND_COMPLETE');
      await sellerPage
        .getByRole('group', { name: '주문 상태' })
        .getByRole('button', { name: '전체' })
        .click();
      await sellerPage.waitForURL(`${baseUrl()}/seller/orders?mno=${shopper.mno}`);
      const done = sellerRow.getByRole('button', { name: '환불 완료' });
      await poll(
        async () => {
          if ((await done.count()) === 0) await sellerPage.reload();
          return done.count();
        },
        (n) => n === 1,
        20_000,
      );
      expect(await done.isDisabled()).toBe(true);
      // The refund's cell: when it was asked, why, and its part (issue 25): given back, and when.
      const refundCell = (await sellerRow.locator('td').nth(9).innerText()).split('\n');
      expect(refundCell[0]).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
      expect(refundCell).toContain(`사유: ${REASON}`);
      expect(refundCell).toContain('환불 완료');
      expect(refundCell.at(-1)).toMatch(/^환불일 \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
      await screenshot(sellerPage, 'seller-orders-refunded-1280');
      await expectAccessible(sellerPage);

      // The shopper's history: done.
      await waitForRefundStatus(shopper, ono, 'COMPLETED');
      await page.reload();
      await waitForText(page.getByTestId('refund-row').first().locator('.refund-status'), '완료');
      // The row says why and when (issue 25): the reason and the completion's date and time.
      const historyProduct = await page.getByTestId('refund-row').first().locator('td').nth(2).innerText();
      expect(historyProduct).toContain(`사유: ${REASON}`);
      expect(historyProduct).toMatch(/처리 완료 \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}/);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'refund-history-completed');
      await page.getByTestId('refund-row').first().locator('td').nth(2).click();
      await page.waitForURL(`${baseUrl()}/mypage/order/${ono}`);
      await waitForText(page.getByTestId('order-facts').locator('.order-status'), '환불 완료');
      expect(await refundButton(page).count()).toBe(0);
      // The order's page too: the refund's reason, when it was asked and completed, its part given back.
      const orderRefund = page.getByTestId('order-refund');
      await waitForText(orderRefund.getByTestId('refund-reason'), REASON);
      const refundFacts = await orderRefund.innerText();
      expect(refundFacts).toMatch(/신청일\s+\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}/);
      expect(refundFacts).toMatch(/처리 완료일\s+\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}/);
      expect(await orderRefund.getByTestId('refund-part').innerText()).toContain('환불 완료');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'mypage-order-refund');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );

  it(
    "no refund button on an unpaid order; a refund asked elsewhere first: the server's refusal in the spec's alert",
    async () => {
      const shopper = await newShopper('refund-twice');
      const [option] = await otherSellersOptions(1);
      const unpaid = await placeUnpaidOrder(shopper, option.odno);
      const page = await openSignedIn(browser.open, shopper, `/mypage/order/${unpaid.ono}`);
      await waitForText(page.getByTestId('order-facts').locator('.order-status'), '결제 대기');
      expect(await refundButton(page).count()).toBe(0);

      const { ono } = await payOrder(shopper, [{ odno: option.odno, or_count: 1 }]);
      await page.goto(`${baseUrl()}/mypage/order/${ono}`);
      await refundButton(page).click();
      await refundModal(page).getByLabel('환불 사유').fill(REASON);
      // Another tab asked first.
      await requestRefundApi(shopper, ono, REASON);
      const refused = nextDialog(page);
      await refundModal(page).getByRole('button', { name: '환불 신청' }).click();
      expect(await refused).toBe(`서버 응답이 올바르지 않습니다.\n${RefundMessages.alreadyRequested}`);
      // Still on the order, the modal open to cancel.
      expect(new URL(page.url()).pathname).toBe(`/mypage/order/${ono}`);
      await refundModal(page).getByRole('button', { name: '취소' }).click();
      await refundModal(page).waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the history: empty, loading and error states',
    async () => {
      const shopper = await newShopper('refund-states');
      const page = await openSignedIn(browser.open, shopper, '/mypage/refund');
      await page.getByRole('heading', { name: '환불 내역', level: 1 }).waitFor();
      await page.getByText('환불 내역이 없습니다.').waitFor();
      expect(
        await page
          .getByRole('group', { name: '환불 상태' })
          .getByRole('button', { name: '전체' })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'refund-history-empty');

      // Loading: the first answer is held back.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(isHistoryCall, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl()}/mypage/refund?status=REJECTED`);
      await page.getByRole('status').filter({ hasText: '환불 내역을 불러오는 중…' }).waitFor();
      await expectAccessible(page);
      release();
      await page.getByText('환불 내역이 없습니다.').waitFor();
      await page.unrouteAll({ behavior: 'wait' });

      // Error: the server fails.
      await page.route(isHistoryCall, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'INTERNAL', message: '일시적인 오류입니다.' }),
        }),
      );
      await page
        .getByRole('group', { name: '환불 상태' })
        .getByRole('button', { name: '완료', exact: true })
        .click();
      const error = page.getByTestId('refund-history-error');
      await error.waitFor();
      expect(await error.getByRole('heading', { name: '오류가 발생했습니다' }).count()).toBe(1);
      expect(await error.innerText()).toContain('환불 내역을 불러오지 못했습니다.');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'refund-history-error');
      await page.unrouteAll({ behavior: 'wait' });
      await error.getByRole('button', { name: '다시 시도' }).click();
      await page.getByText('환불 내역이 없습니다.').waitFor();
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the history: filters, sorting by date and by amount, ten a page with previous and next; a row opens its order',
    async () => {
      const shopper = await newShopper('refund-history');
      const admin = await loginAdmin();
      const [option] = await otherSellersOptions(1, 100);
      // Twelve refunds, each of a bigger amount than the one before (one more of the option).
      const onos: number[] = [];
      const amounts = new Map<number, number>();
      for (let i = 1; i <= 12; i += 1) {
        const { ono, o_totalPrice } = await payOrder(shopper, [{ odno: option.odno, or_count: i }]);
        onos.push(ono);
        amounts.set(ono, o_totalPrice);
      }
      // The largest amount first in the request order, so amount and date orders differ.
      const requested = [onos[11], ...onos.slice(0, 11)];
      const rfnos = new Map<number, number>();
      for (const ono of requested) rfnos.set(ono, (await requestRefundApi(shopper, ono, REASON)).rfno);
      const completed = [onos[0], onos[1], onos[2]];
      const rejected = [onos[3], onos[4]];
      for (const ono of completed) await decideRefundApi(admin, rfnos.get(ono)!, 'approve');
      for (const ono of rejected) await decideRefundApi(admin, rfnos.get(ono)!, 'reject');
      for (const ono of completed) await waitForRefundStatus(shopper, ono, 'COMPLETED');
      for (const ono of rejected) await waitForRefundStatus(shopper, ono, 'REJECTED');
      expect((await refundHistoryApi(shopper)).totalElements).toBe(12);

      const newestFirst = [...requested].reverse();
      const page = await openSignedIn(browser.open, shopper, '/mypage/refund');
      await page.getByTestId('refund-row').first().waitFor();
      expect(await shownOrders(page, newestFirst.slice(0, 10))).toEqual(newestFirst.slice(0, 10));
      await waitForText(page.getByTestId('refund-page'), '1 / 2');
      const previous = page.getByRole('button', { name: '이전' });
      const next = page.getByRole('button', { name: '다음' });
      expect(await previous.isDisabled()).toBe(true);
      const dateHeader = page.getByRole('columnheader', { name: /요청일시/ });
      const amountHeader = page.getByRole('columnheader', { name: /환불금액/ });
      expect(await dateHeader.getAttribute('aria-sort')).toBe('descending');
      expect(await amountHeader.getAttribute('aria-sort')).toBe('none');
      expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
        '주문번호',
        expect.stringContaining('요청일시'),
        '상품정보',
        expect.stringContaining('환불금액'),
        '상태',
      ]);
      await screenshot(page, 'refund-history-1280');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'refund-history');

      await next.click();
      await page.waitForURL(`${baseUrl()}/mypage/refund?page=2`);
      await waitForText(page.getByTestId('refund-page'), '2 / 2');
      expect(await shownOrders(page, newestFirst.slice(10))).toEqual(newestFirst.slice(10));
      expect(await next.isDisabled()).toBe(true);
      await previous.click();
      await waitForText(page.getByTestId('refund-page'), '1 / 2');

      // By amount: a newly chosen column starts descending; a click toggles.
      const byAmount = [...onos].sort((a, b) => amounts.get(b)! - amounts.get(a)! || b - a);
      await amountHeader.getByRole('button').click();
      await page.waitForURL(`${baseUrl()}/mypage/refund?sort=amount&dir=desc`);
      expect(await shownOrders(page, byAmount.slice(0, 10))).toEqual(byAmount.slice(0, 10));
      expect(await amountHeader.getAttribute('aria-sort')).toBe('descending');
      expect(await dateHeader.getAttribute('aria-sort')).toBe('none');
      const largest = await page.getByTestId('refund-row').first().locator('td').nth(3).innerText();
      expect(largest).toBe(formatWon(amounts.get(onos[11])!));
      await amountHeader.getByRole('button').click();
      await page.waitForURL(`${baseUrl()}/mypage/refund?sort=amount&dir=asc`);
      const smallestFirst = [...byAmount].reverse();
      expect(await shownOrders(page, smallestFirst.slice(0, 10))).toEqual(smallestFirst.slice(0, 10));
      // Back to the date: descending first again, then ascending.
      await dateHeader.getByRole('button').click();
      await page.waitForURL(`${baseUrl()}/mypage/refund`);
      expect(await shownOrders(page, newestFirst.slice(0, 10))).toEqual(newestFirst.slice(0, 10));
      await dateHeader.getByRole('button').click();
      await page.waitForURL(`${baseUrl()}/mypage/refund?sort=requestDate&dir=asc`);
      expect(await shownOrders(page, requested.slice(0, 10))).toEqual(requested.slice(0, 10));
      await dateHeader.getByRole('button').click();

      // Filters: one page each, no paging; an approved refund still waiting for the gateway is processing.
      const filters = page.getByRole('group', { name: '환불 상태' });
      const pending = newestFirst.filter((ono) => !completed.includes(ono) && !rejected.includes(ono));
      await filters.getByRole('button', { name: '처리중', exact: true }).click();
      await page.waitForURL(`${baseUrl()}/mypage/refund?status=PENDING`);
      expect(await shownOrders(page, pending)).toEqual(pending);
      expect(await page.getByTestId('refund-page').count()).toBe(0);
      expect(
        await filters.getByRole('button', { name: '처리중', exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      await filters.getByRole('button', { name: '완료', exact: true }).click();
      await page.waitForURL(`${baseUrl()}/mypage/refund?status=COMPLETED`);
      expect(await shownOrders(page, [...completed].reverse())).toEqual([...completed].reverse());
      expect(new Set(await page.getByTestId('refund-row').locator('.refund-status').allInnerTexts())).toEqual(
        new Set(['완료']),
      );
      await expectAccessible(page);
      await filters.getByRole('button', { name: '거절', exact: true }).click();
      await page.waitForURL(`${baseUrl()}/mypage/refund?status=REJECTED`);
      expect(await shownOrders(page, [...rejected].reverse())).toEqual([...rejected].reverse());
      // The filter keeps the sort.
      await amountHeader.getByRole('button').click();
      await page.waitForURL(`${baseUrl()}/mypage/refund?status=REJECTED&sort=amount&dir=desc`);
      expect(await shownOrders(page, [rejected[1], rejected[0]])).toEqual([rejected[1], rejected[0]]);
      await filters.getByRole('button', { name: '전체', exact: true }).click();
      await page.waitForURL(`${baseUrl()}/mypage/refund?sort=amount&dir=desc`);
      expect(await shownOrders(page, byAmount.slice(0, 10))).toEqual(byAmount.slice(0, 10));

      // A row opens its order; the order number is its link for the keyboard.
      await page.getByTestId('refund-row').nth(1).locator('td').nth(2).click();
      await page.waitForURL(`${baseUrl()}/mypage/order/${byAmount[1]}`);
      await page.goBack();
      await page.getByTestId('refund-row').first().waitFor();
      const link = page.getByRole('link', { name: `주문번호 ${byAmount[0]} 주문 상세` });
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl()}/mypage/order/${byAmount[0]}`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 3,
  );
});
