import type { LoginResult, ManagedProductDto, PageResult } from '@mkt/contracts';
import { loginSeller, signInConsole } from './refund-support';
import {
  baseUrl,
  dropDownLook,
  expectAccessible,
  expectOneRowOfTabs,
  expectPhoneLayout,
  PHONE_WIDTH,
  screenshot,
  TEST_TIMEOUT_MS,
  useBrowser,
  waitForText,
} from './support';

/**
 * The consoles' shell and product screens where they once depended on something else: the category
 * drop-downs drawn whichever page was opened first, the side bar on a phone, and a product without
 * stock shown as the store shows it.
 */

/** Registers a product of the seller through the API; gives its number. */
async function registerThroughApi(seller: LoginResult, name: string, fields: Record<string, string>) {
  const form = new FormData();
  form.append('dto', JSON.stringify({ pName: name, pContent: '재고 확인용 상품입니다.', ...fields }));
  const categories = (await (await fetch(`${baseUrl()}/api/categories/depth/3`)).json()) as {
    ctno: number;
  }[];
  form.append('ctnoList', JSON.stringify([categories[0].ctno]));
  const auth = { Authorization: `Bearer ${seller.accessToken}` };
  const registered = await fetch(`${baseUrl()}/api/product/`, { method: 'POST', headers: auth, body: form });
  expect(registered.status).toBe(200);
  const list = (await (
    await fetch(
      `${baseUrl()}/api/admin/productList?page=1&size=10&ctno=0&keyword=${encodeURIComponent(name)}`,
      {
        headers: auth,
      },
    )
  ).json()) as PageResult<ManagedProductDto>;
  return list.dtoList[0].pno;
}

describe('console layout (browser)', () => {
  const browser = useBrowser();
  const { pageErrors } = browser;

  it(
    'draws the category drop-downs when the console is the first page opened, and a product without stock is 품절 as in the store',
    async () => {
      const seller = await loginSeller();
      const name = `재고 없는 상품 ${Date.now().toString(36)}`;
      const pno = await registerThroughApi(seller, name, { pPrice: '0', pSalePer: '0', pStock: '0' });

      // Straight to the console: no store page was visited before.
      const page = await browser.open('/seller/login', { waitUntil: 'domcontentloaded' });
      await signInConsole(page, 'seller', seller);
      await page.goto(`${baseUrl()}/seller/products`);
      await page.getByTestId('console-product-row').first().waitFor();
      expect(await dropDownLook(page, '.console-products select')).toEqual({
        appearance: 'none',
        minHeight: '44px',
      });

      const search = page.getByRole('search', { name: '상품 검색' });
      await search.getByRole('searchbox').fill(name);
      await search.getByRole('button', { name: '검색' }).click();
      const row = page.getByTestId('console-product-row').filter({ hasText: name });
      await waitForText(row.getByTestId('sale-state'), '품절');
      await row.getByRole('button', { name, exact: true }).click();
      await waitForText(page.getByRole('article').getByTestId('sale-state'), '품절');
      await expectAccessible(page);

      const store = await browser.open(`/product/${pno}`);
      await waitForText(store.locator('.purchase__soldout'), '품절');
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS * 2,
  );

  it(
    'gives phones a compact side bar: the menu one row of tabs, the section on the first screen',
    async () => {
      const page = await browser.open('/seller/login', {
        viewport: { width: PHONE_WIDTH, height: 844 },
        contextOptions: { hasTouch: true, isMobile: true },
      });
      await signInConsole(page, 'seller', await loginSeller());
      await page.goto(`${baseUrl()}/seller/qa`);
      const title = page.getByRole('heading', { name: '상품 문의', level: 1 });
      await title.waitFor();
      const menu = page.getByRole('navigation', { name: '판매자 메뉴' });
      const bar = await page.locator('.console__side').boundingBox();
      expect(bar!.height).toBeLessThan(140);
      await expectOneRowOfTabs(menu);
      expect((await title.boundingBox())!.y).toBeLessThan(844 / 3);
      await screenshot(page, 'console-side-bar-seller-qa-390');
      await expectPhoneLayout(page, 'console-side-bar-seller');

      // The other sections keep the same bar.
      await menu.getByRole('link', { name: '주문 관리' }).click();
      await page.getByRole('heading', { name: '주문 관리', level: 1 }).waitFor();
      expect((await page.locator('.console__side').boundingBox())!.height).toBeLessThan(140);
      expect(pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
