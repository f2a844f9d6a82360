import { randomBytes } from 'node:crypto';
import type { EventEnvelope, PlacedOrderDto } from '@mkt/contracts';
import { EventHeaders, OrderPlacedV1, StockReservedV1 } from '@mkt/contracts';
import type { Subscription, TransportMessage } from '@mkt/messaging';
import { eventually } from '@mkt/testing';
import { createProduct } from '@mkt/catalog/testing';
import type { AccountsStack, Shopper } from '../testing/accounts-stack';
import { callApi, joinShopper, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(180_000);

/**
 * A request's W3C trace context and correlation id, from the BFF through the services' HTTP calls and
 * Kafka headers into the handlers of the events it causes, and on to the events those enqueue.
 */
describe('trace context across the services', () => {
  let stack: AccountsStack;
  let shopper: Shopper;
  let odno: number;
  const seen: TransportMessage[] = [];
  let watch: Subscription;

  beforeAll(async () => {
    stack = await startAccountsStack('tracing', {}, { shop: true });
    shopper = await joinShopper(stack.url, 'trace');
    const pno = await createProduct(stack.catalog!, {
      pName: '추적 사과',
      pContent: '',
      pPrice: 10_000,
      pSalePer: 0,
      sellerId: 3,
      businessName: '사과농장',
      ctnos: [],
      options: [{ odName: '1kg', odPrice: 0, odStock: 10 }],
      imageNames: [],
    });
    odno = (await stack.catalog!.productOption.findFirstOrThrow({ where: { pno } })).odno;
    watch = await stack.transport('order').subscribe({
      groupId: `trace-watch-${randomBytes(4).toString('hex')}`,
      topics: [OrderPlacedV1.topic, StockReservedV1.topic],
      onMessage: async (message) => {
        seen.push(message);
      },
    });
  });

  afterAll(async () => {
    await watch?.close();
    await stack?.close();
  });

  it("carries the caller's traceparent and correlation id to the order's events and to the stock reserved for it", async () => {
    const traceId = randomBytes(16).toString('hex');
    const correlationId = `trace-test-${randomBytes(4).toString('hex')}`;
    const placed = await callApi<PlacedOrderDto>(stack.url, 'POST', '/api/orders', {
      token: shopper.token,
      headers: {
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
        tracestate: 'vendor=abc',
        'x-correlation-id': correlationId,
        'idempotency-key': randomBytes(8).toString('hex'),
      },
      json: {
        o_reciver: '김민수',
        o_address: '(06236) 서울 강남구 테헤란로 1',
        o_reciverPhoNum: '01012345678',
        orderDetails: [{ odno, or_count: 1 }],
      },
    });
    expect(placed.status).toBe(201);

    const ofTheOrder = (topic: string) =>
      seen.find(
        (message) =>
          message.topic === topic &&
          (JSON.parse(message.value) as EventEnvelope<{ ono: number }>).payload.ono === placed.body.ono,
      );
    // order.placed leaves order's outbox; catalog's handler reserves the stock and enqueues stock.reserved.
    const [orderPlaced, stockReserved] = await eventually(async () => {
      const both = [ofTheOrder(OrderPlacedV1.topic), ofTheOrder(StockReservedV1.topic)];
      if (!both[0] || !both[1]) throw new Error('the events have not arrived yet');
      return both as TransportMessage[];
    });
    for (const message of [orderPlaced, stockReserved]) {
      expect(message.headers.traceparent.split('-')[1]).toBe(traceId);
      expect(message.headers.tracestate).toBe('vendor=abc');
      expect(message.headers[EventHeaders.correlationId]).toBe(correlationId);
    }
    expect(stockReserved.headers[EventHeaders.causationId]).toBe(orderPlaced.headers[EventHeaders.eventId]);
  });
});
