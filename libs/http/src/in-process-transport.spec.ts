import Fastify from 'fastify';
import { z } from 'zod';
import { inProcessTransport } from './in-process-transport';
import { ServiceClient, ServiceUnavailable } from './service-client';

const ETAG = 'W/"product-1"';

/** A small Fastify application, called through the same client the BFF uses, without a socket. */
async function service() {
  const app = Fastify();
  app.get<{ Params: { pno: string }; Querystring: { sort: string } }>('/products/:pno', (request, reply) => {
    if (request.headers['if-none-match'] === ETAG) return reply.code(304).header('etag', ETAG).send();
    return reply.header('etag', ETAG).send({
      pno: Number(request.params.pno),
      sort: request.query.sort,
      correlation: request.headers['x-correlation-id'],
    });
  });
  app.post('/orders', (request, reply) => reply.code(201).send({ received: request.body }));
  // Streams the body as a multipart parser does, failing as it would on an aborted request.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  app.post('/uploads', (request, reply) => {
    const body = request.body as NodeJS.ReadableStream;
    let bytes = 0;
    request.raw.on('aborted', () => reply.code(500).send({ error: 'ABORTED' }));
    body.on('data', (chunk: Buffer) => (bytes += chunk.length));
    body.on('end', () =>
      setImmediate(() => reply.sent || reply.send({ bytes, type: request.headers['content-type'] })),
    );
    return reply;
  });
  app.get('/missing', (_request, reply) =>
    reply.code(404).send({ error: 'NOT_FOUND', message: '없습니다.' }),
  );
  app.get('/hang', (_request, reply) => reply);
  await app.ready();
  const transport = inProcessTransport(app.routing);
  return {
    transport,
    client: new ServiceClient('catalog', 'http://catalog.invalid', {
      transport,
      timeoutMs: 200,
      retryDelayMs: 1,
    }),
  };
}

/** What the test application's read answers. */
const echoedRead = z.object({ pno: z.number(), sort: z.string(), correlation: z.string() });

describe('inProcessTransport', () => {
  it('runs a read through the application, query and headers included', async () => {
    expect(await (await service()).client.get('/products/7', echoedRead, { sort: 'pno' })).toEqual({
      pno: 7,
      sort: 'pno',
      correlation: '',
    });
  });

  it('hands a JSON body to the body parser', async () => {
    expect(await (await service()).client.post('/orders', { odno: 3 })).toEqual({ received: { odno: 3 } });
  });

  it('streams a multipart form to the end without the request counting as aborted', async () => {
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(5_000)], { type: 'image/png' }), 'a.png');
    const answer = await (await service()).client.postForm<{ bytes: number; type: string }>('/uploads', form);
    expect(answer.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.bytes).toBeGreaterThan(5_000);
  });

  it("passes the service's refusal on with its status and body", async () => {
    await expect((await service()).client.get('/missing', z.unknown())).rejects.toMatchObject({
      status: 404,
      response: { error: 'NOT_FOUND', message: '없습니다.' },
    });
  });

  it('answers the headers the application set, and a 304 with no body', async () => {
    const { transport } = await service();
    const first = await transport(new URL('http://catalog.invalid/products/1'), {});
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(ETAG);
    const again = await transport(new URL('http://catalog.invalid/products/1'), {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
  });

  it('ends a call that outlives its time limit', async () => {
    await expect((await service()).client.get('/hang', z.unknown())).rejects.toBeInstanceOf(
      ServiceUnavailable,
    );
  });
});
