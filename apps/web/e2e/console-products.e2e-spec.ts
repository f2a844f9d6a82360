import {
  ProductMessages,
  type PageResult,
  type ProductDetailDto,
  type ProductSummaryDto,
} from '@mkt/contracts';
import type { Locator, Page } from 'playwright-core';
import { loginAdmin, loginSeller, signInConsole } from './refund-support';
import {
  baseUrl,
  encodeProductId,
  expectAccessible,
  getJson,
  expectPhoneLayout,
  PHONE_WIDTH,
  nextDialog,
  poll,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
} from './support';

/**
 * The consoles' product management in a real Chromium against the running server: a seller registers
 * a product with two images and two options (the spec's alerts on the way), finds it in the
 * storefront, deletes it (gone from the storefront) and restores it; the admin toggles it too.
 */

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1x1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** The images of the storefront's product named `name`, in order. */
async function productImages(name: string): Promise<string[]> {
  const list = await getJson<PageResult<ProductSummaryDto>>(
    `/api/product/list?keyword=${encodeURIComponent(name)}`,
  );
  const detail = await getJson<ProductDetailDto>(`/api/product/${encodeProductId(list.dtoList[0].pno)}`);
  return detail.productImage.map((image) => image.pi_name);
}

/** Clicks `button` and gives the alert it raises. */
async function alertOf(page: Page, button: Locator): Promise<string> {
  const dialog = nextDialog(page);
  await button.click();
  return dialog;
}

/** Deleting asks first: the question names the product; 취소 keeps it, 삭제 deletes and alerts. */
async function deleteAfterConfirming(page: Page, button: Locator, name: string): Promise<string> {
  await button.click();
  const confirm = page.getByRole('alertdialog', { name: '상품 삭제' });
  expect(await confirm.innerText()).toContain(`'${name}' 상품을 삭제할까요?`);
  await confirm.getByRole('button', { name: '취소' }).click();
  await confirm.waitFor({ state: 'detached' });
  await button.click();
  return alertOf(page, confirm.getByRole('button', { name: '삭제', exact: true }));
}

/** Chooses the first category of each of the three levels (each loads when the one above is chosen). */
async function chooseFirstCategories(scope: Locator): Promise<void> {
  for (const level of ['대분류', '중분류', '소분류']) {
    const select = scope.getByLabel(level, { exact: true });
    await poll(
      () => select.locator('option').count(),
      (n) => n > 1,
    );
    await select.selectOption({ index: 1 });
  }
}

/** The storefront's search for `name`: the product cards it shows. */
async function storefrontHits(page: Page, name: string): Promise<number> {
  await page.goto(`${baseUrl()}/product/list?keyword=${encodeURIComponent(name)}`);
  await page.getByTestId('list-banner').waitFor();
  await page.waitForLoadState('networkidle');
  return page.getByTestId('product-card').filter({ hasText: name }).count();
}

describe('console product management (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'a seller registers a product with two images and two options, finds it in the store, deletes and restores it; the admin toggles it',
    async () => {
      const name = `콘솔 등록 사과 ${Date.now().toString(36)}`;
      const page = await browser.open('/');
      await signInConsole(page, 'seller', await loginSeller());
      await page.goto(`${baseUrl()}/seller/products`);
      await page.getByRole('heading', { name: '상품 관리', level: 1 }).waitFor();
      await page.getByTestId('console-product-row').first().waitFor();
      await expectAccessible(page);
      await expectPhoneLayout(page, 'console-products-seller-list');

      await page.getByRole('button', { name: '상품 등록' }).click();
      const form = page.getByRole('form', { name: '상품 등록' });
      await form.waitFor();
      const submit = form.getByRole('button', { name: '등록', exact: true });
      // The spec's checks, in its order, one alert at a time.
      expect(await alertOf(page, submit)).toBe(ProductMessages.nameRequired);
      await form.getByLabel('상품명').fill(name);
      expect(await alertOf(page, submit)).toBe(ProductMessages.contentRequired);
      await form.getByLabel('상품 설명').fill('아침에 딴 사과를 보내 드립니다.');
      await form.getByLabel('가격 (원)').fill('만원');
      expect(await alertOf(page, submit)).toBe(ProductMessages.priceRequired);
      await form.getByLabel('가격 (원)').fill('12000');
      await form.getByLabel('할인율 (%)').fill('10');
      expect(await alertOf(page, submit)).toBe(ProductMessages.categoryRequired);
      const categories = form.getByRole('group', { name: '카테고리 선택' });
      expect(await alertOf(page, form.getByRole('button', { name: '카테고리 추가' }))).toBe(
        ProductMessages.lowestCategory,
      );
      await chooseFirstCategories(categories);
      await form.getByRole('button', { name: '카테고리 추가' }).click();
      await form.getByRole('list', { name: '설정한 카테고리' }).getByRole('listitem').waitFor();

      const files = ['front', 'back', 'extra'].map((label) => ({
        name: `${label}.png`,
        mimeType: 'image/png',
        buffer: PNG,
      }));
      await form.locator('input[type=file]').setInputFiles(files);
      await poll(
        () => form.getByTestId('image-preview').count(),
        (n) => n === 3,
      );
      await form.getByRole('button', { name: '이미지 3: extra.png 삭제' }).click();
      expect(await form.getByTestId('image-preview').count()).toBe(2);

      for (const [index, option] of [
        ['1kg', '0', '10'],
        ['2kg', '5000', '4'],
      ].entries()) {
        await form.getByRole('button', { name: '옵션 추가' }).click();
        await form.getByLabel(`옵션 ${index + 1} 이름`).fill(option[0]);
        await form.getByLabel(`옵션 ${index + 1} 추가 금액`).fill(option[1]);
        await form.getByLabel(`옵션 ${index + 1} 재고`).fill(option[2]);
      }
      await form.getByRole('button', { name: '옵션 추가' }).click();
      await form.getByRole('button', { name: '옵션 3 삭제' }).click();
      expect(await form.getByTestId('option-row').count()).toBe(2);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'console-products-register');
      // On a phone each image's buttons (←, →, 삭제) keep their labels on one line.
      await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
      const labelLines = await form
        .getByTestId('image-preview')
        .getByRole('button')
        .evaluateAll((buttons) =>
          buttons.map((button) => {
            const label = button.ownerDocument.createRange();
            label.selectNodeContents(button);
            return label.getClientRects().length;
          }),
        );
      expect(labelLines).toEqual([1, 1, 1, 1, 1, 1]);
      await page.setViewportSize({ width: 1280, height: 900 });

      expect(await alertOf(page, submit)).toBe(ProductMessages.registered);
      const search = page.getByRole('search', { name: '상품 검색' });
      await search.getByRole('searchbox').fill(name);
      await search.getByRole('button', { name: '검색' }).click();
      const row = page.getByTestId('console-product-row').filter({ hasText: name });
      await row.waitFor();

      // The detail: name, images, content, price, sale percent and the options with their extra price.
      await row.getByRole('button', { name, exact: true }).click();
      const detail = page.getByRole('article');
      await detail.getByRole('heading', { name }).waitFor();
      expect(await detail.getByRole('img').count()).toBe(2);
      await detail.getByText('12,000원').waitFor();
      await detail.getByText('10%').waitFor();
      const options = await detail.getByRole('row').allInnerTexts();
      expect(options.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
        '옵션명 추가 금액',
        '1kg 0원',
        '2kg 5,000원',
      ]);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'console-products-detail');
      await screenshot(page, 'console-products-detail');

      // The edit form, from the detail: a new price, an option's extra price, the images changed
      // (one removed, a GIF added and moved first), back to the detail.
      const [frontImage] = await productImages(name);
      await detail.getByRole('button', { name: '수정' }).click();
      const edit = page.getByRole('form', { name: '상품 수정' });
      await edit.getByLabel('가격 (원)').fill('13000');
      await edit.getByLabel('옵션 2 추가 금액').fill('6000');
      await edit.getByRole('button', { name: '이미지 2 삭제' }).click();
      await edit
        .locator('input[type=file]')
        .setInputFiles([{ name: 'side.gif', mimeType: 'image/gif', buffer: GIF }]);
      await edit.getByRole('button', { name: '이미지 2: side.gif 앞으로' }).click();
      expect(await edit.getByTestId('image-preview').count()).toBe(2);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'console-products-edit');
      expect(await alertOf(page, edit.getByRole('button', { name: '수정', exact: true }))).toBe(
        ProductMessages.edited,
      );
      await detail.getByText('13,000원').waitFor();
      await detail.getByText('6,000원').waitFor();
      // The store's cached detail follows the change within a second.
      const changed = await poll(
        () => productImages(name),
        (images) => images[0]?.endsWith('.gif') ?? false,
      );
      expect(changed).toHaveLength(2);
      expect(changed[0]).toMatch(/^[0-9a-f]{64}\.gif$/);
      expect(changed[1]).toBe(frontImage);

      const store = await browser.open('/');
      expect(await storefrontHits(store, name)).toBe(1);

      await detail.getByRole('button', { name: '목록' }).click();
      await search.getByRole('searchbox').fill(name);
      await search.getByRole('button', { name: '검색' }).click();
      await row.waitFor();
      expect(await deleteAfterConfirming(page, row.getByRole('button', { name: `${name} 삭제` }), name)).toBe(
        ProductMessages.deleteSucceeded,
      );
      await row.getByRole('button', { name: `${name} 복구` }).waitFor();
      await row.getByText('삭제됨').waitFor();
      expect(await storefrontHits(store, name)).toBe(0);

      expect(await alertOf(page, row.getByRole('button', { name: `${name} 복구` }))).toBe(
        ProductMessages.restoreSucceeded,
      );
      await row.getByRole('button', { name: `${name} 삭제` }).waitFor();
      expect(await storefrontHits(store, name)).toBe(1);

      // The admin's product management: every seller's products, 10 a page, the same toggle.
      const admin = await browser.open('/');
      await signInConsole(admin, 'admin', await loginAdmin());
      await admin.goto(`${baseUrl()}/admin/products`);
      await admin.getByRole('heading', { name: '상품 관리', level: 1 }).waitFor();
      await admin.getByTestId('console-product-row').first().waitFor();
      expect(await admin.getByTestId('console-product-row').count()).toBeLessThanOrEqual(10);
      await admin.getByRole('navigation', { name: '상품 목록 페이지' }).waitFor();
      await expectAccessible(admin);
      await expectPhoneLayout(admin, 'console-products-admin-list');
      const adminSearch = admin.getByRole('search', { name: '상품 검색' });
      await adminSearch.getByRole('searchbox').fill(name);
      await adminSearch.getByRole('button', { name: '검색' }).click();
      const adminRow = admin.getByTestId('console-product-row').filter({ hasText: name });
      await adminRow.waitFor();
      expect(
        await deleteAfterConfirming(admin, adminRow.getByRole('button', { name: `${name} 삭제` }), name),
      ).toBe(ProductMessages.deleteSucceeded);
      await adminRow.getByRole('button', { name: `${name} 복구` }).waitFor();
      expect(await storefrontHits(store, name)).toBe(0);
      expect(await alertOf(admin, adminRow.getByRole('button', { name: `${name} 복구` }))).toBe(
        ProductMessages.restoreSucceeded,
      );
      await adminRow.getByRole('button', { name: `${name} 삭제` }).waitFor();
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 3,
  );
});
