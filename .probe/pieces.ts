import Fastify from 'fastify';
import autocannon from 'autocannon';
import fastifyEtag from '@fastify/etag';
import fastifyCookie from '@fastify/cookie';
import { correlateRequests, Metrics } from '@mkt/platform';
import { sendSecurityHeaders } from '../apps/bff/src/security/security-headers';

const body = Buffer.from(JSON.stringify({ pno: 6, name: 'x'.repeat(400) }));
async function run(name: string, setup: (f: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify();
  await setup(app);
  app.get('/p/:id', (_q, r) => r.type('application/json').send(body));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await autocannon({ url: `${url}/p/1`, connections: 20, duration: 3 });
  console.log(name.padEnd(20), Math.round(result.requests.average));
  await app.close();
}
(async () => {
  const only = process.argv[2];
  const cases: [string, (f: any) => Promise<void>][] = [
    ['bare', async () => {}],
    ['helmet-once', async (f) => { sendSecurityHeaders(f); }],
    ['etag', async (f) => { await f.register(fastifyEtag, { weak: true }); }],
    ['cookie', async (f) => { await f.register(fastifyCookie); }],
    ['correlation', async (f) => { correlateRequests(f); }],
    ['metrics', async (f) => { new Metrics('x').observeHttp(f); }],
  ];
  for (const [name, setup] of cases) if (!only || only === name) await run(name, setup);
  process.exit(0);
})();
