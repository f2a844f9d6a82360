import type { INestApplication } from '@nestjs/common';
import { createServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { JsonLogger } from '@mkt/observability';
import type { OpenedStore } from '../../test/support/key-value-stores';
import { openRedisStore } from '../../test/support/key-value-stores';
import { startBffAlone } from '../../test/support/bff-alone';

/** The BFF's logger, keeping the error lines it writes for the test to read. */
class RecordingLogger extends JsonLogger {
  readonly errors: { message: unknown; fields: unknown[] }[] = [];
  override error(message: unknown, ...fields: unknown[]): void {
    this.errors.push({ message, fields });
    super.error(message, ...fields);
  }
}

/** Answers from services are checked against the contracts' schemas before anything reaches a browser. */
describe("the BFF's reads of services", () => {
  let catalog: Server;
  let bff: INestApplication;
  let url: string;
  const logger = new RecordingLogger('bff', 'error');

  let sessions: OpenedStore;

  beforeAll(async () => {
    sessions = await openRedisStore();
    // A catalog that answers a product in a shape of its own: the price as text, a field nobody asked for.
    catalog = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ pno: 1, pName: '사과', pPrice: '만 원', internalNote: 'do-not-leak' }));
    });
    await new Promise<void>((done) => catalog.listen(0, '127.0.0.1', done));
    bff = await startBffAlone(sessions.store, {
      services: { catalog: `http://127.0.0.1:${(catalog.address() as AddressInfo).port}` },
      logger,
    });
    url = await bff.getUrl();
  });

  afterAll(async () => {
    await bff?.close();
    await new Promise((done) => catalog?.close(done));
    await sessions?.close();
  });

  it('answers 502 with a readable message to an answer that does not match its schema, and logs why', async () => {
    const response = await fetch(`${url}/api/product/${Buffer.from('1').toString('base64')}`);
    const text = await response.text();
    expect(response.status).toBe(502);
    expect(JSON.parse(text)).toEqual({
      error: 'BAD_SERVICE_ANSWER',
      message: 'catalog 서비스가 알 수 없는 응답을 보냈습니다. 잠시 후 다시 시도해 주세요.',
    });
    expect(text).not.toContain('do-not-leak');
    expect(logger.errors).toContainEqual({
      message: 'service answer does not match its contract',
      fields: [{ service: 'catalog', path: '/products/1', issue: expect.stringMatching(/^p_name: /) }],
    });
  });
});
