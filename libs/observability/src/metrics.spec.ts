import type { FastifyRequest } from 'fastify';
import { handlingCounters, Metrics, routeLabel, statusClass, UNMATCHED_ROUTE } from './metrics';

describe('metrics', () => {
  it('label a request by the route pattern it matched, never by its URL', () => {
    const matched = (url: string | undefined) => ({ routeOptions: { url } }) as FastifyRequest;
    expect(routeLabel(matched('/api/product/:pno'))).toBe('/api/product/:pno');
    expect(routeLabel(matched(undefined))).toBe(UNMATCHED_ROUTE);
  });

  it('label a status by its class', () => {
    expect([200, 204, 302, 404, 429, 500, 503].map(statusClass)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
  });

  it('keep each application in a registry of its own, labelled with its name', async () => {
    // Standalone mode and the tests create the same application's metrics more than once in a process.
    const [first, again] = [new Metrics('cart'), new Metrics('cart')];
    const counted = handlingCounters(first);
    handlingCounters(again);
    counted.handled('duplicate', 'mkt.order.completed.v1', 'cart.clear');
    counted.handled('duplicate', 'mkt.order.completed.v1', 'cart.clear');
    counted.handled('applied', 'mkt.order.completed.v1', 'cart.clear');
    counted.handled('dead-lettered', 'mkt.order.completed.v1', 'envelope');

    const exposition = await first.exposition();
    expect(exposition).toContain(
      'mkt_inbox_duplicates_skipped_total{topic="mkt.order.completed.v1",handler="cart.clear",service="cart"} 2',
    );
    expect(exposition).toContain(
      'mkt_events_dead_lettered_total{topic="mkt.order.completed.v1",handler="envelope",service="cart"} 1',
    );
    expect(await again.exposition()).not.toMatch(/_total\{/);
  });
});
