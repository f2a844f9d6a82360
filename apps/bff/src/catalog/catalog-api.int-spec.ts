import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CategoryDto, PageResult, ProductDetailDto, ProductSummaryDto } from '@mkt/contracts';
import type { RunningStandalone } from '../../../standalone/src/standalone';
import { startStandalone } from '../../../standalone/src/standalone';
import { encodeBase64Id } from './base64-id';

jest.setTimeout(120_000);

/** The BFF's catalogue calls as the spec lists them, against the standalone build with a small demo store. */
describe('BFF catalogue API', () => {
  let app: RunningStandalone;
  const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${app.url}${path}`);
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
    const prices = body.dtoList.map((p) => p.p_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const first = body.dtoList[0];
    expect(first.pName).toBe(first.p_name);
    expect(first.pSalePer).toBe(first.p_salePer);
    expect(first.productImage[0].pi_name).toMatch(/\.svg$/);
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

  it.each([
    ['/api/product/list?size=1000', 400, /size/],
    ['/api/product/list?sortBy=p_name', 400, /sortBy/],
    ['/api/product/list?page=0', 400, /page/],
    ['/api/product/list?sort=sideways', 400, /sort/],
    ['/api/product/not-base64!', 400, /번호 형식/],
    [`/api/product/${encodeBase64Id(99_999_999)}`, 404, /찾을 수 없습니다/],
    ['/api/product/YWJj', 400, /번호 형식/], // "abc"
    ['/api/categories/depth/4', 400, /깊이/],
    ['/api/categories/sub/x', 400, /숫자/],
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
