import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProductDetailDto } from '@mkt/contracts';
import { WEB_DIST } from '@mkt/testing/browser';
import { loadStorefrontRenderer, StorefrontPages } from './storefront-pages';

/** The web build's real renderer, given products whose page cannot be rendered (the store's pages: apps/standalone/test/bff-api/storefront). */
const SHELL =
  '<!doctype html><html><head><title>딜마켓</title></head><body><div id="root"></div></body></html>';

jest.setTimeout(30_000);

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
  // Its head is made, then its page component throws: the purchase panel reads the options list it lacks.
  const throwsInRender = {
    ...sound,
    pno: 7,
    optionDetail: null,
  } as unknown as ProductDetailDto;
  /** A product catalog cannot be asked for (it is down). */
  const unreachable = 8;
  /** A product whose read never answers. */
  const hanging = 9;

  beforeAll(async () => {
    const pages = new StorefrontPages({
      render: loadStorefrontRenderer(WEB_DIST),
      shell: SHELL,
      data: () => ({
        product: async (pno) => {
          if (pno === unreachable) throw new Error('catalog is unreachable');
          if (pno === hanging) return new Promise<never>(() => {});
          return [broken, throwsInRender].find((product) => product.pno === pno) ?? sound;
        },
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
    // Its loader throws (the price rules), its component throws, its data cannot be read or never comes (5 s).
    for (const pno of [broken.pno, throwsInRender.pno, unreachable, hanging]) {
      const response = await fetch(`${url}/product/${pno}`);
      expect({ pno, status: response.status, html: await response.text() }).toEqual({
        pno,
        status: 200,
        html: SHELL,
      });
    }

    // Where nothing throws, the same renderer renders the page.
    const rendered = await (await fetch(`${url}/product/6`)).text();
    expect(rendered).toContain('<title>멀쩡한 상품 | 딜마켓</title>');
  });
});
