import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OptionSnapshot, ProductDetailDto } from '@mkt/contracts';

/** What board reads of a product (`GET /products/{pno}`): its seller, and whether it was deleted. */
export type ProductOwnerSnapshot = Pick<ProductDetailDto, 'pno' | 'sno' | 'delFlag'>;

export interface CatalogStandIn {
  url: string;
  /** What it answers: change `options` and `products` between calls; `down` makes it fail as a crashed catalog would. */
  state: { options: OptionSnapshot[]; products: ProductOwnerSnapshot[]; down: boolean };
  close(): Promise<void>;
}

/**
 * Catalog as cart, order and board read it (`GET /options?odno=`, `GET /products/{pno}`, the
 * contract in libs/contracts), over HTTP, answering from lists the test controls: for testing a
 * reader of catalog on its own.
 */
export function startCatalogStandIn(
  options: OptionSnapshot[],
  products: ProductOwnerSnapshot[] = [],
): Promise<CatalogStandIn> {
  const state = { options, products, down: false };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://catalog');
    const productPath = /^\/products\/(\d+)$/.exec(url.pathname);
    const product = productPath && state.products.find((p) => p.pno === Number(productPath[1]));
    if (!state.down && product) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(product));
      return;
    }
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
