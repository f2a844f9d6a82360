import type { CartLineDto, CartSummaryDto, WishDto } from '@mkt/contracts';
import { CartMessages, MAX_CART_LINES } from '@mkt/contracts';
import { lineTotal, summarize } from '@mkt/pricing';
import { createProduct } from '@mkt/catalog/testing';
import type { CatalogDatabase } from '@mkt/catalog';
import type { AccountsStack, ApiRequest, Shopper } from '../testing/accounts-stack';
import { callApi, joinShopper, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(120_000);

interface ErrorAnswer {
  error: string;
  message: string;
}

/**
 * The spec client's cart and wish-list calls through the BFF, with member, catalog and cart each on
 * its own PostgreSQL database: what they answer, what they compute, and what they refuse.
 */
describe('cart and wish-list API', () => {
  let stack: AccountsStack;
  let catalog: CatalogDatabase;
  /** 한우 세트: 59,000원 10% off; options 300g (+0, stock 10) and 600g (+55,000, stock 3). */
  let beef: { pno: number; small: number; large: number };
  /** 김치: 12,900원 15% off; one option (+1,500, stock 50). */
  let kimchi: { pno: number; jar: number };

  const call = <T>(method: string, path: string, shopper?: Shopper, request: ApiRequest = {}) =>
    callApi<T>(stack.url, method, path, { ...request, token: shopper?.token });

  const newShopper = () => joinShopper(stack.url, 'cart');

  const cartOf = async (shopper: Shopper) =>
    (await call<CartLineDto[]>('GET', `/api/cart/${shopper.mno}`, shopper)).body;
  const add = (shopper: Shopper, odno: number, c_cnt: number, extra: Record<string, unknown> = {}) =>
    call<CartLineDto[] & ErrorAnswer>('POST', '/api/cart/add', shopper, {
      json: { mno: shopper.mno, odno, c_cnt, ...extra },
    });

  async function optionsOf(pno: number): Promise<number[]> {
    const options = await catalog.productOption.findMany({ where: { pno }, orderBy: { odno: 'asc' } });
    return options.map((option) => option.odno);
  }

  beforeAll(async () => {
    stack = await startAccountsStack('cart_api', {}, { shop: true });
    catalog = stack.catalog!;
    const beefPno = await createProduct(catalog, {
      pName: '한우 선물세트',
      pContent: '1++ 등급',
      pPrice: 59_000,
      pSalePer: 10,
      sellerId: 3,
      businessName: '한우명가',
      ctnos: [],
      options: [
        { odName: '300g', odPrice: 0, odStock: 10 },
        { odName: '600g', odPrice: 55_000, odStock: 3 },
      ],
      imageNames: ['beef-1.jpg', 'beef-2.jpg'],
    });
    const [small, large] = await optionsOf(beefPno);
    beef = { pno: beefPno, small, large };
    const kimchiPno = await createProduct(catalog, {
      pName: '포기김치',
      pContent: '국산 배추',
      pPrice: 12_900,
      pSalePer: 15,
      sellerId: 3,
      businessName: '김치마을',
      ctnos: [],
      options: [{ odName: '3kg', odPrice: 1_500, odStock: 50 }],
      imageNames: [],
    });
    kimchi = { pno: kimchiPno, jar: (await optionsOf(kimchiPno))[0] };
  });

  afterAll(() => stack?.close());

  describe('cart', () => {
    it('adds lines with the spec fields, current catalogue values and the server-computed amount', async () => {
      const shopper = await newShopper();
      expect(await cartOf(shopper)).toEqual([]);

      // The spec client may send more of the option than it needs; prices it sends are ignored.
      const added = await add(shopper, beef.large, 2, { od_name: '600g', od_price: 1, p_price: 1 });
      expect(added.status).toBe(201);
      expect(added.body).toEqual([
        {
          cino: expect.any(Number),
          mno: shopper.mno,
          pno: beef.pno,
          odno: beef.large,
          c_cnt: 2,
          p_name: '한우 선물세트',
          od_name: '600g',
          pi_name: 'beef-1.jpg',
          p_price: 59_000,
          od_price: 55_000,
          p_salePer: 10,
          p_stock: 13,
          od_stock: 3,
          businessName: '한우명가',
          // 2 x (ceil10(59,000 x 0.9) + 55,000)
          lineAmount: 216_200,
          unavailable: null,
        },
      ]);
      await add(shopper, kimchi.jar, 1);
      const cart = await cartOf(shopper);
      expect(cart.map((line) => [line.odno, line.c_cnt, line.pi_name])).toEqual([
        [beef.large, 2, 'beef-1.jpg'],
        [kimchi.jar, 1, ''],
      ]);
      expect(cart[1].lineAmount).toBe(lineTotal(12_900, 15, 1_500, 1));
    });

    it('adds an option already in the cart to its line, also when the adds arrive together', async () => {
      const shopper = await newShopper();
      await add(shopper, beef.small, 2);
      const answers = await Promise.all([add(shopper, beef.small, 3), add(shopper, beef.small, 4)]);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      const cart = await cartOf(shopper);
      expect(cart).toHaveLength(1);
      expect(cart[0].c_cnt).toBe(9);
    });

    it('refuses a sum over the stock with the maximum, and keeps the line as it was', async () => {
      const shopper = await newShopper();
      await add(shopper, beef.large, 2);
      const refused = await add(shopper, beef.large, 2);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(CartMessages.overStock(3));
      expect((await cartOf(shopper))[0].c_cnt).toBe(2);
    });

    it.each([
      ['zero', 0, /1개 이상/],
      ['a negative quantity', -2, /1개 이상/],
      ['a fractional quantity', 1.5, /정수/],
      ['text', 'two', /숫자/],
      // A JSON body's number is a number: nothing is coerced.
      ['true', true, /숫자/],
      ['an array of one', [1], /숫자/],
      ['a number in a string', '2', /숫자/],
      ['over the option stock', 11, /최대 구매 가능 수량은 10개/],
    ])('refuses %s and adds nothing', async (_case, c_cnt, message) => {
      const shopper = await newShopper();
      const refused = await add(shopper, beef.small, c_cnt as number);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(message);
      expect(await cartOf(shopper)).toEqual([]);
    });

    it('refuses an unknown option, a deleted product and a sold-out option', async () => {
      const shopper = await newShopper();
      const unknown = await add(shopper, 987_654, 1);
      expect([unknown.status, unknown.body.message]).toEqual([404, CartMessages.unknownOption]);

      const gone = await createProduct(catalog, soldSeparately('단종 상품', 5));
      await catalog.product.update({ where: { pno: gone }, data: { delFlag: true } });
      const deleted = await add(shopper, (await optionsOf(gone))[0], 1);
      expect([deleted.status, deleted.body.message]).toEqual([400, CartMessages.productDeleted]);

      const empty = await createProduct(catalog, soldSeparately('품절 상품', 0));
      const soldOut = await add(shopper, (await optionsOf(empty))[0], 1);
      expect([soldOut.status, soldOut.body.message]).toEqual([400, CartMessages.soldOut]);
      expect(await cartOf(shopper)).toEqual([]);
    });

    it(`holds at most ${MAX_CART_LINES} lines`, async () => {
      const shopper = await newShopper();
      const pno = await createProduct(catalog, {
        ...soldSeparately('옵션 많은 상품', 1),
        options: Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({
          odName: `${i}`,
          odPrice: 0,
          odStock: 1,
        })),
      });
      const odnos = await optionsOf(pno);
      for (const odno of odnos.slice(0, MAX_CART_LINES))
        expect((await add(shopper, odno, 1)).status).toBe(201);
      const refused = await add(shopper, odnos[MAX_CART_LINES], 1);
      expect([refused.status, refused.body.message]).toEqual([400, CartMessages.cartFull]);
      expect(await cartOf(shopper)).toHaveLength(MAX_CART_LINES);
    });

    it('changes a quantity within 1..stock, as the spec client sends the whole line', async () => {
      const shopper = await newShopper();
      const [line] = (await add(shopper, beef.small, 1)).body;
      const changed = await call<CartLineDto>('PUT', '/api/cart/change', shopper, {
        json: { ...line, c_cnt: 4 },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        cino: line.cino,
        c_cnt: 4,
        lineAmount: lineTotal(59_000, 10, 0, 4),
      });

      for (const [c_cnt, status, message] of [
        [0, 400, /1개 이상/],
        [11, 400, /최대 구매 가능 수량은 10개/],
        [2.5, 400, /정수/],
      ] as const) {
        const refused = await call<ErrorAnswer>('PUT', '/api/cart/change', shopper, {
          json: { ...line, c_cnt },
        });
        expect([refused.status, refused.body.message]).toEqual([status, expect.stringMatching(message)]);
      }
      expect((await cartOf(shopper))[0].c_cnt).toBe(4);
    });

    it('shows a price change made after adding, and marks deleted and sold-out lines', async () => {
      const shopper = await newShopper();
      const pno = await createProduct(catalog, soldSeparately('가격 바뀌는 상품', 5));
      const soonDeleted = await createProduct(catalog, soldSeparately('곧 단종', 5));
      const soonSoldOut = await createProduct(catalog, soldSeparately('곧 품절', 5));
      for (const product of [pno, soonDeleted, soonSoldOut])
        await add(shopper, (await optionsOf(product))[0], 2);

      await catalog.product.update({ where: { pno }, data: { pPrice: 20_000, pSalePer: 50 } });
      await catalog.product.update({ where: { pno: soonDeleted }, data: { delFlag: true } });
      await catalog.productOption.updateMany({ where: { pno: soonSoldOut }, data: { odStock: 0 } });

      const cart = await cartOf(shopper);
      expect(cart.map((line) => [line.p_name, line.p_price, line.lineAmount, line.unavailable])).toEqual([
        ['가격 바뀌는 상품', 20_000, 20_000, null],
        ['곧 단종', 10_000, 20_000, 'DELETED'],
        ['곧 품절', 10_000, 20_000, 'SOLD_OUT'],
      ]);
      const withDeleted = await call<ErrorAnswer>(
        'GET',
        `/api/cart/${shopper.mno}/summary?cino=${cart[0].cino},${cart[1].cino}`,
        shopper,
      );
      expect([withDeleted.status, withDeleted.body.message]).toEqual([400, CartMessages.notOrderable]);
    });

    it('sums the chosen lines as libs/pricing does, shipping free', async () => {
      const shopper = await newShopper();
      await add(shopper, beef.large, 2);
      await add(shopper, kimchi.jar, 3);
      await add(shopper, beef.small, 1);
      const cart = await cartOf(shopper);
      const chosen = [cart[0], cart[1]];
      const { status, body } = await call<CartSummaryDto>(
        'GET',
        `/api/cart/${shopper.mno}/summary?cino=${chosen.map((line) => line.cino).join(',')}`,
        shopper,
      );
      expect(status).toBe(200);
      const expected = summarize([
        { price: 59_000, salePercent: 10, optionPrice: 55_000, quantity: 2 },
        { price: 12_900, salePercent: 15, optionPrice: 1_500, quantity: 3 },
      ]);
      expect(body).toEqual({ ...expected, lineCount: 2 });
      // Each line rounded up to 10 won once: ceil10(2 x (53,100 + 55,000)) + ceil10(3 x (10,965 + 1,500))
      expect(body.paymentAmount).toBe(216_200 + 37_400);
      expect(body.shippingFee).toBe(0);

      const none = await call<CartSummaryDto>('GET', `/api/cart/${shopper.mno}/summary?cino=`, shopper);
      expect(none.body).toEqual({
        productAmount: 0,
        discountAmount: 0,
        paymentAmount: 0,
        shippingFee: 0,
        lineCount: 0,
      });
    });

    it('deletes a line and answers the rest', async () => {
      const shopper = await newShopper();
      await add(shopper, beef.small, 1);
      const [first, second] = (await add(shopper, kimchi.jar, 1)).body;
      const answer = await call<CartLineDto[]>(
        'DELETE',
        `/api/cart/delete/${first.cino}/${shopper.mno}`,
        shopper,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.map((line) => line.cino)).toEqual([second.cino]);
      const again = await call<ErrorAnswer>(
        'DELETE',
        `/api/cart/delete/${first.cino}/${shopper.mno}`,
        shopper,
      );
      expect([again.status, again.body.message]).toEqual([404, CartMessages.unknownLine]);
    });

    it("refuses another member's mno, cino or body mno, and changes nothing", async () => {
      const owner = await newShopper();
      const other = await newShopper();
      const [line] = (await add(owner, beef.small, 2)).body;

      expect((await call<ErrorAnswer>('GET', `/api/cart/${owner.mno}`, other)).status).toBe(403);
      expect(
        (await call<ErrorAnswer>('GET', `/api/cart/${owner.mno}/summary?cino=${line.cino}`, other)).status,
      ).toBe(403);
      expect(
        (await call<ErrorAnswer>('DELETE', `/api/cart/delete/${line.cino}/${owner.mno}`, other)).status,
      ).toBe(403);
      // Their own mno in the path, the owner's line: not theirs to delete or sum.
      expect(
        (await call<ErrorAnswer>('DELETE', `/api/cart/delete/${line.cino}/${other.mno}`, other)).status,
      ).toBe(404);
      expect(
        (await call<ErrorAnswer>('GET', `/api/cart/${other.mno}/summary?cino=${line.cino}`, other)).status,
      ).toBe(404);
      const changed = await call<ErrorAnswer>('PUT', '/api/cart/change', other, {
        json: { cino: line.cino, c_cnt: 1 },
      });
      expect([changed.status, changed.body.message]).toEqual([404, CartMessages.unknownLine]);
      const asOwner = await call<ErrorAnswer>('POST', '/api/cart/add', other, {
        json: { mno: owner.mno, odno: kimchi.jar, c_cnt: 1 },
      });
      expect(asOwner.status).toBe(403);

      expect((await cartOf(owner)).map((l) => [l.cino, l.c_cnt])).toEqual([[line.cino, 2]]);
      expect(await cartOf(other)).toEqual([]);
    });
  });

  describe('wish list', () => {
    const wishOf = (shopper: Shopper, pno: number) =>
      call<number | undefined>('GET', `/api/wishlist/wno/${shopper.mno}/${pno}`, shopper);
    const listOf = async (shopper: Shopper) =>
      (await call<WishDto[]>('GET', `/api/wishlist/list/${shopper.mno}`, shopper)).body;

    it('wishes once per product, newest first, with the fields the client reads', async () => {
      const shopper = await newShopper();
      expect(await wishOf(shopper, beef.pno)).toEqual({ status: 200, body: undefined });

      const first = await call<number>('POST', `/api/wishlist/add/${shopper.mno}/${beef.pno}`, shopper);
      expect(first.status).toBe(201);
      const again = await call<number>('POST', `/api/wishlist/add/${shopper.mno}/${beef.pno}`, shopper);
      expect(again.body).toBe(first.body);
      await call('POST', `/api/wishlist/add/${shopper.mno}/${kimchi.pno}`, shopper);

      expect((await wishOf(shopper, beef.pno)).body).toBe(first.body);
      expect(await listOf(shopper)).toEqual([
        expect.objectContaining({ pno: kimchi.pno, p_name: '포기김치', pi_name: '', delFlag: false }),
        {
          wno: first.body,
          pno: beef.pno,
          mno: shopper.mno,
          p_name: '한우 선물세트',
          p_price: 59_000,
          p_salePer: 10,
          pi_name: 'beef-1.jpg',
          delFlag: false,
        },
      ]);
    });

    it('keeps two parallel adds as one wish', async () => {
      const shopper = await newShopper();
      const answers = await Promise.all(
        [1, 2, 3].map(() => call<number>('POST', `/api/wishlist/add/${shopper.mno}/${beef.pno}`, shopper)),
      );
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(await listOf(shopper)).toHaveLength(1);
    });

    it('deletes a wish and answers the rest; refuses unknown products and wishes', async () => {
      const shopper = await newShopper();
      const beefWish = (await call<number>('POST', `/api/wishlist/add/${shopper.mno}/${beef.pno}`, shopper))
        .body;
      await call('POST', `/api/wishlist/add/${shopper.mno}/${kimchi.pno}`, shopper);
      const rest = await call<WishDto[]>(
        'DELETE',
        `/api/wishlist/delete/${beefWish}/${shopper.mno}`,
        shopper,
      );
      expect(rest.status).toBe(200);
      expect(rest.body.map((wish) => wish.pno)).toEqual([kimchi.pno]);
      expect((await call('DELETE', `/api/wishlist/delete/${beefWish}/${shopper.mno}`, shopper)).status).toBe(
        404,
      );
      expect((await call('POST', `/api/wishlist/add/${shopper.mno}/987654`, shopper)).status).toBe(404);
      expect((await call('POST', `/api/wishlist/add/${shopper.mno}/abc`, shopper)).status).toBe(400);
    });

    it('keeps a wish whose product was deleted since, marked', async () => {
      const shopper = await newShopper();
      const pno = await createProduct(catalog, soldSeparately('찜 후 단종', 3));
      await call('POST', `/api/wishlist/add/${shopper.mno}/${pno}`, shopper);
      await catalog.product.update({ where: { pno }, data: { delFlag: true } });
      expect((await listOf(shopper)).map((wish) => [wish.pno, wish.delFlag])).toEqual([[pno, true]]);
    });

    it("refuses another member's list and wishes, and changes nothing", async () => {
      const owner = await newShopper();
      const other = await newShopper();
      const wno = (await call<number>('POST', `/api/wishlist/add/${owner.mno}/${beef.pno}`, owner)).body;
      expect((await call('GET', `/api/wishlist/list/${owner.mno}`, other)).status).toBe(403);
      expect((await call('POST', `/api/wishlist/add/${owner.mno}/${kimchi.pno}`, other)).status).toBe(403);
      expect((await call('DELETE', `/api/wishlist/delete/${wno}/${owner.mno}`, other)).status).toBe(403);
      expect((await call('DELETE', `/api/wishlist/delete/${wno}/${other.mno}`, other)).status).toBe(404);
      expect((await listOf(owner)).map((wish) => wish.wno)).toEqual([wno]);
    });
  });
});

/** A product with one option of `stock` pieces at 10,000원, no discount. */
function soldSeparately(name: string, stock: number) {
  return {
    pName: name,
    pContent: name,
    pPrice: 10_000,
    pSalePer: 0,
    sellerId: 3,
    businessName: '테스트상회',
    ctnos: [],
    options: [{ odName: '기본', odPrice: 0, odStock: stock }],
    imageNames: [],
  };
}
