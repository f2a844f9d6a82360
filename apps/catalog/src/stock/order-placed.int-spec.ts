import type { ProductDetailDto } from '@mkt/contracts';
import { OrderPlacedV1 } from '@mkt/contracts';
import { prismaAdapterFor } from '@mkt/persistence';
import type { ServiceDefinition } from '@mkt/platform';
import type { TestService } from '@mkt/testing';
import { startTestService, uniqueTopicPrefix } from '@mkt/testing';
import { OrderPlacement } from '../../../order/src/placement/order-placement';
import { orderService } from '../../../order/src/order.service';
import { catalogService } from '../catalog.module';
import { CatalogDatabase } from '../database';
import { createProduct } from '../seed/demo-catalog';

jest.setTimeout(90_000);

/** order and catalog as two services with their own databases, talking through a real Kafka broker. */
describe('order.placed from the order service reaches catalog through Kafka exactly once', () => {
  const services: TestService[] = [];
  let catalogUrl: string;
  let placement: OrderPlacement;
  let pno: number;
  let odno: number;
  const topicPrefix = uniqueTopicPrefix('order-placed');

  async function start(definition: ServiceDefinition): Promise<TestService> {
    const service = await startTestService(definition, {
      topicPrefix,
      logLevel: 'warn',
      relayPollIntervalMs: 50,
    });
    services.push(service);
    return service;
  }

  async function product(): Promise<ProductDetailDto> {
    const response = await fetch(`${catalogUrl}/products/${pno}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ProductDetailDto;
  }

  async function eventually(check: () => Promise<void>, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  beforeAll(async () => {
    const catalog = await start(catalogService);
    catalogUrl = catalog.url;
    const db = new CatalogDatabase({
      adapter: prismaAdapterFor({ kind: 'postgres', url: catalog.databaseUrl, schema: 'public' }),
    });
    pno = await createProduct(db, {
      pName: '한우 등심',
      pContent: '1++ 등급',
      pPrice: 59_000,
      pSalePer: 10,
      sellerId: 3,
      businessName: '한우명가',
      ctnos: [],
      options: [
        { odName: '300g', odPrice: 0, odStock: 10 },
        { odName: '600g', odPrice: 55_000, odStock: 5 },
      ],
      imageNames: [],
    });
    odno = (await db.productOption.findFirstOrThrow({ where: { pno, odName: '600g' } })).odno;
    await db.$disconnect();
    const order = await start(orderService);
    placement = order.app.get(OrderPlacement);
  });

  afterAll(async () => {
    for (const service of services.reverse()) await service.close();
  });

  const checkout = {
    mno: 7,
    idempotencyKey: 'checkout-1',
    receiver: '김민수',
    address: '(06236) 서울 강남구 테헤란로 1',
    phone: '01012345678',
    cartItemIds: [11],
    lines: [
      {
        odno: 0,
        pno: 0,
        sellerId: 3,
        pName: '한우 등심',
        odName: '600g',
        count: 2,
        pPrice: 59_000,
        pSalePer: 10,
        odPrice: 55_000,
      },
    ],
  };

  it('takes the ordered quantity out of stock and counts the sale once', async () => {
    const command = { ...checkout, lines: checkout.lines.map((l) => ({ ...l, odno, pno })) };
    const placed = await placement.place(command);
    // 2 x (ceil10(59,000 x 0.9) + 55,000) = 2 x 108,100
    expect(placed).toEqual({ ono: expect.any(Number), totalPrice: 216_200, created: true });

    await eventually(async () => {
      const p = await product();
      expect(p.optionDetail.find((o) => o.odno === odno)?.od_stock).toBe(3);
      expect(p.p_stock).toBe(13);
      expect(p.p_salesVol).toBe(2);
    });

    // The same checkout submitted again places nothing new.
    expect(await placement.place(command)).toEqual({ ono: placed.ono, totalPrice: 216_200, created: false });
  });

  it('ignores the event when Kafka delivers it again', async () => {
    const [catalog, order] = services;
    const { Client } = await import('pg');
    const client = new Client({ connectionString: order.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ envelope: string; topic: string; message_key: string }>(
      'SELECT envelope, topic, message_key FROM outbox_event WHERE status = $1',
      ['PUBLISHED'],
    );
    await client.end();
    expect(rows).toHaveLength(1);
    expect(rows[0].topic).toBe(OrderPlacedV1.topic);

    await order.transport.publish([
      { topic: rows[0].topic, key: rows[0].message_key, value: rows[0].envelope, headers: {} },
    ]);
    // Once catalog has committed both deliveries, nothing may have moved.
    await eventually(async () => expect(await catalog.transport.lag('catalog', OrderPlacedV1.topic)).toBe(0));
    const p = await product();
    expect(p.optionDetail.find((o) => o.odno === odno)?.od_stock).toBe(3);
    expect(p.p_salesVol).toBe(2);
  });
});
