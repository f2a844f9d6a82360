import express from 'express';
import { z } from 'zod';
import { inProcessTransport } from './in-process-transport';
import { ServiceClient, ServiceUnavailable } from './service-client';

/** A small Express application, called through the same client the BFF uses, without a socket. */
function service() {
  const app = express();
  app.use(express.json());
  app.get('/products/:pno', (req, res) => {
    res.json({
      pno: Number(req.params.pno),
      sort: req.query.sort,
      correlation: req.header('x-correlation-id'),
    });
  });
  app.post('/orders', (req, res) => {
    res.status(201).json({ received: req.body });
  });
  // Streams the body as a multipart parser does, failing as it would on an aborted request.
  app.post('/uploads', (req, res) => {
    let bytes = 0;
    req.on('aborted', () => res.status(500).json({ error: 'ABORTED' }));
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () =>
      setImmediate(() => res.headersSent || res.json({ bytes, type: req.header('content-type') })),
    );
  });
  app.get('/missing', (_req, res) => {
    res.status(404).json({ error: 'NOT_FOUND', message: '없습니다.' });
  });
  app.get('/hang', () => undefined);
  const transport = inProcessTransport(app);
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
    expect(await service().client.get('/products/7', echoedRead, { sort: 'pno' })).toEqual({
      pno: 7,
      sort: 'pno',
      correlation: '',
    });
  });

  it('hands a JSON body to the body parser', async () => {
    expect(await service().client.post('/orders', { odno: 3 })).toEqual({ received: { odno: 3 } });
  });

  it('streams a multipart form to the end without the request counting as aborted', async () => {
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(5_000)], { type: 'image/png' }), 'a.png');
    const answer = await service().client.postForm<{ bytes: number; type: string }>('/uploads', form);
    expect(answer.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.bytes).toBeGreaterThan(5_000);
  });

  it("passes the service's refusal on with its status and body", async () => {
    await expect(service().client.get('/missing', z.unknown())).rejects.toMatchObject({
      status: 404,
      response: { error: 'NOT_FOUND', message: '없습니다.' },
    });
  });

  it('answers the headers the application set, and a 304 with no body', async () => {
    const { transport } = service();
    const first = await transport(new URL('http://catalog.invalid/products/1'), {});
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    const again = await transport(new URL('http://catalog.invalid/products/1'), {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
  });

  it('ends a call that outlives its time limit', async () => {
    await expect(service().client.get('/hang', z.unknown())).rejects.toBeInstanceOf(ServiceUnavailable);
  });
});
