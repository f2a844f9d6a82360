import { performance } from 'node:perf_hooks';
import type { LoginResult, PageResult, ProductDetailDto, ProductSummaryDto } from '@mkt/contracts';
import type { StoreApi } from './store-api';
import { DEMO_ACCOUNTS } from './store-api';

/** The BFF read cache's promise: a committed change is in every instance's answers this soon. */
export const FRESHNESS_BOUND_MS = 1_000;

type Shown = Pick<ProductSummaryDto, 'pPrice' | 'p_stock'>;

/** How long after the commit each BFF's answers first showed a change, at most (ms). */
export interface FreshnessFigures {
  price: number;
  stock: number;
}

/**
 * Changes a product's price (an admin, through the product management API) and its stock (a
 * shopper's order) and reads each BFF's product detail, newest-first list and category list
 * (cached answers, warmed first) until the bound has passed: throws naming every answer that still
 * showed the old value after it. `catalogUrl` reads catalog itself, to see when the order's stock
 * change committed.
 */
export async function checkCatalogFreshness(apis: StoreApi[], catalogUrl: string): Promise<FreshnessFigures> {
  const [first] = apis;
  const newest = await first.call<PageResult<ProductSummaryDto>>(
    undefined,
    'GET',
    '/api/product/list?page=1&size=10&sortBy=pno&sort=desc',
  );
  const product = await first.product(newest.dtoList[0].pno);
  const option = product.optionDetail.find((o) => o.od_stock >= 2);
  if (!option) throw new Error(`product ${product.pno} has no option with stock to order`);
  const views = answersAbout(product);
  for (const api of apis) for (const view of views) await view(api);

  const admin = await first.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const id = Buffer.from(String(product.pno)).toString('base64');
  const managed = await first.call<Record<string, unknown>>(admin, 'GET', `/api/product/manage/${id}`);
  const newPrice = product.pPrice + 100;
  await first.call(admin, 'PUT', `/api/product/${id}`, { ...managed, pPrice: newPrice });
  const price = await watch(apis, views, performance.now(), (shown) => shown.pPrice === newPrice, 'price');

  const shopper: LoginResult = await first.newShopper('freshness');
  await first.placeOrder(shopper, [{ odno: option.odno, or_count: 1 }]);
  const newStock = product.p_stock - 1;
  const committed = await untilCatalogShows(catalogUrl, product.pno, newStock);
  const stock = await watch(apis, views, committed, (shown) => shown.p_stock === newStock, 'stock');
  return { price, stock };
}

/** The cached answers that show the product: its detail, and list pages it is on. */
function answersAbout(product: ProductDetailDto): ((api: StoreApi) => Promise<Shown | undefined>)[] {
  const onPage = (query: string) => async (api: StoreApi) => {
    const page = await api.call<PageResult<ProductSummaryDto>>(
      undefined,
      'GET',
      `/api/product/list?${query}`,
    );
    return page.dtoList.find((item) => item.pno === product.pno);
  };
  return [
    (api) => api.product(product.pno),
    onPage('page=1&size=10&sortBy=pno&sort=desc'),
    onPage(`page=1&size=40&sortBy=pno&sort=desc&ctno=${product.category[0].ctno}`),
  ];
}

/**
 * Reads every view of every BFF until the bound plus a margin has passed since `committedAt`;
 * throws if any read begun after the bound still showed the old value. Answers the longest time
 * from the commit to a view's first fresh read.
 */
async function watch(
  apis: StoreApi[],
  views: ((api: StoreApi) => Promise<Shown | undefined>)[],
  committedAt: number,
  fresh: (shown: Shown) => boolean,
  what: string,
): Promise<number> {
  const firstFresh = new Map<string, number>();
  const stale: string[] = [];
  while (performance.now() < committedAt + FRESHNESS_BOUND_MS + 500) {
    for (const [a, api] of apis.entries()) {
      for (const [v, view] of views.entries()) {
        const began = performance.now();
        const shown = await view(api);
        const key = `BFF ${a + 1}, answer ${v + 1}`;
        if (shown && fresh(shown)) {
          if (!firstFresh.has(key)) firstFresh.set(key, began - committedAt);
        } else if (began > committedAt + FRESHNESS_BOUND_MS) {
          stale.push(`${key} ${Math.round(began - committedAt)} ms after the commit`);
        }
      }
    }
  }
  if (stale.length) throw new Error(`old ${what} still answered: ${stale.slice(0, 5).join('; ')}`);
  return Math.max(0, ...firstFresh.values());
}

/** When catalog itself first shows the stock (just after its commit). */
async function untilCatalogShows(catalogUrl: string, pno: number, stock: number): Promise<number> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const product = (await (await fetch(`${catalogUrl}/products/${pno}`)).json()) as ProductDetailDto;
    if (product.p_stock === stock) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`catalog never showed stock ${stock} for product ${pno}`);
}
