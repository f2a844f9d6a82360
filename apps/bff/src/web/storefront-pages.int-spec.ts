import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProductDetailDto } from '@mkt/contracts';
import { WEB_DIST } from '@mkt/testing/browser';
import { loadStorefrontRenderer, StorefrontPages } from './storefront-pages';

/** The web build's real renderer, given a product its price rules reject (the store's pages: apps/standalone/test/bff-api/storefront). */
const SHELL =
  '<!doctype html><html><head><title>딜마켓</title></head><body><div id="root"></div></body></html>';

describe('a page whose rendering fails', () => {
  let server: Server;
  let url: string;
  const broken: ProductDetailDto = {
    pno: 5,
    pName: '깨진 상품',
    p_name: '깨진 상품',
    pPrice: 1_000,
    p_price: 1_000,
    // No sale above 100%: the price rules throw while the page renders.
    pSalePer: 150,
    p_salePer: 150,
    p_salesVol: 0,
    p_stock: 1,
    delFlag: false,
    businessName: '가게',
    productImage: [],
    pContent: '',
    sno: 1,
    optionDetail: [],
    category: [],
  };

  const sound: ProductDetailDto = { ...broken, pno: 6, pName: '멀쩡한 상품', pSalePer: 10, p_salePer: 10 };

  beforeAll(async () => {
    const pages = new StorefrontPages({
      render: loadStorefrontRenderer(WEB_DIST),
      shell: SHELL,
      data: () => ({
        product: async (pno) => (pno === broken.pno ? broken : sound),
        reviewRating: async () => ({ count: 0, average: 0 }),
        // A product page reads nothing else.
        products: () => Promise.reject(new Error('not read')),
        categoriesAtDepth: () => Promise.reject(new Error('not read')),
        subCategories: () => Promise.reject(new Error('not read')),
        randomCategories: () => Promise.reject(new Error('not read')),
        notices: () => Promise.reject(new Error('not read')),
        notice: () => Promise.reject(new Error('not read')),
        faqs: () => Promise.reject(new Error('not read')),
      }),
    });
    server = createServer(
      (req, res) => void pages.answer(`${url}${req.url ?? '/'}`, req.method ?? 'GET', req.headers, res),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers the client-rendered shell, never a 500', async () => {
    const response = await fetch(`${url}/product/5`);
    const [status, html] = [response.status, await response.text()];
    expect(status).toBe(200);
    expect(html).toBe(SHELL);

    // Where nothing throws, the same renderer renders the page.
    const rendered = await (await fetch(`${url}/product/6`)).text();
    expect(rendered).toContain('<title>멀쩡한 상품 | 딜마켓</title>');
  });
});
