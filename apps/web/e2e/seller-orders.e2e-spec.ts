import { RefundMessages, type OrderLineDto } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import type { Locator, Page } from 'playwright-core';
import { newShopper, openSignedIn } from './checkout-support';
import {
  decideRefundApi,
  loginAdmin,
  loginSeller,
  otherSellersOptions,
  payOrder,
  requestRefundApi,
  sellerOptions,
  signInConsole,
  waitForOrderStatus,
} from './refund-support';
import { callApi } from './shopping';
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
 * The console's order management in a real Chromium against the running server: the seller's
 * orders of one member (set up through the API), the 11 columns, sorting, the status and member
 * filters, approving and rejecting, the loading, error and empty states, and the admin's view.
 */

const REASON = '색상이 사진과 달라 환불을 요청합니다.';

const rows = (page: Page) => page.getByTestId('console-order-row');
const rowOf = (page: Page, ono: number) =>
  page.locator(`[data-testid="console-order-row"][data-ono="${ono}"]`);

async function shownOnos(page: Page, expected: number[]): Promise<number[]> {
  return poll(
    async () =>
      (await rows(page).evaluateAll((trs) =>
        trs.map((tr) => Number(tr.getAttribute('data-ono'))),
      )) as number[],
    (onos) => onos.join() === expected.join(),
  );
}

function header(page: Page, name: string): Locator {
  return page.getByRole('columnheader', { name: new RegExp(`^${name}`) });
}

function statusFilter(page: Page, name: string): Locator {
  return page.getByRole('group', { name: '주문 상태' }).getByRole('button', { name, exact: true });
}

/** Reloads until the row's action reads `label` (the refund's events move the order). */
async function waitForAction(page: Page, ono: number, label: string): Promise<void> {
  const button = rowOf(page, ono).getByRole('button', { name: label });
  await poll(
    async () => {
      if ((await button.count()) === 0) {
        await page.reload();
        await rows(page).first().waitFor();
      }
      return button.count();
    },
    (n) => n === 1,
    20_000,
  );
  expect(await button.count()).toBe(1);
}

/** The element is wholly inside the visible part of the order table's box, which scrolls sideways. */
async function isInsideTableBox(page: Page, element: Locator): Promise<boolean> {
  const box = (await page.getByRole('region', { name: '주문 표' }).boundingBox())!;
  const place = (await element.boundingBox())!;
  return place.x >= box.x && place.x + place.width <= box.x + box.width;
}

describe('console order management (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    "a member's orders: the columns with the seller's lines, sorting, the status filter, the spec's alert without a refund, an approval asked to confirm and shown at once, a rejection with a reason, cards at 390 px; the admin sees the whole order and every part",
    async () => {
      const shopper = await newShopper('seller-orders');
      const seller = await loginSeller();
      const [mine, mine2] = await sellerOptions(2);
      const [theirs] = await otherSellersOptions(1);

      const plain = await payOrder(shopper, [{ odno: mine.odno, or_count: 1 }]);
      const shared = await payOrder(shopper, [
        { odno: mine2.odno, or_count: 3 },
        { odno: theirs.odno, or_count: 1 },
      ]);
      const refunded = await payOrder(shopper, [{ odno: mine.odno, or_count: 2 }]);
      const approvable = await payOrder(shopper, [{ odno: mine2.odno, or_count: 1 }]);
      await requestRefundApi(shopper, shared.ono, REASON);
      await requestRefundApi(shopper, approvable.ono, REASON);
      const done = await requestRefundApi(shopper, refunded.ono, REASON);
      await decideRefundApi(seller, done.rfno, 'approve');
      await waitForOrderStatus(shopper, shared.ono, 'REFUND_PENDING');
      await waitForOrderStatus(shopper, refunded.ono, 'REFUND_COMPLETE');
      // The seller sees only its own line of the shared order, and its amount.
      const sharedLines = await callApi<OrderLineDto[]>(
        shopper,
        'GET',
        `/api/order-details/order/${shared.ono}`,
      );
      const sellersLine = sharedLines.find((line) => line.sellerId === seller.mno)!;
      const sellersPart = sellersLine.or_amount;
      expect(sellersPart).toBeLessThan(shared.o_totalPrice);

      const page = await browser.open('/');
      await signInConsole(page, 'seller', seller);
      await page.goto(`${baseUrl()}/seller/orders?mno=${shopper.mno}`);
      await page.getByRole('heading', { name: '주문 관리', level: 1 }).waitFor();
      await rows(page).first().waitFor();
      // The sorted column's arrow (hidden from assistive technology) next to its name.
      const headers = await page.getByRole('columnheader').allInnerTexts();
      expect(headers.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
        '주문번호 ▲',
        '주문일시 ↕',
        '주문금액 ↕',
        '주문상태 ↕',
        '회원번호 ↕',
        '주문 상품',
        '받는 분',
        '배송 주소',
        '연락처',
        '환불 요청일',
        '환불 완료일',
        '환불 처리',
      ]);
      expect(await shownOnos(page, [plain.ono, shared.ono, refunded.ono, approvable.ono])).toEqual([
        plain.ono,
        shared.ono,
        refunded.ono,
        approvable.ono,
      ]);
      expect(await header(page, '주문번호').getAttribute('aria-sort')).toBe('ascending');
      expect(await page.getByLabel('회원번호').inputValue()).toBe(String(shopper.mno));
      const sharedCells = await rowOf(page, shared.ono).locator('td').allInnerTexts();
      expect(sharedCells[2]).toBe(formatWon(sellersPart));
      expect(sharedCells[3]).toBe('환불 처리중');
      expect(sharedCells[4]).toBe(String(shopper.mno));
      // What to ship: the seller's own line only (product, option, count, amount), not the other seller's.
      expect(sharedCells[5]).toContain(sellersLine.p_name);
      expect(sharedCells[5]).toContain(`${sellersLine.od_name} · 3개 · ${formatWon(sellersPart)}`);
      expect(sharedCells[5]).not.toContain(theirs.p_name);
      expect(sharedCells[6]).toBe(shopper.m_name);
      expect(sharedCells[7]).toBe(shopper.def_addr);
      expect(sharedCells[8]).toBe(shopper.m_phoNum);
      expect(sharedCells[9]).toContain(REASON);
      // The refund's part this seller decides: its products, amount and state.
      const parts = rowOf(page, shared.ono).getByTestId('refund-part');
      expect(await parts.count()).toBe(1);
      expect(await parts.first().innerText()).toContain(formatWon(sellersPart));
      expect(await parts.first().innerText()).toContain('판매자 확인 중');
      expect(sharedCells[10]).toBe('-');
      expect(await rowOf(page, plain.ono).locator('td').nth(9).innerText()).toBe('-');
      const complete = rowOf(page, refunded.ono).getByRole('button', { name: '환불 완료' });
      expect(await complete.isDisabled()).toBe(true);
      await screenshot(page, 'seller-orders-1280');
      await expectAccessible(page);
      // At 1280 px the table fits its box, the refund's buttons on screen (longer values would make
      // the table scroll under them: they stay at the box's right edge).
      const tableBox = page.getByRole('region', { name: '주문 표' });
      expect(await tableBox.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const approvableButton = rowOf(page, approvable.ono).getByRole('button', { name: /환불 승인$/ });
      expect(await isInsideTableBox(page, approvableButton)).toBe(true);

      // Sorting: a new column ascending first, then descending.
      const byAmount = [plain, { ...shared, o_totalPrice: sellersPart }, refunded, approvable]
        .sort((a, b) => a.o_totalPrice - b.o_totalPrice || a.ono - b.ono)
        .map((order) => order.ono);
      await header(page, '주문금액').getByRole('button').click();
      await page.waitForURL(`${baseUrl()}/seller/orders?mno=${shopper.mno}&sort=o_totalPrice&dir=asc`);
      expect(await shownOnos(page, byAmount)).toEqual(byAmount);
      expect(await header(page, '주문금액').getAttribute('aria-sort')).toBe('ascending');
      expect(await header(page, '주문번호').getAttribute('aria-sort')).toBe('none');
      await header(page, '주문금액').getByRole('button').click();
      expect(await shownOnos(page, [...byAmount].reverse())).toEqual([...byAmount].reverse());
      expect(await header(page, '주문금액').getAttribute('aria-sort')).toBe('descending');
      await header(page, '주문상태').getByRole('button').click();
      // ORDER_COMPLETE, REFUND_COMPLETE, REFUND_PENDING
      const byStatus = [plain.ono, refunded.ono, shared.ono, approvable.ono];
      expect(await shownOnos(page, byStatus)).toEqual(byStatus);
      const byDate = [plain.ono, shared.ono, refunded.ono, approvable.ono];
      await header(page, '주문일시').getByRole('button').click();
      expect(await shownOnos(page, byDate)).toEqual(byDate);
      await header(page, '주문일시').getByRole('button').click();
      expect(await shownOnos(page, [...byDate].reverse())).toEqual([...byDate].reverse());
      await header(page, '회원번호').getByRole('button').click();
      await page.waitForURL(`${baseUrl()}/seller/orders?mno=${shopper.mno}&sort=mno&dir=asc`);
      expect(await shownOnos(page, byDate)).toEqual(byDate);

      // The status filter, with the member's filter kept.
      await statusFilter(page, '환불 처리중').click();
      await page.waitForURL(
        `${baseUrl()}/seller/orders?status=REFUND_PENDING&mno=${shopper.mno}&sort=mno&dir=asc`,
      );
      expect(await shownOnos(page, [shared.ono, approvable.ono])).toEqual([shared.ono, approvable.ono]);
      expect(await statusFilter(page, '환불 처리중').getAttribute('aria-pressed')).toBe('true');
      await statusFilter(page, '환불 완료').click();
      expect(await shownOnos(page, [refunded.ono])).toEqual([refunded.ono]);
      await statusFilter(page, '결제완료').click();
      expect(await shownOnos(page, [plain.ono])).toEqual([plain.ono]);
      await expectAccessible(page);

      // An order without a refund: the spec's approve button says there is nothing to approve.
      const noRefund = nextDialog(page);
      await rowOf(page, plain.ono)
        .getByRole('button', { name: `${plain.ono}번 주문 환불 승인` })
        .click();
      expect(await noRefund).toBe('환불 정보가 없습니다.');

      // Approving asks first: 취소 changes nothing; 승인 approves, and the row says so without a reload.
      await statusFilter(page, '전체').click();
      await page.waitForURL(`${baseUrl()}/seller/orders?mno=${shopper.mno}&sort=mno&dir=asc`);
      await page.evaluate('window.__sameDocument = true');
      const approveButton = rowOf(page, approvable.ono).getByRole('button', {
        name: `${approvable.ono}번 주문 환불 승인`,
      });
      await approveButton.click();
      const confirm = page.getByRole('alertdialog', { name: '환불 승인' });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(`${approvable.ono}번 주문의 환불`);
      await expectAccessible(page);
      await confirm.getByRole('button', { name: '취소' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await approveButton.isEnabled()).toBe(true);
      await approveButton.click();
      const approved = nextDialog(page);
      await confirm.getByRole('button', { name: '승인' }).click();
      expect(await approved).toBe(RefundMessages.approved);
      await poll(
        () => rowOf(page, approvable.ono).locator('td').last().innerText(),
        (text) => /승인함 · 결제 취소 중|환불 완료/.test(text),
      );
      expect(await page.evaluate('window.__sameDocument')).toBe(true);
      // The label is whole at 1280 px, not cut off.
      const note = rowOf(page, approvable.ono).locator('td').last().getByRole('button');
      expect(await note.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // Rejecting takes a reason in a small modal.
      await rowOf(page, shared.ono)
        .getByRole('button', { name: `${shared.ono}번 주문 환불 거절` })
        .click();
      const modal = page.getByRole('dialog', { name: '환불 거절' });
      await modal.waitFor();
      const rejectButton = modal.getByRole('button', { name: '거절하기' });
      expect(await rejectButton.isDisabled()).toBe(true);
      await modal.getByLabel('거절 사유').fill('   ');
      expect(await rejectButton.isDisabled()).toBe(true);
      await modal.getByLabel('거절 사유').fill('이미 사용한 흔적이 있어 환불할 수 없습니다.');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'seller-orders-reject');
      const rejected = nextDialog(page);
      await rejectButton.click();
      expect(await rejected).toBe(RefundMessages.rejected);
      await modal.waitFor({ state: 'detached' });
      // Only this seller's part is rejected; the other seller still decides its own.
      await waitForAction(page, shared.ono, '환불 거절됨');
      expect(await rowOf(page, shared.ono).getByRole('button', { name: '환불 거절됨' }).isDisabled()).toBe(
        true,
      );
      await waitForOrderStatus(shopper, shared.ono, 'REFUND_PENDING');

      // The 390 px console: each order a card, nothing wider than the screen, the buttons on it.
      await expectPhoneLayout(page, 'seller-orders');
      await page.setViewportSize({ width: 390, height: 844 });
      const box = page.getByRole('region', { name: '주문 표' });
      expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const pending = await requestRefundApi(shopper, plain.ono, REASON);
      // 거절 shows only once the refund is there (the spec's 환불 승인 shows without one too).
      await waitForAction(page, plain.ono, `${plain.ono}번 주문 환불 거절`);
      for (const name of [`${plain.ono}번 주문 환불 승인`, `${plain.ono}번 주문 환불 거절`]) {
        const button = rowOf(page, plain.ono).getByRole('button', { name });
        await button.scrollIntoViewIfNeeded();
        const place = (await button.boundingBox())!;
        expect(place.x).toBeGreaterThanOrEqual(0);
        expect(place.x + place.width).toBeLessThanOrEqual(390);
      }
      // Each card's values start in one column, right of the labels: numbers, badges and the
      // refund's reason and parts too.
      const valueStarts = await rowOf(page, plain.ono)
        .locator('td:not(:last-child)')
        .evaluateAll((cells) =>
          cells.map((cell) => {
            const contents = cell.ownerDocument.createRange();
            contents.selectNodeContents(cell);
            return Math.round(contents.getBoundingClientRect().x);
          }),
        );
      expect(new Set(valueStarts).size).toBe(1);
      await rowOf(page, plain.ono).scrollIntoViewIfNeeded();
      await screenshot(page, 'seller-orders-cards-390');
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await decideRefundApi(seller, pending.rfno, 'approve');

      // The admin sees the shared order whole, and may open order management from its menu.
      const admin = await browser.open('/');
      await signInConsole(admin, 'admin', await loginAdmin());
      await admin.goto(`${baseUrl()}/admin`);
      await admin
        .getByRole('navigation', { name: '관리자 메뉴' })
        .getByRole('link', { name: '주문 관리' })
        .click();
      await admin.waitForURL(`${baseUrl()}/admin/orders`);
      await admin.getByLabel('회원번호').fill(String(shopper.mno));
      await admin.getByLabel('회원번호').press('Enter');
      await admin.waitForURL(`${baseUrl()}/admin/orders?mno=${shopper.mno}`);
      expect(await shownOnos(admin, [plain.ono, shared.ono, refunded.ono, approvable.ono])).toEqual([
        plain.ono,
        shared.ono,
        refunded.ono,
        approvable.ono,
      ]);
      expect(await rowOf(admin, shared.ono).locator('td').nth(2).innerText()).toBe(
        formatWon(shared.o_totalPrice),
      );
      // Both sellers' lines, and both parts: one rejected, the other still to decide.
      expect(
        await rowOf(admin, shared.ono).getByTestId('console-order-lines').getByRole('listitem').count(),
      ).toBe(2);
      const adminParts = rowOf(admin, shared.ono).getByTestId('refund-part');
      expect(await adminParts.count()).toBe(2);
      expect((await adminParts.allInnerTexts()).join()).toContain('거절');
      expect((await adminParts.allInnerTexts()).join()).toContain('판매자 확인 중');
      await expectAccessible(admin);
      await expectPhoneLayout(admin, 'admin-orders');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );

  it(
    "order management's loading, error and empty states; a member number that is not one",
    async () => {
      const seller = await loginSeller();
      const nobody = await newShopper('seller-orders-none');
      const page = await browser.open('/');
      await signInConsole(page, 'seller', seller);

      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const isOrders = (url: URL) => url.pathname.startsWith('/api/orders');
      await page.route(isOrders, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl()}/seller/orders`);
      await page.getByRole('status').filter({ hasText: '로딩 중...' }).waitFor();
      await expectAccessible(page);
      release();
      await page.unrouteAll({ behavior: 'wait' });

      await page.route(isOrders, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'INTERNAL', message: '일시적인 오류입니다.' }),
        }),
      );
      await statusFilter(page, '환불 완료').click();
      const error = page.getByRole('alert').filter({ hasText: '오류: 일시적인 오류입니다.' });
      await error.waitFor();
      await expectAccessible(page);
      await page.unrouteAll({ behavior: 'wait' });
      await error.getByRole('button', { name: '다시 시도' }).click();
      await error.waitFor({ state: 'detached' });

      // A member without orders.
      await page.getByLabel('회원번호').fill(String(nobody.mno));
      await page.getByRole('button', { name: '조회' }).click();
      await page.waitForURL(`${baseUrl()}/seller/orders?status=REFUND_COMPLETE&mno=${nobody.mno}`);
      await waitForText(page.getByTestId('console-orders-empty'), '주문 내역이 없습니다.');
      await expectAccessible(page);
      await expectPhoneLayout(page, 'seller-orders-empty');

      // Not a member number: said next to the field, the list as it was.
      await page.getByLabel('회원번호').fill('abc');
      await page.getByRole('button', { name: '조회' }).click();
      await page.getByText('회원번호는 1 이상의 숫자로 입력해 주세요.').waitFor();
      expect(await page.getByLabel('회원번호').getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).search).toBe(`?status=REFUND_COMPLETE&mno=${nobody.mno}`);
      await expectAccessible(page);
      // 전체 회원 clears the member filter.
      await page.getByRole('button', { name: '전체 회원' }).click();
      await page.waitForURL(`${baseUrl()}/seller/orders?status=REFUND_COMPLETE`);
      expect(await page.getByLabel('회원번호').inputValue()).toBe('');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "a shopper's login cannot open the seller console",
    async () => {
      const shopper = await newShopper('seller-orders-shopper');
      const page = await openSignedIn(browser.open, shopper, '/seller/orders');
      await page.waitForURL(`${baseUrl()}/seller/login`);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
