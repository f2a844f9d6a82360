import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCatalogFreshness, StoreApi } from '@mkt/testing';
import type { RunningStandalone } from '../../../src/standalone';
import { startStandalone } from '../../../src/standalone';

jest.setTimeout(120_000);

/** The standalone store's BFF caches catalogue answers; the in-process bus keeps them fresh. */
describe('the catalogue read cache in standalone mode', () => {
  let app: RunningStandalone;

  beforeAll(async () => {
    app = await startStandalone({
      dataDir: mkdtempSync(join(tmpdir(), 'bff-cache-')),
      inMemory: true,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'error',
      demoProductsPerCategory: 2,
    });
  });
  afterAll(() => app?.close());

  it('answers a new price and a new stock within a second of their commit', async () => {
    const figures = await checkCatalogFreshness(
      [new StoreApi(app.url)],
      await app.service('catalog').getUrl(),
    );
    console.log(`standalone: fresh after ${JSON.stringify(figures)} ms`);
  });
});
