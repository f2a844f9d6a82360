import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OptionSnapshot, ProductDetailDto, StockHoldAnswer, StockHoldRequest } from '@mkt/contracts';

/** What board reads of a product (`GET /products/{pno}`): its seller, and whether it was deleted. */
export type ProductOwnerSnapshot = Pick<ProductDetailDto, 'pno' | 'sno' | 'delFlag'>;

export interface CatalogStandIn {
  url: string;
  /**
   * What it answers: change `options` and `products` between calls; `down` makes it fail as a
   * crashed catalog would. `stock`: the pieces holds take from, by `odno` (at first each option's
   * `od_stock`; set it lower than the snapshot says to play a checkout that took them meanwhile).
   * `holds`: the holds it gave, by key. `optionReads`: how many times it was asked for options.
   */
  state: {
    options: OptionSnapshot[];
    products: ProductOwnerSnapshot[];
    down: boolean;
    stock: Map<number, number>;
    holds: Map<string, StockHoldRequest['lines']>;
    optionReads: number;
  };
  close(): Promise<void>;
}

type StandInState = CatalogStandIn['state'];

/** `POST /stock-holds` as catalog answers it: every line held or none, once per key. */
function hold(state: StandInState, { key, lines }: StockHoldRequest): StockHoldAnswer {
  if (state.holds.has(key)) return { held: true };
  const available = (odno: number) => state.stock.get(odno) ?? 0;
  const shortLines = lines
    .filter((line) => available(line.odno) < line.count)
    .map((line) => ({ odno: line.odno, wanted: line.count, available: available(line.odno) }));
  if (shortLines.length) return { held: false, shortLines };
  for (const line of lines) state.stock.set(line.odno, available(line.odno) - line.count);
  state.holds.set(key, lines);
  return { held: true };
}

function release(state: StandInState, key: string): void {
  for (const line of state.holds.get(key) ?? [])
    state.stock.set(line.odno, (state.stock.get(line.odno) ?? 0) + line.count);
  state.holds.delete(key);
}

const bodyOf = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
};

/**
 * Catalog as cart, order and board use it (`GET /options?odno=`, `GET /products/{pno}`,
 * `POST /stock-holds`, `DELETE /stock-holds/{key}`, the contract in libs/contracts), over HTTP,
 * answering from lists the test controls: for testing a user of catalog on its own.
 */
export function startCatalogStandIn(
  options: OptionSnapshot[],
  products: ProductOwnerSnapshot[] = [],
): Promise<CatalogStandIn> {
  const state: StandInState = {
    options,
    products,
    down: false,
    stock: new Map(options.map((option) => [option.odno, option.od_stock])),
    holds: new Map(),
    optionReads: 0,
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://catalog');
    const holdPath = /^\/stock-holds(?:\/([^/]+))?$/.exec(url.pathname);
    if (!state.down && holdPath && request.method === 'POST') {
      const answer = hold(state, (await bodyOf(request)) as StockHoldRequest);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
      return;
    }
    if (!state.down && holdPath?.[1] && request.method === 'DELETE') {
      release(state, decodeURIComponent(holdPath[1]));
      response.writeHead(204).end();
      return;
    }
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
    state.optionReads += 1;
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
