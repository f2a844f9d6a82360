import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkOwnOrderChangesReadBack,
  checkOwnProductWritesReadBack,
  checkReviewRightAfterCompletion,
  checkVerifyOnIdleStore,
  StoreApi,
} from '@mkt/testing';
import { WEB_DIST } from '@mkt/testing/browser';
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
      // The product's rendered page is read back too.
      webDist: WEB_DIST,
    });
    api = new StoreApi(app.url);
  });
  afterAll(() => app?.close());

  it('answers a verification within 100 ms of the payment on an idle store', async () => {
    const times = await checkVerifyOnIdleStore(api);
    console.log(`standalone: verify ${JSON.stringify(times)} ms`);
  });

  it('takes a review of a line the moment its order shows complete', async () => {
    await checkReviewRightAfterCompletion(api);
  });

  it("shows a product's edit, delete and restore to whoever made them right after the answer", async () => {
    await checkOwnProductWritesReadBack(api);
  });

  it('shows a review and a refund request on the order to the shopper right after the answer', async () => {
    await checkOwnOrderChangesReadBack(api);
  });
});
