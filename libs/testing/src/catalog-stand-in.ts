import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OptionSnapshot } from '@mkt/contracts';

export interface CatalogStandIn {
  url: string;
  /** What it answers: change `options` between calls; `down` makes it fail as a crashed catalog would. */
  state: { options: OptionSnapshot[]; down: boolean };
  close(): Promise<void>;
}

/**
 * Catalog as cart and order read it (`GET /options?odno=`, the contract in libs/contracts), over
 * HTTP, answering from a list the test controls: for testing a reader of catalog on its own.
 */
export function startCatalogStandIn(options: OptionSnapshot[]): Promise<CatalogStandIn> {
  const state = { options, down: false };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://catalog');
    if (state.down || url.pathname !== '/options') {
      response.writeHead(state.down ? 503 : 404).end();
      return;
    }
    const wanted = new Set((url.searchParams.get('odno') ?? '').split(',').map(Number));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(state.options.filter((option) => wanted.has(option.odno))));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}
