import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkOwnProductWritesReadBack,
  productInStock,
  StoreApi,
  timedCheckout,
  VERIFY_BOUND_MS,
  verifyTimesOnIdleStore,
} from '@mkt/testing';
import type { RunningStandalone } from '../../../src/standalone';
import { startStandalone } from '../../../src/standalone';

jest.setTimeout(120_000);

/**
 * The standalone store (embedded PGlite, the in-process bus) wakes every hop of a chain on its
 * commit: nothing waits for a poll, and whoever made a change reads it back at once.
 */
describe('wake-ups in standalone mode', () => {
  let app: RunningStandalone;
  let api: StoreApi;

  beforeAll(async () => {
    app = await startStandalone({
      dataDir: mkdtempSync(join(tmpdir(), 'wake-ups-')),
      inMemory: true,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'error',
      demoProductsPerCategory: 2,
    });
    api = new StoreApi(app.url);
  });
  afterAll(() => app?.close());

  it('answers a verification within 100 ms of the payment on an idle store', async () => {
    const times = await verifyTimesOnIdleStore(api);
    console.log(`standalone: verify answered in ${times.map(Math.round).join(', ')} ms`);
    expect(times[0]).toBeLessThanOrEqual(VERIFY_BOUND_MS);
  });

  it('takes a review of a line the moment its order shows complete', async () => {
    const { odno } = await productInStock(api, 1);
    const shopper = await api.newShopper('review-at-once');
    const { ono, verification } = await timedCheckout(api, shopper, odno);
    expect(verification).toMatchObject({ verified: true, status: 'ORDER_COMPLETE' });
    const [line] = (await api.order(shopper, ono)).orderDetails;
    await api.call(shopper, 'POST', `/api/review/add/${line.orno}`, {
      title: '신선해요',
      rate: 5,
      content: '주문하자마자 리뷰를 남깁니다.',
    });
  });

  it("shows a product's edit, delete and restore to whoever made them right after the answer", async () => {
    await checkOwnProductWritesReadBack(api);
  });
});
