import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductActor } from '@mkt/contracts';
import { MAX_PRODUCT_IMAGE_BYTES, ProductChangedV1, ProductMessages } from '@mkt/contracts';
import type { TestService } from '@mkt/testing';
import { startTestService } from '@mkt/testing';
import { catalogService } from '../catalog.module';
import { CatalogDatabase } from '../database';
import { DatabaseImageStorage, importImagesFromDisk } from '../images/image-storage';

jest.setTimeout(120_000);

/** A 1x1 PNG and a tiny GIF: real image bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const SELLER: ProductActor = { mno: 2, role: 'SELLER' };
const OTHER_SELLER: ProductActor = { mno: 9, role: 'SELLER' };
const ADMIN: ProductActor = { mno: 3, role: 'ADMIN' };

/** Catalog on its own PostgreSQL database: registration, edits, the toggle and the consoles' list. */
describe("catalog's product management", () => {
  let catalog: TestService;
  let db: CatalogDatabase;
  let leaf: number;
  let otherLeaf: number;
  let middle: number;

  const storedImages = async () =>
    (await db.imageFile.findMany({ select: { name: true }, orderBy: { name: 'asc' } })).map(
      (file) => file.name,
    );

  function form(overrides: Record<string, unknown> = {}) {
    return {
      pName: '유기농 사과',
      pContent: '아침에 딴 사과입니다.',
      pPrice: '12000',
      pSalePer: '10',
      pStock: '30',
      ctnos: [leaf],
      options: [
        { od_name: '1kg', od_price: '0', od_stock: '10' },
        { od_name: '2kg', od_price: 5000, od_stock: 4 },
      ],
      ...overrides,
    };
  }

  async function register(
    draft: Record<string, unknown>,
    files: { data: Buffer; type: string; name: string }[] = [],
    sellerId = SELLER.mno,
  ) {
    const body = new FormData();
    body.append('request', JSON.stringify({ sellerId, businessName: '바른농부', draft }));
    for (const file of files) body.append('images', new Blob([file.data], { type: file.type }), file.name);
    const response = await fetch(`${catalog.url}/managed-products`, { method: 'POST', body });
    return { status: response.status, body: (await response.json()) as { pno: number; message: string } };
  }

  async function call(method: 'GET' | 'PUT', path: string, body?: unknown) {
    const response = await fetch(`${catalog.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  }

  /** The product.changed events catalog's outbox holds for a product, oldest first. */
  const productChanges = async (pno: number) => {
    const rows = await db.$queryRawUnsafe<{ envelope: string }[]>(
      'SELECT envelope::text AS envelope FROM outbox_event WHERE topic = $1 AND message_key = $2 ORDER BY id',
      ProductChangedV1.topic,
      String(pno),
    );
    return rows.map((row) => (JSON.parse(row.envelope) as { payload: unknown }).payload);
  };

  const actorQuery = (actor: ProductActor) => `mno=${actor.mno}&role=${actor.role}`;
  const png = (name = 'a.png') => ({ data: PNG, type: 'image/png', name });

  beforeAll(async () => {
    catalog = await startTestService(catalogService);
    db = catalog.app.get(CatalogDatabase);
    const root = await db.category.create({ data: { cateName: '전체', depth: 0 } });
    const top = await db.category.create({ data: { cateName: '과일', depth: 1, superCtno: root.ctno } });
    middle = (await db.category.create({ data: { cateName: '국산 과일', depth: 2, superCtno: top.ctno } }))
      .ctno;
    leaf = (await db.category.create({ data: { cateName: '사과', depth: 3, superCtno: middle } })).ctno;
    otherLeaf = (await db.category.create({ data: { cateName: '배', depth: 3, superCtno: middle } })).ctno;
  });
  afterAll(() => catalog?.close());

  it('registers a product with its images and options under the seller it is given', async () => {
    const { status, body } = await register(form(), [png(), { data: GIF, type: 'image/gif', name: 'b.gif' }]);
    expect(status).toBe(201);
    const detail = await call('GET', `/products/${body.pno}`);
    expect(detail.body).toMatchObject({
      pName: '유기농 사과',
      pContent: '아침에 딴 사과입니다.',
      pPrice: 12_000,
      pSalePer: 10,
      p_stock: 14,
      sno: SELLER.mno,
      businessName: '바른농부',
      optionDetail: [
        { od_name: '1kg', od_price: 0, od_stock: 10 },
        { od_name: '2kg', od_price: 5_000, od_stock: 4 },
      ],
      category: [{ ctno: leaf }],
    });
    const names = (detail.body.productImage as { pi_name: string }[]).map((image) => image.pi_name);
    // Named by their content, so a name's bytes never change and browsers keep them for good.
    expect(names).toEqual([
      `${createHash('sha256').update(PNG).digest('hex')}.png`,
      expect.stringMatching(/^[0-9a-f]{64}\.gif$/),
    ]);
    const served = await fetch(`${catalog.url}/images/product/${names[0]}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('still serves an image stored under a name given before content addressing, with a one-day cache', async () => {
    await db.imageFile.create({ data: { name: 'product-0b6f1a2e-legacy.png', data: PNG } });
    const served = await fetch(`${catalog.url}/images/product/product-0b6f1a2e-legacy.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('serves an image from every replica, whichever one took the upload', async () => {
    const replica = await startTestService(catalogService, { sharedDatabaseUrl: catalog.databaseUrl });
    try {
      const { body } = await register(form({ pName: '복제본 사과' }), [png()]);
      const detail = await call('GET', `/products/${body.pno}`);
      const [image] = detail.body.productImage as { pi_name: string }[];
      const served = await fetch(`${replica.url}/images/product/${image.pi_name}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    } finally {
      await replica.close();
    }
  });

  it('moves the images an older catalog kept on its disk into the database, once', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'catalog-disk-')), 'product');
    mkdirSync(dir);
    writeFileSync(join(dir, 'demo-7-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'notes.txt'), 'not an image');

    expect(await importImagesFromDisk(dir, new DatabaseImageStorage(db))).toBe(1);
    const served = await fetch(`${catalog.url}/images/product/demo-7-1.svg`);
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(`${dir}.imported`)).toBe(true);
    expect(await importImagesFromDisk(dir, new DatabaseImageStorage(db))).toBe(0);
  });

  it('keeps a file another product shows when a registration with the same image fails', async () => {
    expect((await register(form(), [png()])).status).toBe(201);
    const files = await storedImages();
    await db.$executeRawUnsafe('ALTER TABLE product ADD CONSTRAINT no_test_seller CHECK (seller_id <> 4242)');
    try {
      expect((await register(form(), [png()], 4242)).status).toBe(500);
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE product DROP CONSTRAINT no_test_seller');
    }
    expect(await storedImages()).toEqual(files);
  });

  it('sells one option 기본 with the form stock when the form has no options', async () => {
    const { body } = await register(form({ options: [], pStock: '7' }));
    const detail = await call('GET', `/products/${body.pno}`);
    expect(detail.body).toMatchObject({
      p_stock: 7,
      optionDetail: [{ od_name: '기본', od_price: 0, od_stock: 7 }],
    });
  });

  it.each([
    [
      'a blank name first',
      { pName: ' ', pContent: '', pPrice: 'x', ctnos: [] },
      ProductMessages.nameRequired,
    ],
    ['a blank description', { pContent: '  ', pPrice: 'x', ctnos: [] }, ProductMessages.contentRequired],
    ['a missing price', { pPrice: '', ctnos: [] }, ProductMessages.priceRequired],
    ['a price that is not a number', { pPrice: '12,000원', ctnos: [] }, ProductMessages.priceRequired],
    ['no category', { ctnos: [] }, ProductMessages.categoryRequired],
    ['a negative price', { pPrice: '-1' }, ProductMessages.priceRange],
    ['a fractional price', { pPrice: '10.5' }, ProductMessages.priceRange],
    ['a sale percent of 100', { pSalePer: 100 }, ProductMessages.salePerRange],
    ['a negative stock', { pStock: '-3', options: [] }, ProductMessages.stockRange],
    ['a long name', { pName: '가'.repeat(101) }, ProductMessages.nameTooLong],
    [
      'an option without a name',
      { options: [{ od_name: '', od_price: 0, od_stock: 1 }] },
      ProductMessages.optionNameRequired,
    ],
    [
      'an option with a negative stock',
      { options: [{ od_name: 'a', od_price: 0, od_stock: -1 }] },
      ProductMessages.optionStockRange,
    ],
    [
      'an option with a fractional price',
      { options: [{ od_name: 'a', od_price: 1.5, od_stock: 1 }] },
      ProductMessages.optionPriceRange,
    ],
    ['a category number 0', { ctnos: [0] }, ProductMessages.invalidCategory],
    ['an unknown category', { ctnos: [987_654] }, ProductMessages.invalidCategory],
  ])('refuses %s with its message and stores nothing', async (_case, overrides, message) => {
    const products = await db.product.count();
    const files = await storedImages();
    const { status, body } = await register(form(overrides), [png()]);
    expect({ status, message: body.message }).toEqual({ status: 400, message });
    expect(await db.product.count()).toBe(products);
    expect(await storedImages()).toEqual(files);
  });

  it('asks for the lowest category when a middle one is chosen', async () => {
    const { status, body } = await register(form({ ctnos: [middle] }));
    expect({ status, message: body.message }).toEqual({
      status: 400,
      message: ProductMessages.lowestCategory,
    });
  });

  it('refuses a non-image file, by its bytes whatever it declares, and an oversized image; nothing is stored', async () => {
    const products = await db.product.count();
    const files = await storedImages();
    const disguised = { data: Buffer.from('<script>alert(1)</script>'), type: 'image/png', name: 'x.png' };
    const notAnImage = await register(form(), [png(), disguised]);
    expect({ status: notAnImage.status, message: notAnImage.body.message }).toEqual({
      status: 400,
      message: ProductMessages.notAnImage,
    });
    const svg = {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      type: 'image/svg+xml',
      name: 's.svg',
    };
    expect((await register(form(), [svg])).status).toBe(400);
    const huge = Buffer.concat([PNG, Buffer.alloc(MAX_PRODUCT_IMAGE_BYTES)]);
    const oversized = await register(form(), [png(), { data: huge, type: 'image/png', name: 'big.png' }]);
    expect(oversized.status).toBe(413);
    expect(await db.product.count()).toBe(products);
    expect(await storedImages()).toEqual(files);
  });

  it('removes the stored files when the database write fails', async () => {
    const files = await storedImages();
    // A constraint the insert breaks, after the files are written.
    await db.$executeRawUnsafe('ALTER TABLE product ADD CONSTRAINT no_test_seller CHECK (seller_id <> 4242)');
    try {
      // Bytes no other product has, so the files are this registration's own.
      const unique = () => ({ ...png(), data: Buffer.concat([PNG, Buffer.from(randomUUID())]) });
      const refused = await register(form(), [unique(), unique()], 4242);
      expect(refused.status).toBe(500);
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE product DROP CONSTRAINT no_test_seller');
    }
    expect(await storedImages()).toEqual(files);
    expect(await db.product.count({ where: { sellerId: 4242 } })).toBe(0);
  });

  it('edits options in place, adds new ones and retires the left-out ones for carts and orders', async () => {
    const { body } = await register(form());
    const before = await call('GET', `/managed-products/${body.pno}?${actorQuery(SELLER)}`);
    const [first, second] = before.body.optionDetail as { odno: number }[];
    const edit = {
      pName: '유기농 사과 (수정)',
      pContent: '수정한 설명',
      pPrice: 15_000,
      pSalePer: 5,
      ctnos: [otherLeaf],
      options: [
        { odno: first.odno, od_name: '1kg 특', od_price: 1_000, od_stock: 8 },
        { od_name: '3kg', od_price: 9_000, od_stock: 2 },
      ],
    };
    expect((await call('PUT', `/managed-products/${body.pno}`, { actor: SELLER, form: edit })).status).toBe(
      200,
    );
    const after = await call('GET', `/products/${body.pno}`);
    expect(after.body).toMatchObject({
      pName: '유기농 사과 (수정)',
      pPrice: 15_000,
      pSalePer: 5,
      p_stock: 10,
      category: [{ ctno: otherLeaf }],
      optionDetail: [
        { odno: first.odno, od_name: '1kg 특', od_price: 1_000, od_stock: 8 },
        { od_name: '3kg', od_price: 9_000, od_stock: 2 },
      ],
    });
    // The retired option still answers carts and orders, as unavailable.
    const snapshots = await call('GET', `/options?odno=${second.odno}`);
    expect(snapshots.body).toEqual([
      expect.objectContaining({ odno: second.odno, od_name: '2kg', delFlag: true, od_stock: 0 }),
    ]);

    const otherOption = (await register(form())).body.pno;
    const foreign = (await call('GET', `/managed-products/${otherOption}?${actorQuery(SELLER)}`)).body
      .optionDetail as { odno: number }[];
    const borrowing = {
      ...edit,
      options: [{ odno: foreign[0].odno, od_name: 'x', od_price: 0, od_stock: 1 }],
    };
    const refused = await call('PUT', `/managed-products/${body.pno}`, { actor: SELLER, form: borrowing });
    expect(refused).toMatchObject({ status: 400, body: { message: ProductMessages.unknownOption } });
    const empty = await call('PUT', `/managed-products/${body.pno}`, {
      actor: SELLER,
      form: { ...edit, options: [] },
    });
    expect(empty).toMatchObject({ status: 400, body: { message: ProductMessages.optionRequired } });
    const blank = await call('PUT', `/managed-products/${body.pno}`, {
      actor: SELLER,
      form: { ...edit, pName: '' },
    });
    expect(blank).toMatchObject({ status: 400, body: { message: ProductMessages.nameRequired } });
    expect((await call('GET', `/products/${body.pno}`)).body).toMatchObject({ pName: '유기농 사과 (수정)' });
  });

  it("keeps another seller's product from a seller (not found) but not from an admin", async () => {
    const { body } = await register(form());
    const edit = { ...form({ pName: '남의 상품' }) };
    expect(
      (await call('PUT', `/managed-products/${body.pno}`, { actor: OTHER_SELLER, form: edit })).status,
    ).toBe(404);
    expect((await call('GET', `/managed-products/${body.pno}?${actorQuery(OTHER_SELLER)}`)).status).toBe(404);
    const toggle = await call('PUT', `/managed-products/${body.pno}/del-flag`, {
      actor: OTHER_SELLER,
      expected: false,
    });
    expect(toggle.status).toBe(404);
    expect((await db.product.findUniqueOrThrow({ where: { pno: body.pno } })).delFlag).toBe(false);
    const current = (await call('GET', `/managed-products/${body.pno}?${actorQuery(ADMIN)}`)).body;
    const options = (current.optionDetail as { odno: number; od_name: string }[]).map((o) => ({ ...o }));
    const adminEdit = { ...form({ pName: '관리자 수정' }), options };
    expect(
      (await call('PUT', `/managed-products/${body.pno}`, { actor: ADMIN, form: adminEdit })).status,
    ).toBe(200);
    expect((await call('GET', `/products/${body.pno}`)).body).toMatchObject({
      pName: '관리자 수정',
      sno: SELLER.mno,
    });
  });

  it('deletes and restores through the flag: gone from the storefront, kept for orders; a stale flag is refused', async () => {
    const { body } = await register(form({ pName: '삭제 토글 사과' }));
    const option = ((await call('GET', `/products/${body.pno}`)).body.optionDetail as { odno: number }[])[0];
    const inList = async () => {
      const list = await call('GET', '/products?keyword=삭제 토글 사과&size=10');
      return (list.body.items as { pno: number }[]).some((item) => item.pno === body.pno);
    };
    expect(await inList()).toBe(true);

    const deleted = await call('PUT', `/managed-products/${body.pno}/del-flag`, {
      actor: SELLER,
      expected: false,
    });
    expect(deleted).toEqual({ status: 200, body: { delFlag: true } });
    expect(await inList()).toBe(false);
    expect((await call('GET', `/products/${body.pno}`)).status).toBe(404);
    expect((await call('GET', `/options?odno=${option.odno}`)).body).toEqual([
      expect.objectContaining({ odno: option.odno, delFlag: true }),
    ]);
    expect((await call('GET', `/managed-products/${body.pno}?${actorQuery(SELLER)}`)).body).toMatchObject({
      delFlag: true,
    });

    const stale = await call('PUT', `/managed-products/${body.pno}/del-flag`, {
      actor: SELLER,
      expected: false,
    });
    expect(stale).toMatchObject({ status: 409, body: { message: ProductMessages.staleStatus } });
    const restored = await call('PUT', `/managed-products/${body.pno}/del-flag`, {
      actor: ADMIN,
      expected: true,
    });
    expect(restored).toEqual({ status: 200, body: { delFlag: false } });
    expect(await inList()).toBe(true);
  });

  it('announces each registration, edit, deletion and restoration as product.changed; a refused write announces nothing', async () => {
    const { body } = await register(form({ pName: '알림 사과' }));
    const { pno } = body;
    const options = (await call('GET', `/products/${pno}`)).body.optionDetail as { odno: number }[];
    const edit = {
      ...form(),
      options: [{ odno: options[0].odno, od_name: '1kg', od_price: 0, od_stock: 3 }],
    };
    expect((await call('PUT', `/managed-products/${pno}`, { actor: SELLER, form: edit })).status).toBe(200);
    expect((await call('PUT', `/managed-products/${pno}`, { actor: OTHER_SELLER, form: edit })).status).toBe(
      404,
    );
    await call('PUT', `/managed-products/${pno}/del-flag`, { actor: SELLER, expected: false });
    expect(
      (await call('PUT', `/managed-products/${pno}/del-flag`, { actor: SELLER, expected: false })).status,
    ).toBe(409);
    await call('PUT', `/managed-products/${pno}/del-flag`, { actor: ADMIN, expected: true });
    expect(await productChanges(pno)).toEqual([
      { pno, changes: ['registered'] },
      { pno, changes: ['details', 'options', 'stock'] },
      { pno, changes: ['deleted'] },
      { pno, changes: ['restored'] },
    ]);
  });

  it("lists a seller's own products (deleted included), every product for an admin, by category and keyword", async () => {
    const mine = (await register(form({ pName: '목록 확인 배', ctnos: [otherLeaf] }))).body.pno;
    await call('PUT', `/managed-products/${mine}/del-flag`, { actor: SELLER, expected: false });
    const theirs = (
      await register(form({ pName: '목록 확인 배 2', ctnos: [otherLeaf] }), [], OTHER_SELLER.mno)
    ).body.pno;
    const list = async (actor: ProductActor, query: string) =>
      (await call('GET', `/managed-products?${actorQuery(actor)}&${query}`)).body as {
        items: { pno: number; delFlag: boolean }[];
        totalCount: number;
      };
    const sellers = await list(SELLER, 'keyword=목록 확인&ctno=0');
    expect(sellers.items.map((item) => [item.pno, item.delFlag])).toEqual([[mine, true]]);
    const admins = await list(ADMIN, `keyword=목록 확인&ctno=${middle}`);
    expect(admins.items.map((item) => item.pno)).toEqual([theirs, mine]);
    expect((await list(ADMIN, `ctno=${leaf}&keyword=목록 확인`)).totalCount).toBe(0);
    const paged = await list(SELLER, 'size=1&page=1');
    expect(paged.items).toHaveLength(1);
    expect(paged.totalCount).toBe(await db.product.count({ where: { sellerId: SELLER.mno } }));
    expect((await call('GET', '/managed-products?mno=2&role=MEMBER')).status).toBe(400);
  });
});
