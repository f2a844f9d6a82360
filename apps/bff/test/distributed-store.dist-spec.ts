import {
  checkCatalogFreshness,
  checkOwnOrderChangesReadBack,
  checkOwnProductWritesReadBack,
  checkReviewRightAfterCompletion,
  checkVerifyOnIdleStore,
  DEMO_ACCOUNTS,
  poll,
  productInStock,
  StoreApi,
} from '@mkt/testing';
import { serviceNode } from '@mkt/topology';

jest.setTimeout(90_000);

const REFUND_REASON = '받아 보니 주문한 것과 달라서 환불을 요청합니다';

/**
 * The store as `npm run start:distributed` runs it: every service and the BFF its own process on
 * PostgreSQL, Redis and Kafka. The money path crosses every process boundary through events.
 */
describe('the distributed store', () => {
  const api = new StoreApi(process.env.MKT_DISTRIBUTED_URL!);

  it('serves the web app, and its health names every service up', async () => {
    const home = await fetch(api.baseUrl);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    const health = await api.call<{ status: string; services: Record<string, string> }>(
      undefined,
      'GET',
      '/api/health',
    );
    expect(health.services).toEqual({
      catalog: 'up',
      board: 'up',
      member: 'up',
      cart: 'up',
      order: 'up',
      payment: 'up',
      refund: 'up',
    });
  });

  it('takes an order from cart to payment and back through a refund, stock following', async () => {
    const { product, odno } = await productInStock(api, 10);
    const option = { odno };
    const stockOf = async () =>
      (await api.product(product.pno)).optionDetail.find((o) => o.odno === option.odno)!.od_stock;
    const stockBefore = await stockOf();

    const shopper = await api.newShopper('distributed');
    const [line] = await api.addToCart(shopper, option.odno, 2);
    const placed = await api.placeOrder(shopper, [{ odno: option.odno, or_count: 2 }], [line.cino]);
    await api.pay(shopper, placed);

    expect((await api.waitForOrderStatus(shopper, placed.ono, 'ORDER_COMPLETE')).status).toBe(
      'ORDER_COMPLETE',
    );
    expect(
      await poll(
        () => api.cart(shopper),
        (cart) => cart.length === 0,
      ),
    ).toEqual([]);
    expect(await poll(stockOf, (stock) => stock === stockBefore - 2)).toBe(stockBefore - 2);

    const refund = await api.requestRefund(shopper, placed.ono, REFUND_REASON);
    await api.waitForOrderStatus(shopper, placed.ono, 'REFUND_PENDING');
    const admin = await api.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await api.decideRefund(admin, refund.rfno, 'approve');

    expect((await api.waitForOrderStatus(shopper, placed.ono, 'REFUND_COMPLETE')).status).toBe(
      'REFUND_COMPLETE',
    );
    const history = await api.refundHistory(shopper);
    expect(history.content).toEqual([
      expect.objectContaining({ orderId: placed.ono, status: 'COMPLETED', amount: placed.o_totalPrice }),
    ]);
    expect(await poll(stockOf, (stock) => stock === stockBefore)).toBe(stockBefore);
  });

  it("answers a new price and a new stock from the BFF's cache within a second of their commit", async () => {
    // The test store's catalog: the topology's port moved by the distributed tests' offset.
    const offset = Number(process.env.MKT_DISTRIBUTED_PORT_OFFSET ?? 1500);
    const catalogUrl =
      process.env.MKT_DISTRIBUTED_CATALOG_URL ?? `http://127.0.0.1:${serviceNode('catalog').port + offset}`;
    const figures = await checkCatalogFreshness([api], catalogUrl);
    console.log(`distributed: fresh after ${JSON.stringify(figures)} ms`);
  });

  it('answers a verification within 100 ms of the payment on an idle store (events wake every hop)', async () => {
    const times = await checkVerifyOnIdleStore(api);
    console.log(`distributed: verify ${JSON.stringify(times)} ms`);
  });

  it('takes a review of a line the moment its order shows complete', async () => {
    await checkReviewRightAfterCompletion(api);
  });

  it("shows a product's edit, delete and restore to whoever made them right after the answer", async () => {
    // Through one BFF process, as a seller's browser keeps its connection (the other drops its cached
    // copy within the 1 s bound tested above): start:distributed's first replica listens on port + 10.
    const oneBff = new URL(api.baseUrl);
    oneBff.port = String(Number(oneBff.port) + 10);
    await checkOwnProductWritesReadBack(new StoreApi(oneBff.origin));
  });

  it('shows a review and a refund request on the order to the shopper right after the answer', async () => {
    await checkOwnOrderChangesReadBack(api);
  });
});
