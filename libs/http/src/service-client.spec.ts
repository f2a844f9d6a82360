import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { z } from 'zod';
import { MalformedServiceAnswer, ServiceClient, ServiceUnavailable } from './service-client';

const answer = z.object({ ok: z.number() });

/** A service stand-in on loopback that answers each call with the next of `answers` (status, or 'hang'). */
async function standIn(
  answers: (number | 'hang')[],
): Promise<{ url: string; calls: string[]; bodies: string[]; connections: () => number; server: Server }> {
  const calls: string[] = [];
  const bodies: string[] = [];
  let connections = 0;
  const server = createServer(async (req, res) => {
    calls.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    bodies.push(`${req.headers['content-type'] ?? ''} ${Buffer.concat(chunks).toString()}`);
    const answer = answers.shift() ?? 200;
    if (answer === 'hang') return;
    if (answer === 204) return res.writeHead(204).end();
    res.writeHead(answer, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: answer }));
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    bodies,
    connections: () => connections,
    server,
  };
}

describe('ServiceClient', () => {
  const servers: Server[] = [];
  const start = async (answers: (number | 'hang')[]) => {
    const stand = await standIn(answers);
    servers.push(stand.server);
    return { ...stand, client: new ServiceClient('catalog', stand.url, { timeoutMs: 300, retryDelayMs: 1 }) };
  };
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it('tries a failed read once more', async () => {
    const { client, calls } = await start([503, 200]);
    expect(await client.get('/products/1', answer)).toEqual({ ok: 200 });
    expect(calls).toEqual(['GET /products/1', 'GET /products/1']);
  });

  it('gives up on a read that fails twice, as a 502', async () => {
    const { client, calls } = await start([500, 502]);
    await expect(client.get('/products/1', answer)).rejects.toBeInstanceOf(ServiceUnavailable);
    expect(calls).toHaveLength(2);
  });

  it('never repeats a write', async () => {
    const { client, calls } = await start([503]);
    await expect(client.post('/orders', { odno: 1 })).rejects.toBeInstanceOf(ServiceUnavailable);
    expect(calls).toEqual(['POST /orders']);
  });

  it('passes a refusal on without retrying it', async () => {
    const { client, calls } = await start([404]);
    await expect(client.get('/products/9', answer)).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(1);
  });

  it('refuses an answer its schema does not match, as a 502 naming the service', async () => {
    const { client } = await start([200]);
    const wrong = client.get('/products/1', z.object({ ok: z.string() }));
    await expect(wrong).rejects.toBeInstanceOf(MalformedServiceAnswer);
    await expect(wrong).rejects.toMatchObject({
      status: 502,
      path: '/products/1',
      issue: expect.stringMatching(/^ok: /),
      response: { error: 'BAD_SERVICE_ANSWER', message: expect.stringContaining('catalog') },
    });
  });

  it('ends a call that takes longer than its time limit', async () => {
    const { client, calls } = await start(['hang', 'hang']);
    await expect(client.get('/products/1', answer)).rejects.toBeInstanceOf(ServiceUnavailable);
    expect(calls).toHaveLength(2);
  });

  it('keeps its connection to a service between calls, and sends and reads bodies whole', async () => {
    const { client, calls, bodies, connections } = await start([200, 201, 204, 200]);
    expect(await client.get('/products/1', answer)).toEqual({ ok: 200 });
    expect(await client.post('/stock-holds', { key: '7:이름', lines: [1] })).toEqual({ ok: 201 });
    expect(await client.delete('/stock-holds/7%3A1')).toBeNull();
    expect(await client.put('/products/1', { pName: '포기김치' })).toEqual({ ok: 200 });
    expect(calls).toEqual([
      'GET /products/1',
      'POST /stock-holds',
      'DELETE /stock-holds/7%3A1',
      'PUT /products/1',
    ]);
    expect(bodies.slice(1)).toEqual([
      'application/json {"key":"7:이름","lines":[1]}',
      ' ',
      'application/json {"pName":"포기김치"}',
    ]);
    expect(connections()).toBe(1);
  });

  it('sends a multipart form as it is', async () => {
    const { client, bodies } = await start([200]);
    const form = new FormData();
    form.append('pName', '포기김치');
    expect(await client.postForm('/products', form)).toEqual({ ok: 200 });
    expect(bodies[0]).toMatch(/^multipart\/form-data; boundary=.*name="pName"\r\n\r\n포기김치\r\n/s);
  });

  it('answers a refused connection as a 502', async () => {
    const { url, server } = await standIn([]);
    await new Promise((done) => server.close(done));
    const client = new ServiceClient('catalog', url, { timeoutMs: 300, retryDelayMs: 1 });
    await expect(client.post('/orders', {})).rejects.toBeInstanceOf(ServiceUnavailable);
  });
});
