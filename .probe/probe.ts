import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { busMigrationsDir, InProcessTransport } from '@mkt/messaging';
import { applyMigrations, openEmbeddedDatabase } from '@mkt/persistence';
import { EmbeddedKeyValueStore } from '../apps/bff/src/auth/embedded-key-value-store';
import { startBffAlone } from '../apps/bff/test/support/bff-alone';

let calls = 0;
const body = JSON.stringify({ pno: 6, pName: '상품', p_name: '상품', pPrice: 1000, p_price: 1000, pSalePer: 0, p_salePer: 0, p_salesVol: 0, p_stock: 5, delFlag: false, businessName: 'x', productImage: [], pContent: '', sno: 9, optionDetail: [], category: [] });
const catalog = createServer((_q, r) => { calls++; r.writeHead(200, { 'content-type': 'application/json' }).end(body); });
(async () => {
  await new Promise<void>((r) => catalog.listen(0, '127.0.0.1', r));
  const db = await openEmbeddedDatabase();
  await applyMigrations({ kind: 'embedded', db, schema: 'bus' }, [{ scope: 'bus', dir: busMigrationsDir }]);
  const bus = new InProcessTransport({ query: async (sql, params) => (await db.query<never>(sql, params)).rows }, { schema: 'bus' });
  const store = await EmbeddedKeyValueStore.open(db);
  const bff = await startBffAlone(store, { services: { catalog: `http://127.0.0.1:${(catalog.address() as any).port}` }, catalogCache: { changes: bus, maxBytes: 1 << 20 } });
  const url = process.env.PROBE_PATH ? `${await bff.getUrl()}${process.env.PROBE_PATH}` : `${await bff.getUrl()}/api/product/${btoa('6')}`;
  await new Promise((r) => setTimeout(r, 1000));
  for (let i = 0; i < 3; i++) await fetch(url);
  const before = calls;
  const result = await autocannon({ url, connections: 20, duration: 5 });
  console.log('bff req/s', Math.round(result.requests.average), 'catalog calls', calls - before, 'non2xx', result.non2xx);
  await bff.close(); await bus.close(); await db.close(); catalog.close();
  process.exit(0);
})();
