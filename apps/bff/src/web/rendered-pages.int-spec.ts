import { gunzipSync } from 'node:zlib';
import type { EventDefinition } from '@mkt/contracts';
import { CategoryChangedV1, ProductChangedV1, ReviewWrittenV1 } from '@mkt/contracts';
import { busMigrationsDir, eventMessage, InProcessTransport } from '@mkt/messaging';
import { applyMigrations, openEmbeddedDatabase } from '@mkt/persistence';
import { poll } from '@mkt/testing';
import { ServiceClient } from '@mkt/http';
import { CatalogReadCache } from '../catalog/catalog-read-cache';
import { CatalogClient } from '../services/catalog.client';
import { PageBytes, PageReads, preferredEncoding, RenderedPages } from './rendered-pages';

jest.setTimeout(60_000);

/** What a page was built from: products whose detail or rating it shows, and whether it shows a list. */
function reads(products: number[], showsList = false, uncacheable = false): PageReads {
  const read = new PageReads();
  products.forEach((pno) => read.products.add(pno));
  read.showsList = showsList;
  read.uncacheable = uncacheable;
  return read;
}

const page = (text: string) => new PageBytes(200, Buffer.from(`<!doctype html><p>${text}</p>`));

/**
 * The rendered pages kept beside a real catalogue cache whose changes come over the standalone bus
 * (on an embedded database), as the BFF keeps them: what drops a page and what does not.
 */
describe('rendered pages kept with the catalogue cache', () => {
  let db: Awaited<ReturnType<typeof openEmbeddedDatabase>>;
  let bus: InProcessTransport;
  let cache: CatalogReadCache;
  let pages: RenderedPages;

  const announce = async <P>(event: EventDefinition<P>, payload: P, aggregateId: number) => {
    const { envelope, headers } = eventMessage('catalog', event, payload, { aggregateId });
    await bus.publish([
      { topic: event.topic, key: String(aggregateId), value: JSON.stringify(envelope), headers },
    ]);
  };
  /** Keeps a page for `url` built from `read`, rendered since now. */
  const keep = (url: string, read: PageReads) => pages.keep(url, page(url), read, pages.version());
  const kept = (url: string) => pages.get(url) !== undefined;
  /** Waits for the bus to deliver: until `url` is dropped. */
  const dropped = async (url: string) =>
    expect(
      await poll(
        async () => kept(url),
        (isKept) => !isKept,
        5_000,
      ),
    ).toBe(false);

  beforeAll(async () => {
    db = await openEmbeddedDatabase();
    await applyMigrations({ kind: 'embedded', db, schema: 'bus' }, [{ scope: 'bus', dir: busMigrationsDir }]);
    bus = new InProcessTransport(
      { query: async (sql, params) => (await db.query<never>(sql, params)).rows },
      { schema: 'bus' },
    );
    // Nothing here reads the catalogue: its client points nowhere.
    cache = new CatalogReadCache(new CatalogClient(new ServiceClient('catalog', 'http://catalog.invalid')), {
      changes: bus,
      maxBytes: 1 << 20,
      // What drops a page is tested here, not the feed's silence (catalog-read-cache.int-spec's).
      feedSilenceLimitMs: 60_000,
    });
    pages = new RenderedPages(cache, 1 << 20);
    await cache.onModuleInit();
    expect(
      await poll(
        async () => cache.isServing(),
        (serving) => serving,
        5_000,
      ),
    ).toBe(true);
  });
  afterAll(async () => {
    await cache?.onModuleDestroy();
    await bus?.close();
    await db?.close();
  });

  it("keeps a page until its product changes, and a product list's until any does", async () => {
    keep('/product/1', reads([1]));
    keep('/product/2', reads([2]));
    keep('/product/list?ctno=3', reads([], true));
    expect(pages.get('/product/1')?.html.toString()).toContain('/product/1');

    await announce(ProductChangedV1, { pno: 1, changes: ['details'] }, 1);
    await dropped('/product/1');
    expect(kept('/product/list?ctno=3')).toBe(false);
    expect(kept('/product/2')).toBe(true);
  });

  it("drops a product's page when it is reviewed (the page shows its rating), and no other", async () => {
    keep('/product/4', reads([4]));
    keep('/product/5', reads([5]));
    keep('/product/list', reads([], true));
    await announce(ReviewWrittenV1, { rno: 1, orno: 1, ono: 1, mno: 1, pno: 4 }, 1);
    await dropped('/product/4');
    expect(kept('/product/5')).toBe(true);
    expect(kept('/product/list')).toBe(true);
  });

  it('drops every page on a category change', async () => {
    keep('/product/6', reads([6]));
    keep('/product/list', reads([], true));
    await announce(CategoryChangedV1, { ctno: 2 }, 2);
    await dropped('/product/6');
    expect(kept('/product/list')).toBe(false);
  });

  it("drops a product's page this instance changed before its writer is answered", () => {
    keep('/product/7', reads([7]));
    cache.productChanged(7);
    expect(kept('/product/7')).toBe(false);
    keep('/product/7', reads([7]));
    cache.reviewsChanged(7);
    expect(kept('/product/7')).toBe(false);
  });

  it('keeps no page rendered while something changed, nor one built from what the cache does not hold', () => {
    const version = pages.version();
    cache.productChanged(99);
    pages.keep('/product/8', page('before the change'), reads([8]), version);
    expect(kept('/product/8')).toBe(false);

    keep('/product/list?keyword=사과', reads([], true, true));
    expect(kept('/product/list?keyword=사과')).toBe(false);
  });

  it('compresses a page once per encoding, to the same HTML', async () => {
    const kept = page('압축');
    const gzip = await kept.in('gzip');
    expect(await kept.in('gzip')).toBe(gzip);
    expect(gunzipSync(gzip).toString()).toBe(kept.html.toString());
  });
});

describe('preferredEncoding', () => {
  it('takes brotli, then gzip, as the Accept-Encoding header allows', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
