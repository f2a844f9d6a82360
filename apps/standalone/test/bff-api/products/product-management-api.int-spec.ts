import { get } from 'node:http';
import type {
  CartLineDto,
  ManagedProductDetailDto,
  ManagedProductDto,
  MemberDto,
  PageResult,
  ProductDetailDto,
} from '@mkt/contracts';
import { MAX_PRODUCT_IMAGE_BYTES, ProductMessages } from '@mkt/contracts';
import { encodeBase64Id } from '@mkt/bff/testing';
import type { AccountsStack, ApiRequest, Shopper } from '../testing/accounts-stack';
import { callApi, joinShopper, signIn, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(180_000);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
]);

interface Part {
  data: Buffer;
  type: string;
  name: string;
}

/** Product management through the BFF: member and catalog (and the shop) on their own databases. */
describe('product management API', () => {
  let stack: AccountsStack;
  let seller: Shopper;
  let otherSeller: Shopper;
  let admin: Shopper;
  let shopper: Shopper;
  let leaf: number;

  const call = <T>(method: string, path: string, caller?: Shopper, request: ApiRequest = {}) =>
    callApi<T>(stack.url, method, path, { ...request, token: caller?.token });

  async function signedIn(email: string, password: string): Promise<Shopper> {
    const { body } = await signIn(stack.url, email, password);
    return { mno: body.mno, email, token: body.accessToken };
  }

  function registration(
    dto: Record<string, unknown>,
    images: Part[] = [],
    ctnoList: unknown[] = [leaf],
    opts?: unknown[],
  ) {
    const form = new FormData();
    form.append('dto', new Blob([JSON.stringify(dto)], { type: 'application/json' }));
    form.append('ctnoList', JSON.stringify(ctnoList));
    for (const image of images)
      form.append('images', new Blob([image.data], { type: image.type }), image.name);
    form.append('opts', JSON.stringify(opts ?? []));
    return form;
  }

  const dto = (pName: string, overrides: Record<string, unknown> = {}) => ({
    pName,
    pContent: '산지 직송 상품입니다.',
    pPrice: '15000',
    pSalePer: '20',
    pStock: '50',
    // The form's seller fields are not the seller's.
    sno: 1,
    businessName: '사칭상회',
    ...overrides,
  });

  const register = (caller: Shopper, form: FormData) =>
    call<{ message?: string; error?: string }>('POST', '/api/product/', caller, { multipart: form });

  /** The caller's products in the consoles' list with this keyword. */
  async function listed(caller: Shopper, keyword: string, ctno = 0) {
    const answer = await call<PageResult<ManagedProductDto>>(
      'GET',
      `/api/admin/productList?page=1&size=10&ctno=${ctno}&keyword=${encodeURIComponent(keyword)}`,
      caller,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  }

  async function registered(caller: Shopper, pName: string, images: Part[] = [], opts?: unknown[]) {
    const answer = await register(caller, registration(dto(pName), images, [leaf], opts));
    expect(answer.status).toBe(200);
    const [row] = (await listed(caller, pName)).dtoList;
    return row.pno;
  }

  const storedImages = async () =>
    (await stack.catalog!.imageFile.findMany({ select: { name: true }, orderBy: { name: 'asc' } })).map(
      (file) => file.name,
    );
  const productCount = () => stack.catalog!.product.count();
  const inStorefront = async (keyword: string) => {
    const list = await call<PageResult<{ pno: number }>>(
      'GET',
      `/api/product/list?keyword=${encodeURIComponent(keyword)}`,
    );
    return list.body.dtoList.map((row) => row.pno);
  };

  beforeAll(async () => {
    stack = await startAccountsStack('products', {}, { shop: true });
    const db = stack.catalog!;
    const root = await db.category.create({ data: { cateName: '전체', depth: 0 } });
    const top = await db.category.create({ data: { cateName: '채소', depth: 1, superCtno: root.ctno } });
    const middle = await db.category.create({ data: { cateName: '잎채소', depth: 2, superCtno: top.ctno } });
    leaf = (await db.category.create({ data: { cateName: '상추', depth: 3, superCtno: middle.ctno } })).ctno;
    seller = await signedIn('seller@dealmarket.kr', 'seller1234!');
    admin = await signedIn('admin@dealmarket.kr', 'admin1234!');
    shopper = await joinShopper(stack.url, 'products');
    otherSeller = await joinShopper(stack.url, 'products-seller');
    await stack.members.member.update({
      where: { mno: otherSeller.mno },
      data: { role: 'SELLER', businessName: '옆가게' },
    });
    otherSeller = await signedIn(otherSeller.email, 'secret12!');
  });
  afterAll(() => stack?.close());

  it('registers a multipart product as the caller, with the business name of the member service', async () => {
    const opts = [
      { od_name: '500g', od_stock: '20', od_price: '0' },
      { od_name: '1kg', od_stock: 5, od_price: 7000 },
    ];
    const pno = await registered(
      seller,
      '적상추 등록',
      [
        { data: PNG, type: 'image/png', name: 'front.png' },
        { data: JPEG, type: 'image/jpeg', name: 'back.jpg' },
      ],
      opts,
    );
    const member = await call<MemberDto>('GET', `/api/admin/${encodeBase64Id(seller.mno)}`, admin);
    const detail = await call<ProductDetailDto>('GET', `/api/product/${encodeBase64Id(pno)}`);
    expect(detail.body).toMatchObject({
      pName: '적상추 등록',
      pPrice: 15_000,
      pSalePer: 20,
      sno: seller.mno,
      businessName: member.body.businessName,
      optionDetail: [
        { od_name: '500g', od_price: 0, od_stock: 20 },
        { od_name: '1kg', od_price: 7_000, od_stock: 5 },
      ],
    });
    expect(member.body.businessName).not.toBe('사칭상회');
    expect(detail.body.productImage).toHaveLength(2);
    const image = await fetch(`${stack.url}/images/product/${detail.body.productImage[1].pi_name}`);
    expect({ status: image.status, type: image.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'image/jpeg',
    });
    expect(await inStorefront('적상추 등록')).toEqual([pno]);
  });

  it('answers the product list and still the member detail: the member route does not take productList', async () => {
    const list = await call<PageResult<ManagedProductDto>>(
      'GET',
      '/api/admin/productList?page=1&size=10&ctno=0&keyword=',
      admin,
    );
    expect(list.status).toBe(200);
    expect(list.body.pageRequestDTO).toEqual({ page: 1, size: 10 });
    const member = await call<MemberDto>('GET', `/api/admin/${encodeBase64Id(shopper.mno)}`, admin);
    expect(member).toMatchObject({ status: 200, body: { mno: shopper.mno } });
  });

  it("shows a seller only their own products, deleted ones included, and an admin everyone's", async () => {
    const mine = await registered(seller, '목록 구분 상품 A');
    const theirs = await registered(otherSeller, '목록 구분 상품 B');
    await call('PUT', `/api/admin/delStatus/${encodeBase64Id(mine)}?status=false`, seller);
    expect((await listed(seller, '목록 구분')).dtoList.map((p) => [p.pno, p.delFlag])).toEqual([
      [mine, true],
    ]);
    expect((await listed(otherSeller, '목록 구분')).dtoList.map((p) => p.pno)).toEqual([theirs]);
    expect((await listed(admin, '목록 구분')).dtoList.map((p) => p.pno)).toEqual([theirs, mine]);
    expect((await listed(admin, '목록 구분', leaf)).totalCount).toBe(2);
  });

  it('validates in the spec order with its messages', async () => {
    const cases: [FormData, string][] = [
      [registration(dto(''), [], []), ProductMessages.nameRequired],
      [registration(dto('이름', { pContent: '' }), [], []), ProductMessages.contentRequired],
      [registration(dto('이름', { pPrice: 'abc' }), [], []), ProductMessages.priceRequired],
      [registration(dto('이름'), [], []), ProductMessages.categoryRequired],
      [registration(dto('이름', { pSalePer: '120' })), ProductMessages.salePerRange],
      [registration(dto('이름'), [], [999_999]), ProductMessages.invalidCategory],
    ];
    for (const [form, message] of cases) {
      expect(await register(seller, form)).toEqual({ status: 400, body: { error: 'BAD_REQUEST', message } });
    }
  });

  it('refuses an oversized image, a non-image file and a malformed body with a clear message, storing nothing', async () => {
    const products = await productCount();
    const files = await storedImages();
    const png: Part = { data: PNG, type: 'image/png', name: 'ok.png' };
    const huge: Part = {
      data: Buffer.concat([PNG, Buffer.alloc(MAX_PRODUCT_IMAGE_BYTES)]),
      type: 'image/png',
      name: 'huge.png',
    };
    expect(await register(seller, registration(dto('큰 이미지'), [png, huge]))).toEqual({
      status: 413,
      body: { error: 'PAYLOAD_TOO_LARGE', message: ProductMessages.imageTooLarge },
    });
    const text: Part = { data: Buffer.from('just text, not a picture'), type: 'image/png', name: 'fake.png' };
    expect(await register(seller, registration(dto('가짜 이미지'), [png, text]))).toEqual({
      status: 400,
      body: { error: 'BAD_REQUEST', message: ProductMessages.notAnImage },
    });
    const pdf: Part = { data: Buffer.from('%PDF-1.4\n'), type: 'application/pdf', name: 'doc.pdf' };
    expect((await register(seller, registration(dto('문서'), [pdf]))).body.message).toBe(
      ProductMessages.notAnImage,
    );

    // A multipart body cut off in the middle of a file.
    const cutOff = `--XyZ\r\nContent-Disposition: form-data; name="dto"\r\n\r\n${JSON.stringify(dto('잘린 요청'))}\r\n--XyZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const response = await fetch(`${stack.url}/api/product/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${seller.token}`,
        'content-type': 'multipart/form-data; boundary=XyZ',
      },
      body: Buffer.concat([Buffer.from(cutOff), PNG]),
    });
    const truncated = { status: response.status, body: await response.json() };
    expect(truncated).toEqual({
      status: 400,
      body: { error: 'BAD_REQUEST', message: ProductMessages.malformedUpload },
    });
    const json = await call('POST', '/api/product/', seller, { json: dto('JSON 요청') });
    expect(json).toEqual({
      status: 400,
      body: { error: 'BAD_REQUEST', message: ProductMessages.malformedUpload },
    });
    const badField = new FormData();
    badField.append('dto', '{"pName": ');
    expect((await register(seller, badField)).body.message).toBe(ProductMessages.malformedField('dto'));

    expect(await productCount()).toBe(products);
    expect(await storedImages()).toEqual(files);
  });

  /**
   * A revalidation as a browser's cache sends it. Not fetch: a request with If-None-Match makes it
   * add `Cache-Control: no-cache`, which asks the server for a full answer.
   */
  const revalidate = (path: string, etag: string) =>
    new Promise<{ status: number; etag: string | undefined; body: string }>((done, fail) =>
      get(`${stack.url}${path}`, { headers: { 'if-none-match': etag } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => done({ status: res.statusCode!, etag: res.headers.etag, body }));
      }).on('error', fail),
    );

  it('answers catalogue reads with an ETag, 304 while unchanged, and a new ETag after a price edit', async () => {
    const pno = await registered(seller, '캐시할 상추', [], [{ od_name: '한 봉', od_stock: 3, od_price: 0 }]);
    const path = `/api/product/${encodeBase64Id(pno)}`;
    const first = await fetch(`${stack.url}${path}`);
    const etag = first.headers.get('etag')!;
    expect({ etag, cache: first.headers.get('cache-control') }).toEqual({
      etag: expect.any(String),
      cache: 'no-cache',
    });
    expect(await revalidate(path, etag)).toEqual({ status: 304, etag, body: '' });
    const managed = await call<ManagedProductDetailDto>(
      'GET',
      `/api/product/manage/${encodeBase64Id(pno)}`,
      seller,
    );
    expect((await call('PUT', path, seller, { json: { ...managed.body, pPrice: '8800' } })).status).toBe(200);
    const changed = await revalidate(path, etag);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(etag);
    expect((JSON.parse(changed.body) as ProductDetailDto).pPrice).toBe(8_800);
    // What a signed-in caller reads may be theirs alone: no shared cache keeps it.
    const signedIn = await fetch(`${stack.url}/api/qa/product/${pno}`, {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(signedIn.headers.get('vary')).toMatch(/Authorization/);
  });

  it('names uploaded images by their content and serves them to be kept for good', async () => {
    const pno = await registered(seller, '이미지 상추', [{ data: PNG, type: 'image/png', name: 'leaf.png' }]);
    const detail = await call<ProductDetailDto>('GET', `/api/product/${encodeBase64Id(pno)}`);
    const [{ pi_name: name }] = detail.body.productImage;
    expect(name).toMatch(/^[0-9a-f]{64}\.png$/);
    const image = await fetch(`${stack.url}/images/product/${name}`);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
  });

  it("changes a product's images after registration: add, remove, reorder, with the registration's checks", async () => {
    const first = { data: PNG, type: 'image/png', name: 'first.png' };
    const pno = await registered(seller, '사진 바꿀 상추', [first]);
    const path = `/api/product/${encodeBase64Id(pno)}/images`;
    const imagesOf = async () =>
      (await call<ProductDetailDto>('GET', `/api/product/${encodeBase64Id(pno)}`)).body.productImage.map(
        (image) => image.pi_name,
      );
    const [firstName] = await imagesOf();
    const change = (caller: Shopper, order: unknown, files: Part[] = []) => {
      const form = new FormData();
      form.append('order', typeof order === 'string' ? order : JSON.stringify(order));
      for (const file of files) form.append('images', new Blob([file.data], { type: file.type }), file.name);
      return call<{ message?: string; error?: string }>('PUT', path, caller, { multipart: form });
    };
    const jpeg = { data: JPEG, type: 'image/jpeg', name: 'second.jpg' };

    // Add one before the first: the storefront shows the new order at once.
    expect((await change(seller, [{ added: 0 }, { kept: firstName }], [jpeg])).status).toBe(200);
    const [secondName, ...rest] = await imagesOf();
    expect(secondName).toMatch(/^[0-9a-f]{64}\.jpg$/);
    expect(rest).toEqual([firstName]);
    // Reorder, then remove one.
    expect((await change(seller, [{ kept: firstName }, { kept: secondName }])).status).toBe(200);
    expect(await imagesOf()).toEqual([firstName, secondName]);
    expect((await change(admin, [{ kept: secondName }])).status).toBe(200);
    expect(await imagesOf()).toEqual([secondName]);

    // Refused, and nothing changes: a file that is not an image, an image of another product, an order
    // that does not match the files, more than ten, another seller's product, a shopper.
    const refusals: [Awaited<ReturnType<typeof change>>, number, string][] = [
      [
        await change(
          seller,
          [{ added: 0 }],
          [{ data: Buffer.from('<svg/>'), type: 'image/png', name: 'x.png' }],
        ),
        400,
        ProductMessages.notAnImage,
      ],
      [await change(seller, [{ kept: 'demo-3-1.svg' }]), 400, ProductMessages.unknownImage],
      [await change(seller, [{ added: 0 }, { added: 1 }], [jpeg]), 400, ProductMessages.imageOrderMismatch],
      [await change(seller, [{ kept: secondName }], [jpeg]), 400, ProductMessages.imageOrderMismatch],
      [
        await change(
          seller,
          Array.from({ length: 11 }, () => ({ kept: secondName })),
        ),
        400,
        ProductMessages.tooManyImages,
      ],
      [await change(seller, '{not json'), 400, ProductMessages.malformedField('order')],
      [await change(otherSeller, [{ kept: secondName }]), 404, ProductMessages.notFound],
    ];
    for (const [answer, status, message] of refusals)
      expect([answer.status, answer.body.message]).toEqual([status, message]);
    expect((await change(shopper, [{ kept: secondName }])).status).toBe(403);
    expect(await imagesOf()).toEqual([secondName]);
  });

  it('lets the owner and an admin edit, hides the product from other sellers, and keeps options referenced by odno', async () => {
    const pno = await registered(seller, '수정할 상추', [], [{ od_name: '한 봉', od_stock: 3, od_price: 0 }]);
    const path = `/api/product/${encodeBase64Id(pno)}`;
    const managed = await call<ManagedProductDetailDto>(
      'GET',
      `/api/product/manage/${encodeBase64Id(pno)}`,
      seller,
    );
    expect(managed.body.categoryProductBumpers).toEqual([{ ctno: leaf }]);
    const [option] = managed.body.optionDetail;
    const edited = {
      ...managed.body,
      pName: '수정한 상추',
      pPrice: '9900',
      sno: otherSeller.mno,
      optionDetail: [
        { ...option, od_stock: 9 },
        { od_name: '두 봉', od_price: 3000, od_stock: 4 },
      ],
    };
    expect((await call('PUT', path, seller, { json: edited })).status).toBe(200);
    const detail = await call<ProductDetailDto>('GET', path);
    expect(detail.body).toMatchObject({
      pName: '수정한 상추',
      pPrice: 9_900,
      sno: seller.mno,
      optionDetail: [
        { odno: option.odno, od_stock: 9 },
        { od_name: '두 봉', od_stock: 4 },
      ],
    });
    expect(await call('PUT', path, otherSeller, { json: { ...edited, pName: '남의 수정' } })).toMatchObject({
      status: 404,
      body: { message: ProductMessages.notFound },
    });
    expect((await call('GET', `/api/product/manage/${encodeBase64Id(pno)}`, otherSeller)).status).toBe(404);
    expect((await call('PUT', path, shopper, { json: edited })).status).toBe(403);
    expect(
      (
        await call('PUT', path, admin, {
          json: { ...edited, pName: '관리자가 고친 상추', optionDetail: detail.body.optionDetail },
        })
      ).status,
    ).toBe(200);
    expect((await call('PUT', path, seller, { json: { ...edited, pName: '' } })).body).toMatchObject({
      message: ProductMessages.nameRequired,
    });
    expect((await call<ProductDetailDto>('GET', path)).body.pName).toBe('관리자가 고친 상추');
    expect((await call('PUT', '/api/product/bm90LWEtbnVtYmVy', seller, { json: edited })).status).toBe(400);
  });

  it("keeps a shopper's cart line of an option the seller removes or a product the seller deletes, as unavailable", async () => {
    const pno = await registered(
      seller,
      '장바구니 상추',
      [],
      [
        { od_name: '남길 옵션', od_stock: 5, od_price: 0 },
        { od_name: '뺄 옵션', od_stock: 5, od_price: 0 },
      ],
    );
    const managed = await call<ManagedProductDetailDto>(
      'GET',
      `/api/product/manage/${encodeBase64Id(pno)}`,
      seller,
    );
    const [kept, removed] = managed.body.optionDetail;
    for (const option of [kept, removed]) {
      const added = await call('POST', '/api/cart/add', shopper, { json: { odno: option.odno, c_cnt: 1 } });
      expect(added.status).toBe(201);
    }
    const cartLines = async () =>
      (await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body
        .filter((line) => line.pno === pno)
        .map((line) => [line.od_name, line.unavailable]);

    const edit = { ...managed.body, optionDetail: [{ ...kept, od_name: '남긴 옵션' }] };
    expect((await call('PUT', `/api/product/${encodeBase64Id(pno)}`, seller, { json: edit })).status).toBe(
      200,
    );
    expect(await cartLines()).toEqual([
      ['남긴 옵션', null],
      ['뺄 옵션', 'DELETED'],
    ]);
    await call('PUT', `/api/admin/delStatus/${encodeBase64Id(pno)}?status=false`, seller);
    expect(await cartLines()).toEqual([
      ['남긴 옵션', 'DELETED'],
      ['뺄 옵션', 'DELETED'],
    ]);
  });

  it('deletes and restores with the status toggle: gone from the storefront, answered as text; others may not', async () => {
    const pno = await registered(seller, '토글 상추');
    const toggle = (caller: Shopper | undefined, status: string) =>
      call<string>('PUT', `/api/admin/delStatus/${encodeBase64Id(pno)}?status=${status}`, caller);
    expect(await toggle(otherSeller, 'false')).toMatchObject({ status: 404 });
    expect(await toggle(shopper, 'false')).toMatchObject({ status: 403 });
    expect(await toggle(undefined, 'false')).toMatchObject({ status: 401 });
    expect(await toggle(seller, 'false')).toEqual({ status: 200, body: ProductMessages.deleted });
    expect(await inStorefront('토글 상추')).toEqual([]);
    expect((await call('GET', `/api/product/${encodeBase64Id(pno)}`)).status).toBe(404);
    expect(await toggle(seller, 'false')).toMatchObject({
      status: 409,
      body: { message: ProductMessages.staleStatus },
    });
    expect(await toggle(seller, 'maybe')).toMatchObject({ status: 400 });
    expect(await toggle(admin, 'true')).toEqual({ status: 200, body: ProductMessages.restored });
    expect(await inStorefront('토글 상추')).toEqual([pno]);
    expect(await toggle(admin, 'false')).toEqual({ status: 200, body: ProductMessages.deleted });
  });
});
