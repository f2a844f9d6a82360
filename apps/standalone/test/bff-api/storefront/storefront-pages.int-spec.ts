import { mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import type {
  CategoryDto,
  FaqDto,
  NoticeDto,
  PageResult,
  ProductDetailDto,
  ProductSummaryDto,
} from '@mkt/contracts';
import { discountedPrice, formatWon } from '@mkt/pricing';
import { WEB_DIST } from '@mkt/testing/browser';
import { DEMO_ACCOUNTS, poll, StoreApi } from '@mkt/testing';
import type { RunningStandalone } from '../../../src/standalone';
import { startStandalone } from '../../../src/standalone';

jest.setTimeout(180_000);

/** What a crawler or a chat app's link preview gets: the page as HTML, no script run. */
async function page(url: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  );
}

/** The page as a browser's HTTP client sends it: `headers` as given (a Host too), the body's bytes as they came. */
function rawPage(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
    }).once('error', reject);
  });
}

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

/** The first TCP round trip's worth of a page (ten segments, of the bytes sent): what a phone has before anything else. */
const FIRST_BYTES = 14_600;

describe('storefront pages rendered on the server (issue 24)', () => {
  let app: RunningStandalone;
  let api: StoreApi;

  beforeAll(async () => {
    app = await startStandalone({
      dataDir: mkdtempSync(join(tmpdir(), 'bff-storefront-pages-')),
      inMemory: true,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'error',
      webDist: WEB_DIST,
      demoProductsPerCategory: 3,
    });
    api = new StoreApi(app.url);
  });
  afterAll(() => app.close());

  const onSale = async (page: number, size: number) =>
    api.call<PageResult<ProductSummaryDto>>(
      undefined,
      'GET',
      `/api/product/list?page=${page}&size=${size}&sortBy=pno&sort=asc`,
    );

  it('a product page without JavaScript names the product, its sale price and picture, for previews and search engines', async () => {
    const [summary] = (await onSale(1, 1)).dtoList;
    const product = await api.call<ProductDetailDto>(
      undefined,
      'GET',
      `/api/product/${btoa(String(summary.pno))}`,
    );
    const salePrice = discountedPrice(product.p_price, product.p_salePer);
    const url = `${app.url}/product/${product.pno}`;

    const { status, html } = await page(url);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${product.pName} | 딜마켓</title>`);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(meta(html, 'description')).toContain(formatWon(salePrice));
    expect(meta(html, 'robots')).toBeUndefined();
    const image = `${app.url}/images/product/${encodeURIComponent(product.productImage[0].pi_name)}`;
    expect({
      title: meta(html, 'og:title'),
      type: meta(html, 'og:type'),
      url: meta(html, 'og:url'),
      image: meta(html, 'og:image'),
      price: meta(html, 'product:price:amount'),
      currency: meta(html, 'product:price:currency'),
      card: meta(html, 'twitter:card'),
      twitterTitle: meta(html, 'twitter:title'),
      twitterImage: meta(html, 'twitter:image'),
    }).toEqual({
      title: product.pName,
      type: 'product',
      url,
      image,
      price: String(salePrice),
      currency: 'KRW',
      card: 'summary_large_image',
      twitterTitle: product.pName,
      twitterImage: image,
    });
    // A preview's text names the sale price.
    for (const key of ['og:description', 'twitter:description'])
      expect(meta(html, key)).toContain(formatWon(salePrice));

    const [productData] = structuredData(html);
    expect(productData).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.pName,
      url,
      image: [image],
      offers: {
        '@type': 'Offer',
        price: salePrice,
        priceCurrency: 'KRW',
        availability: product.p_stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
    });
    const reviews = await api.call<number>(undefined, 'GET', `/api/review/cnt/${product.pno}`);
    expect(productData.aggregateRating).toEqual(
      reviews > 0 ? expect.objectContaining({ '@type': 'AggregateRating', reviewCount: reviews }) : undefined,
    );

    // The page itself, rendered: its name, price and main image in the first bytes sent (gzip).
    const sent = await rawPage(url, { 'accept-encoding': 'gzip' });
    expect(sent.encoding).toBe('gzip');
    expect(gunzipSync(sent.body).toString()).toBe(html);
    const first = gunzipSync(sent.body.subarray(0, FIRST_BYTES), {
      finishFlush: constants.Z_SYNC_FLUSH,
    }).toString();
    expect(first).toContain(`<h1 id="product-name" class="purchase__name">${product.pName}</h1>`);
    expect(first).toContain(`data-testid="detail-final-price">${formatWon(salePrice)}</strong>`);
    expect(first).toContain(
      `<img class="purchase__image" src="/images/product/${encodeURIComponent(product.productImage[0].pi_name)}"`,
    );
    // The browser hydrates with the product it was rendered with.
    expect(html).toMatch(
      /<script type="application\/json" id="mkt-server-state">[^<]*"queryKey":\["products","detail",\d+\]/,
    );
  });

  it("a product's JSON-LD rates it from its reviews, and a product with nothing left is out of stock", async () => {
    // The first demo product with reviews: its rating is the mean of their rates.
    const candidates = (await onSale(1, 100)).dtoList;
    let reviewed: { pno: number; rates: number[] } | undefined;
    for (const { pno } of candidates) {
      const reviews = await api.call<PageResult<{ rate: number }>>(
        undefined,
        'GET',
        `/api/review/list/${pno}?page=1&size=100&sortBy=rno`,
      );
      if (reviews.totalCount > 1) {
        reviewed = { pno, rates: reviews.dtoList.map((review) => review.rate) };
        break;
      }
    }
    if (!reviewed) throw new Error('no demo product with reviews among the first 100');
    const mean = reviewed.rates.reduce((sum, rate) => sum + rate, 0) / reviewed.rates.length;
    const [rated] = structuredData((await page(`${app.url}/product/${reviewed.pno}`)).html);
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: Math.round(mean * 10) / 10,
      reviewCount: reviewed.rates.length,
      bestRating: 5,
      worstRating: 1,
    });

    // A product whose every option is sold out, registered by a seller: out of stock, and no rating yet.
    const seller = await api.login(DEMO_ACCOUNTS.seller.email, DEMO_ACCOUNTS.seller.password);
    const [leaf] = await api.call<CategoryDto[]>(undefined, 'GET', '/api/categories/depth/3');
    const name = `품절 테스트 상품 ${Date.now()}`;
    const form = new FormData();
    const dto = { pName: name, pContent: '모두 팔렸습니다.', pPrice: '20000', pSalePer: '10', pStock: '0' };
    form.append('dto', new Blob([JSON.stringify(dto)], { type: 'application/json' }));
    form.append('ctnoList', JSON.stringify([leaf.ctno]));
    form.append('opts', JSON.stringify([{ od_name: '기본', od_stock: 0, od_price: 0 }]));
    const registered = await fetch(`${app.url}/api/product/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seller.accessToken}` },
      body: form,
    });
    expect(registered.status).toBe(200);
    const [soldOut] = (
      await api.call<PageResult<ProductSummaryDto>>(
        undefined,
        'GET',
        `/api/product/list?keyword=${encodeURIComponent(name)}&page=1&size=1`,
      )
    ).dtoList;
    const [soldOutData] = structuredData((await page(`${app.url}/product/${soldOut.pno}`)).html);
    expect(soldOutData).toMatchObject({
      name,
      offers: { price: 18_000, priceCurrency: 'KRW', availability: 'https://schema.org/OutOfStock' },
    });
    expect(soldOutData.aggregateRating).toBeUndefined();
  });

  it('a product list by keyword, sort and page shows that page, titled and canonical as the browser names it', async () => {
    const keyword = '김치';
    const query = `keyword=${encodeURIComponent(keyword)}&page=2&size=2&sortBy=p_price&sort=asc`;
    const listed = await api.call<PageResult<ProductSummaryDto>>(
      undefined,
      'GET',
      `/api/product/list?${query}`,
    );
    expect(listed.dtoList).toHaveLength(2);
    const firstPage = await api.call<PageResult<ProductSummaryDto>>(
      undefined,
      'GET',
      `/api/product/list?${query.replace('page=2', 'page=1')}`,
    );

    const { status, html } = await page(`${app.url}/product/list?${query}`);
    expect(status).toBe(200);
    expect(html).toContain(`<title>&quot;${keyword}&quot; 검색 결과 | 딜마켓</title>`);
    expect(html).toContain(
      `<link rel="canonical" href="${app.url}/product/list?keyword=${encodeURIComponent(keyword)}&amp;page=2&amp;size=2&amp;sortBy=p_price&amp;sort=asc" />`,
    );
    expect(meta(html, 'description')).toContain(`${listed.totalCount}개`);
    // Its page's products, in the order asked, and not the first page's.
    const grid = /data-testid="product-grid"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    const shown = listed.dtoList.map((product) => grid.indexOf(product.pName));
    expect(shown.every((at) => at >= 0)).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    for (const product of firstPage.dtoList) expect(grid).not.toContain(product.pName);
    expect(html).toMatch(
      /id="mkt-server-state">[^<]*"queryKey":\["products","list",\{[^}]*"page":2[^}]*"keyword":"김치"/,
    );
  });

  it('a category page lists its products and names its place in a BreadcrumbList', async () => {
    const [category] = await api.call<CategoryDto[]>(undefined, 'GET', '/api/categories/depth/2');
    const parent = (await api.call<CategoryDto[]>(undefined, 'GET', '/api/categories/sub/1')).find(
      (top) => top.ctno === category.superCate,
    );
    const listed = await api.call<PageResult<ProductSummaryDto>>(
      undefined,
      'GET',
      `/api/product/list?ctno=${category.ctno}&page=1&size=40&sortBy=p_salesVol&sort=desc`,
    );
    const { status, html } = await page(`${app.url}/product/list?ctno=${category.ctno}&depth=2`);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${category.cateName} | 딜마켓</title>`);
    for (const product of listed.dtoList) expect(html).toContain(product.pName);
    const [breadcrumb] = structuredData(html);
    expect(breadcrumb).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: '딜마켓', item: `${app.url}/` },
        { position: 2, name: parent?.cateName },
        { position: 3, name: category.cateName },
      ],
    });
  });

  it('a deleted product answers a 404 page that asks not to be indexed', async () => {
    const admin = await api.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const [summary] = (await onSale(3, 1)).dtoList;
    await api.call(admin, 'PUT', `/api/admin/delStatus/${btoa(String(summary.pno))}?status=false`);
    const url = `${app.url}/product/${summary.pno}`;
    const { status, html } = await poll(
      () => page(url),
      (answer) => answer.status === 404,
    );
    expect(status).toBe(404);
    expect(meta(html, 'robots')).toBe('noindex');
    expect(html).toContain('<title>상품을 찾을 수 없습니다 | 딜마켓</title>');
    expect(html).toContain('data-testid="product-not-found"');
    expect(structuredData(html)).toEqual([]);
    expect((await page(`${app.url}/product/not-a-number`)).status).toBe(404);
  });

  it('the home names the products of its rows and the categories of its tiles, and hands them to the browser', async () => {
    const { status, html } = await page(`${app.url}/`);
    expect(status).toBe(200);
    expect(html).toContain('<title>딜마켓 - 매일 새로운 특가</title>');
    expect(html).toContain(`<link rel="canonical" href="${app.url}/" />`);
    expect(meta(html, 'description')).toBeTruthy();
    // Each row's first products, as its carousel shows them before the rest come a task later.
    for (const [sortBy, sort] of [
      ['p_salesVol', 'desc'],
      ['pno', 'desc'],
      ['p_stock', 'asc'],
    ]) {
      const row = await api.call<PageResult<ProductSummaryDto>>(
        undefined,
        'GET',
        `/api/product/list?page=1&size=15&sortBy=${sortBy}&sort=${sort}`,
      );
      for (const product of row.dtoList.slice(0, 4)) expect(html).toContain(product.pName);
    }
    expect(html.match(/data-testid="category-tile"/g)).toHaveLength(12);
    expect(html).toMatch(
      /<script type="application\/json" id="mkt-server-state">[^<]*"queryKey":\["categories","random",12,3\]/,
    );
  });

  describe('the customer centre', () => {
    let notice: NoticeDto;
    let faq: FaqDto;
    let secret: NoticeDto;

    beforeAll(async () => {
      const admin = await api.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      notice = await api.call<NoticeDto>(admin, 'POST', '/api/notice/', {
        title: '설 연휴 배송 안내',
        content: '연휴 기간에는 배송이 하루씩 늦어집니다.',
        isPrivate: false,
      });
      secret = await api.call<NoticeDto>(admin, 'POST', '/api/notice/', {
        title: '내부 점검 일정',
        content: '관리자만 봅니다.',
        isPrivate: true,
      });
      faq = await api.call<FaqDto>(admin, 'POST', '/api/faq/', {
        question: '교환은 어떻게 하나요?',
        answer: '마이페이지의 주문 내역에서 신청하세요.',
        isPrivate: false,
      });
    });

    it('the notices list names its notices', async () => {
      const { status, html } = await page(`${app.url}/board/notice`);
      expect(status).toBe(200);
      expect(html).toContain('<title>공지사항 | 딜마켓</title>');
      expect(html).toContain(`<link rel="canonical" href="${app.url}/board/notice" />`);
      expect(html).toContain(`>${notice.title}</a>`);
      expect(html).not.toContain(secret.title);
      expect(html).toMatch(/id="mkt-server-state">[^<]*"queryKey":\["board-posts","notice","list"/);
    });

    it('a notice has its title, text and description; a private or unknown one is a 404 not to index', async () => {
      const url = `${app.url}/board/notice/detail/${notice.nno}`;
      const { status, html } = await page(url);
      expect(status).toBe(200);
      expect(html).toContain(`<title>${notice.title} | 공지사항 | 딜마켓</title>`);
      expect(html).toContain(`<link rel="canonical" href="${url}" />`);
      expect(meta(html, 'description')).toBe(notice.content);
      expect(html).toContain(`<h2 class="board-article__title">${notice.title}</h2>`);
      expect(html).toContain(notice.content);

      for (const hidden of [secret.nno, 999_999]) {
        const missing = await page(`${app.url}/board/notice/detail/${hidden}`);
        expect(missing.status).toBe(404);
        expect(meta(missing.html, 'robots')).toBe('noindex');
        expect(missing.html).toContain('공지사항을 찾을 수 없습니다.');
        expect(missing.html).not.toContain(secret.title);
      }
    });

    it('the FAQ list has its questions and their answers', async () => {
      const { status, html } = await page(`${app.url}/board/faq`);
      expect(status).toBe(200);
      expect(html).toContain('<title>자주 묻는 질문 | 딜마켓</title>');
      expect(html).toContain(`<link rel="canonical" href="${app.url}/board/faq" />`);
      expect(html).toContain(faq.question);
      expect(html).toContain(faq.answer);
    });
  });

  it('the sitemap index reaches every product on sale through its pages, one list page each', async () => {
    const index = await fetch(`${app.url}/sitemap.xml`);
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    const children = locations(await index.text());
    const { totalCount } = await onSale(1, 1);
    expect(totalCount).toBeGreaterThan(100);
    expect(children).toHaveLength(Math.ceil(totalCount / 100));

    const listed: string[] = [];
    for (const child of children) {
      expect(child).toMatch(new RegExp(`^${app.url}/sitemap/products-\\d+\\.xml$`));
      listed.push(...locations(await (await fetch(child)).text()));
    }
    const everyProduct: string[] = [];
    for (let pageNumber = 1; pageNumber <= Math.ceil(totalCount / 100); pageNumber++)
      everyProduct.push(...(await onSale(pageNumber, 100)).dtoList.map((p) => `${app.url}/product/${p.pno}`));
    expect(listed).toEqual(everyProduct);
    // Past the last page, and past the last page the product list could ever have: not found, not an error.
    for (const past of [children.length + 1, 100_001, 999_999])
      expect((await fetch(`${app.url}/sitemap/products-${past}.xml`)).status).toBe(404);
  });

  it('robots.txt keeps crawlers out of the consoles, my page, the cart, checkout and the API', async () => {
    const robots = await (await fetch(`${app.url}/robots.txt`)).text();
    // A rule is a path prefix (RFC 9309): a path is closed when a Disallow line's path begins it.
    const closed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((match) => match[1]);
    const isClosed = (path: string) => closed.some((prefix) => path.startsWith(prefix));
    const shut = [
      '/admin',
      '/admin/product',
      '/seller',
      '/seller/login',
      '/mypage',
      '/mypage/order/3',
      '/cart',
      '/payment',
      '/payment/form',
      '/payment/complete/3',
      '/api/product/list',
    ];
    const open = ['/', '/product/list?ctno=3', '/product/12', '/board/notice', '/board/faq', '/sitemap.xml'];
    expect(shut.filter((path) => !isClosed(path))).toEqual([]);
    expect(open.filter(isClosed)).toEqual([]);
    expect(robots).toContain(`Sitemap: ${app.url}/sitemap.xml`);
  });

  it('the pages the browser renders itself (cart, my page, consoles, checkout) are the shell', async () => {
    for (const path of [
      '/cart',
      '/mypage',
      '/mypage/order',
      '/admin',
      '/admin/login',
      '/seller',
      '/seller/login',
      '/payment/form',
    ]) {
      const { status, html } = await page(`${app.url}${path}`);
      expect({ path, status, empty: html.includes('<div id="root"></div>') }).toEqual({
        path,
        status: 200,
        empty: true,
      });
    }
  });
});

describe('storefront pages of a store given its public address (PUBLIC_URL)', () => {
  const publicUrl = 'https://shop.example';
  let app: RunningStandalone;

  beforeAll(async () => {
    app = await startStandalone({
      dataDir: mkdtempSync(join(tmpdir(), 'bff-storefront-public-url-')),
      inMemory: true,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'error',
      webDist: WEB_DIST,
      demoProductsPerCategory: 1,
      publicUrl,
    });
  });
  afterAll(() => app.close());

  it('names its canonical URLs, previews and sitemap from it, whatever Host a request forges', async () => {
    const forged = { host: 'evil.example' };
    const text = async (path: string) => (await rawPage(`${app.url}${path}`, forged)).body.toString();
    const [summary] = (
      await new StoreApi(app.url).call<PageResult<ProductSummaryDto>>(
        undefined,
        'GET',
        '/api/product/list?page=1&size=1',
      )
    ).dtoList;

    const html = await text(`/product/${summary.pno}`);
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/product/${summary.pno}" />`);
    expect(meta(html, 'og:url')).toBe(`${publicUrl}/product/${summary.pno}`);
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${publicUrl}/images/`));
    expect(html).not.toContain('evil.example');
    expect(await text('/robots.txt')).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    const [child] = locations(await text('/sitemap.xml'));
    expect(child).toBe(`${publicUrl}/sitemap/products-1.xml`);
    expect(locations(await text('/sitemap/products-1.xml'))).toContain(`${publicUrl}/product/${summary.pno}`);
  });
});
