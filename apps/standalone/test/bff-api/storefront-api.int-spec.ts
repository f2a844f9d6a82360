import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  CategoryDto,
  CategoryWithAncestorsDto,
  InquiryDto,
  PageResult,
  ProductDetailDto,
  ProductSummaryDto,
  ReviewDto,
} from '@mkt/contracts';
import { ROOT_CATEGORY, SECRET_INQUIRY_TITLE } from '@mkt/contracts';
import { discountedPrice } from '@mkt/pricing';
import type { RunningStandalone } from '../../src/standalone';
import { startStandalone } from '../../src/standalone';
import { ProductManagement } from '@mkt/catalog/testing';
import { eventually } from '@mkt/testing';
import { encodeBase64Id } from '@mkt/bff/testing';

jest.setTimeout(120_000);

/** The BFF's catalogue calls as the spec lists them, against the standalone build with a small demo store. */
describe('BFF storefront browsing API', () => {
  let app: RunningStandalone;
  const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${app.url}${path}`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return { status: response.status, body: (await response.json()) as T };
  };

  beforeAll(async () => {
    app = await startStandalone({
      dataDir: mkdtempSync(join(tmpdir(), 'bff-api-')),
      inMemory: true,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'error',
      demoProductsPerCategory: 2,
    });
  });
  afterAll(() => app.close());

  it('GET /api/categories/sub/1 lists the top categories, and sub/{id} their children', async () => {
    const top = await get<CategoryDto[]>('/api/categories/sub/1');
    expect(top.status).toBe(200);
    expect(top.body.length).toBeGreaterThanOrEqual(15);
    expect(top.body[0]).toEqual({ ctno: expect.any(Number), cateName: '채소', depth: 1, superCate: 1 });
    const middle = await get<CategoryDto[]>(`/api/categories/sub/${top.body[0].ctno}`);
    expect(middle.body.map((c) => c.depth)).toEqual([2, 2]);
    expect(middle.body.every((c) => c.superCate === top.body[0].ctno)).toBe(true);
  });

  it('GET /api/categories/depth/{n} lists one level', async () => {
    const details = await get<CategoryDto[]>('/api/categories/depth/3');
    expect(details.body).toHaveLength(64);
    expect(new Set(details.body.map((c) => c.depth))).toEqual(new Set([3]));
  });

  it('GET /api/product/list pages, sorts and answers in the spec page shape with both spellings', async () => {
    const { status, body } = await get<PageResult<ProductSummaryDto>>(
      '/api/product/list?page=2&size=10&sortBy=p_price&sort=asc',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      current: 2,
      totalCount: 128,
      totalPage: 13,
      prev: false,
      next: true,
      pageRequestDTO: { page: 2, size: 10 },
    });
    expect(body.pageNumList).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(body.dtoList).toHaveLength(10);
    // In the order of the price shown, after the discount.
    const prices = body.dtoList.map((p) => discountedPrice(p.p_price, p.p_salePer));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const first = body.dtoList[0];
    expect(first.pName).toBe(first.p_name);
    expect(first.pSalePer).toBe(first.p_salePer);
    expect(first.productImage[0].pi_name).toMatch(/\.svg$/);
  });

  it("sorts as the spec's client asks: the field name in sortBy and sort, order=true ascending", async () => {
    const list = async (query: string) => {
      const { status, body } = await get<PageResult<ProductSummaryDto>>(`/api/product/list?size=40&${query}`);
      expect(status).toBe(200);
      expect(body.dtoList).toHaveLength(40);
      return body.dtoList;
    };
    const ascending = (values: number[]) => expect(values).toEqual([...values].sort((a, b) => a - b));
    const descending = (values: number[]) => expect(values).toEqual([...values].sort((a, b) => b - a));

    descending((await list('sortBy=p_salesVol&sort=p_salesVol')).map((p) => p.p_salesVol));
    ascending((await list('sortBy=p_stock&sort=p_stock&order=true')).map((p) => p.p_stock));
    descending((await list('sortBy=p_stock&sort=p_stock&order=false')).map((p) => p.p_stock));
    // The price sorts follow the price shown, after the discount.
    const shown = (p: ProductSummaryDto) => discountedPrice(p.p_price, p.p_salePer);
    descending((await list('sortBy=p_price&sort=p_price')).map(shown));
    ascending((await list('sortBy=p_price&sort=asc')).map(shown));
  });

  it('filters by a category at any depth, including everything below it', async () => {
    const [top] = (await get<CategoryDto[]>('/api/categories/sub/1')).body;
    const byTop = await get<PageResult<ProductSummaryDto>>(`/api/product/list?ctno=${top.ctno}&size=40`);
    expect(byTop.body.totalCount).toBe(8); // 2 middle x 2 detail x 2 products
    const [middle] = (await get<CategoryDto[]>(`/api/categories/sub/${top.ctno}`)).body;
    const byMiddle = await get<PageResult<ProductSummaryDto>>(`/api/product/list?ctno=${middle.ctno}`);
    expect(byMiddle.body.totalCount).toBe(4);
  });

  it('finds products by a keyword in the name', async () => {
    const { body } = await get<PageResult<ProductSummaryDto>>(
      `/api/product/list?keyword=${encodeURIComponent('한우')}`,
    );
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.dtoList.every((p) => p.p_name.includes('한우'))).toBe(true);
  });

  it('GET /api/categories/random answers count categories of a depth in random order', async () => {
    const twelve = await get<CategoryWithAncestorsDto[]>('/api/categories/random?count=12&depth=3');
    expect(twelve.body).toHaveLength(12);
    expect(new Set(twelve.body.map((c) => c.ctno)).size).toBe(12);
    expect(twelve.body.every((c) => c.depth === 3)).toBe(true);
    const defaults = await get<CategoryWithAncestorsDto[]>('/api/categories/random');
    expect(defaults.body).toHaveLength(15);
    const orders = new Set<string>();
    for (let i = 0; i < 5; i++)
      orders.add(
        (await get<CategoryWithAncestorsDto[]>('/api/categories/random?depth=3')).body
          .map((c) => c.ctno)
          .join(),
      );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('GET /api/categories/random gives each category its parent object, up to the root', async () => {
    const { body } = await get<CategoryWithAncestorsDto[]>('/api/categories/random?count=12&depth=3');
    for (const detail of body) {
      const middle = detail.superCate;
      const top = middle?.superCate;
      expect(middle).toMatchObject({ depth: 2, cateName: expect.any(String) });
      expect(top).toMatchObject({ depth: 1, cateName: expect.any(String) });
      expect(top?.superCate).toEqual({ ctno: ROOT_CATEGORY, cateName: '전체', depth: 0, superCate: null });
      const siblings = await get<CategoryDto[]>(`/api/categories/sub/${middle?.ctno}`);
      expect(siblings.body).toContainEqual({ ...detail, superCate: middle?.ctno });
      const middles = await get<CategoryDto[]>(`/api/categories/sub/${top?.ctno}`);
      expect(middles.body.map((c) => c.cateName)).toContain(middle?.cateName);
    }
  });

  it('searches Korean initial consonants: ㄱㅊ finds 김치', async () => {
    const { body } = await get<PageResult<ProductSummaryDto>>(
      `/api/product/list?size=100&keyword=${encodeURIComponent('ㄱㅊ')}`,
    );
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.dtoList.some((p) => p.p_name.includes('김치'))).toBe(true);
    const initials = (name: string) =>
      [...name]
        .map((ch) => {
          const code = ch.charCodeAt(0) - 0xac00;
          return code >= 0 && code < 11_172
            ? 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'[Math.floor(code / 588)]
            : ch;
        })
        .join('');
    expect(body.dtoList.every((p) => initials(p.p_name).includes('ㄱㅊ'))).toBe(true);
  });

  it.each([
    ['a two-character word', '김치', '김치'],
    ['a longer word', '포기김치', '포기김치'],
    ['one character', '배', '배'],
    ['longer initial consonants', 'ㅍㄱㄱㅊ', '포기김치'],
  ])('searches by %s (%s)', async (_kind, keyword, expected) => {
    const { body } = await get<PageResult<ProductSummaryDto>>(
      `/api/product/list?size=100&keyword=${encodeURIComponent(keyword)}`,
    );
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.dtoList.every((p) => p.p_name.includes(expected) || p.businessName.includes(expected))).toBe(
      true,
    );
  });

  it('takes LIKE wildcards in a keyword literally', async () => {
    for (const keyword of ['%', '_', '%%%', '\\']) {
      const { status, body } = await get<PageResult<ProductSummaryDto>>(
        `/api/product/list?keyword=${encodeURIComponent(keyword)}`,
      );
      expect(status).toBe(200);
      expect(body.totalCount).toBe(0);
    }
  });

  it('answers an empty product list with no page numbers', async () => {
    const { status, body } = await get<PageResult<ProductSummaryDto>>(
      `/api/product/list?keyword=${encodeURIComponent('없는상품검색어')}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      dtoList: [],
      totalCount: 0,
      totalPage: 0,
      pageNumList: [],
      prev: false,
      next: false,
    });
  });

  it("answers a product's reviews: count, one by its number, a page sorted by likes, a page of one rating", async () => {
    const { body: list } = await get<PageResult<ProductSummaryDto>>('/api/product/list?size=100');
    let pno = 0;
    let count = 0;
    for (const product of list.dtoList) {
      count = (await get<number>(`/api/review/cnt/${product.pno}`)).body;
      pno = product.pno;
      if (count >= 3) break;
    }
    expect(count).toBeGreaterThanOrEqual(3);
    const { body: all } = await get<PageResult<ReviewDto>>(
      `/api/review/list/${pno}?page=1&size=100&sortBy=rno`,
    );
    expect(all.dtoList).toHaveLength(count);
    expect(all.dtoList[0]).toEqual(
      expect.objectContaining({
        pno,
        m_name: expect.any(String),
        od_name: expect.any(String),
        businessName: expect.any(String),
      }),
    );
    expect((await get<ReviewDto>(`/api/review/review/${all.dtoList[1].rno}`)).body).toEqual(all.dtoList[1]);

    const byLikes = await get<PageResult<ReviewDto>>(
      `/api/review/list/${pno}?page=1&size=2&sortBy=reviewLike`,
    );
    expect(byLikes.body).toMatchObject({ totalCount: count, pageRequestDTO: { page: 1, size: 2 } });
    const likes = byLikes.body.dtoList.map((r) => r.reviewLike);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(Math.max(...all.dtoList.map((r) => r.reviewLike))).toBe(likes[0]);

    const rate = all.dtoList[0].rate;
    const byRate = await get<PageResult<ReviewDto>>(
      `/api/review/list/rate/${pno}?rate=${rate}&page=1&size=10&sortBy=rno`,
    );
    expect(byRate.body.totalCount).toBe(all.dtoList.filter((r) => r.rate === rate).length);
    expect(byRate.body.dtoList.every((r) => r.rate === rate)).toBe(true);
  });

  it('lists product inquiries, showing secret ones to visitors only as a placeholder', async () => {
    const { body: list } = await get<PageResult<ProductSummaryDto>>(
      '/api/product/list?size=40&sortBy=pno&sort=asc',
    );
    const pages = await Promise.all(
      list.dtoList.map((p) => get<PageResult<InquiryDto>>(`/api/qa/product/${p.pno}?page=1&size=10`)),
    );
    const inquiries = pages.flatMap((page) => page.body.dtoList);
    const secret = inquiries.filter((q) => q.secret);
    const open = inquiries.filter((q) => !q.secret);
    expect(secret.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThan(0);
    for (const q of secret) {
      expect(q).toMatchObject({ title: SECRET_INQUIRY_TITLE, content: '', proQAReply: null });
    }
    expect(secret.some((q) => q.replyCheck)).toBe(true);
    const answered = open.find((q) => q.replyCheck);
    expect(answered?.proQAReply?.qr_content).toEqual(expect.any(String));
    expect(open.every((q) => q.title !== SECRET_INQUIRY_TITLE && q.content.length > 0)).toBe(true);

    // The spec client's path answers the same.
    const asked = inquiries[0].pno;
    const bySpecPath = await get<PageResult<InquiryDto>>(`/api/qa/list/${asked}?page=1&size=10&sortBy=qno`);
    expect(bySpecPath.status).toBe(200);
    expect(bySpecPath.body).toEqual((await get(`/api/qa/product/${asked}?page=1&size=10`)).body);
  });

  it('GET /api/product/{base64 pno} answers the detail with options and categories', async () => {
    const { body: list } = await get<PageResult<ProductSummaryDto>>('/api/product/list?size=1');
    const pno = list.dtoList[0].pno;
    const { status, body } = await get<ProductDetailDto>(`/api/product/${encodeBase64Id(pno)}`);
    expect(status).toBe(200);
    expect(body.pno).toBe(pno);
    expect(body.optionDetail.length).toBeGreaterThan(0);
    expect(body.optionDetail[0]).toEqual({
      odno: expect.any(Number),
      od_name: expect.any(String),
      od_price: expect.any(Number),
      od_stock: expect.any(Number),
    });
    expect(body.category[0].depth).toBe(3);
    expect(body.p_stock).toBe(body.optionDetail.reduce((sum, o) => sum + o.od_stock, 0));
  });

  it('stops showing a deleted product to shoppers once catalog announces it', async () => {
    const { body } = await get<PageResult<ProductSummaryDto>>(
      '/api/product/list?size=5&sortBy=pno&sort=desc',
    );
    const deleted = body.dtoList[0];
    const management = app.service('catalog').get(ProductManagement);
    const admin = { role: 'ADMIN', mno: 0 } as const;
    await management.setDeleted(deleted.pno, admin, false);
    try {
      // The BFF's read cache drops what it holds of the product when product.changed arrives.
      await eventually(async () => {
        const pages = await Promise.all([
          get<PageResult<ProductSummaryDto>>('/api/product/list?size=5&sortBy=pno&sort=desc'),
          get<PageResult<ProductSummaryDto>>(
            `/api/product/list?size=100&keyword=${encodeURIComponent(deleted.p_name)}`,
          ),
        ]);
        for (const page of pages) expect(page.body.dtoList.map((p) => p.pno)).not.toContain(deleted.pno);
        expect((await get(`/api/product/${encodeBase64Id(deleted.pno)}`)).status).toBe(404);
      }, 5_000);
    } finally {
      await management.setDeleted(deleted.pno, admin, true);
    }
  });

  it.each([
    ['/api/product/list?size=1000', 400, /size/],
    ['/api/product/list?sortBy=p_name', 400, /sortBy/],
    ['/api/product/list?page=0', 400, /page/],
    ['/api/product/list?sort=sideways', 400, /sort/],
    ['/api/product/list?sortBy=p_stock&sort=p_name', 400, /sort는 asc, desc 또는/],
    ['/api/product/list?sortBy=p_stock&sort=p_price', 400, /서로 다른 정렬 항목/],
    ['/api/product/list?sort=p_stock&order=yes', 400, /order는 true 또는 false/],
    ['/api/product/not-base64!', 400, /번호 형식/],
    [`/api/product/${encodeBase64Id(99_999_999)}`, 404, /찾을 수 없습니다/],
    ['/api/product/YWJj', 400, /번호 형식/], // "abc"
    ['/api/categories/depth/4', 400, /깊이/],
    ['/api/categories/sub/x', 400, /숫자/],
    ['/api/categories/random?count=0', 400, /count/],
    ['/api/categories/random?depth=7', 400, /깊이/],
    ['/api/review/list/rate/1?rate=6', 400, /rate/],
    ['/api/review/list/rate/1', 400, /rate/],
    ['/api/review/list/1?sortBy=title', 400, /sortBy/],
    ['/api/review/cnt/0', 400, /1 이상/],
    ['/api/qa/product/1?size=500', 400, /size/],
    ['/api/qa/list/1?sortBy=title', 400, /sortBy는 qno/],
  ])('GET %s is refused with %i and a readable message', async (path, status, message) => {
    const response = await get<{ error: string; message: string }>(path);
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
  });

  it('serves product images, and a 404 for a missing one', async () => {
    const { body } = await get<PageResult<ProductSummaryDto>>('/api/product/list?size=1');
    const image = await fetch(`${app.url}/images/product/${body.dtoList[0].productImage[0].pi_name}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect((await fetch(`${app.url}/images/product/missing.svg`)).status).toBe(404);
  });
});
