import { OrderPlacedV1, StockReservedV1 } from '@mkt/contracts';
import type { TestService } from '@mkt/testing';
import {
  eventually,
  publishEvent,
  startTestService,
  testInfrastructure,
  uniqueTopicPrefix,
} from '@mkt/testing';
import { AssignerProtocol, Kafka, logLevel } from 'kafkajs';
import { catalogService } from '../catalog.module';
import { CatalogDatabase } from '../database';
import { createProduct } from '../products/new-product';

jest.setTimeout(120_000);

const ORDERS = 60;

/**
 * Horizontal scale: two catalog instances on one database and one consumer group split the
 * partitions of order.placed between them, and every order is still reserved exactly once.
 */
describe('two catalog instances', () => {
  const topicPrefix = uniqueTopicPrefix('catalog-scale');
  let first: TestService;
  let second: TestService;
  let db: CatalogDatabase;

  beforeAll(async () => {
    first = await startTestService(catalogService, { topicPrefix });
    second = await startTestService(catalogService, { topicPrefix, sharedDatabaseUrl: first.databaseUrl });
    db = first.app.get(CatalogDatabase);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('share the consumer group, each with partitions of its own, and reserve every order once', async () => {
    const pno = await createProduct(db, {
      pName: '나눠 받는 상품',
      pContent: '',
      pPrice: 1_000,
      pSalePer: 0,
      sellerId: 3,
      businessName: '테스트상회',
      ctnos: [],
      options: [{ odName: '기본', odPrice: 0, odStock: 1_000 }],
      imageNames: [],
    });
    const { odno } = await db.productOption.findFirstOrThrow({ where: { pno } });

    const { kafkaBrokers } = await testInfrastructure();
    const admin = new Kafka({ brokers: kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const partitionsOfEach = await eventually(async () => {
        const [group] = (await admin.describeGroups([`${topicPrefix}catalog`])).groups;
        expect(group.state).toBe('Stable');
        expect(group.members).toHaveLength(2);
        return group.members.map(
          (member) =>
            AssignerProtocol.MemberAssignment.decode(member.memberAssignment)?.assignment[
              topicPrefix + OrderPlacedV1.topic
            ] ?? [],
        );
      });
      // order.placed's three partitions, split between the two: none twice, none left out.
      expect(partitionsOfEach.every((partitions) => partitions.length > 0)).toBe(true);
      expect(partitionsOfEach.flat().sort()).toEqual([0, 1, 2]);
    } finally {
      await admin.disconnect();
    }

    for (let ono = 1; ono <= ORDERS; ono += 1)
      await publishEvent(
        first.transport,
        OrderPlacedV1,
        {
          ono,
          mno: 7,
          totalPrice: 1_000,
          lines: [{ orno: ono, odno, pno, sellerId: 3, count: 1, price: 1_000 }],
          cartItemIds: [],
        },
        ono,
        'order',
      );

    await eventually(async () => {
      const option = await db.productOption.findUniqueOrThrow({ where: { odno } });
      expect(option.odStock).toBe(1_000 - ORDERS);
    });
    const reserved = await db.$queryRawUnsafe<{ orders: bigint; events: bigint }[]>(
      'SELECT count(DISTINCT message_key) AS orders, count(*) AS events FROM outbox_event WHERE topic = $1',
      StockReservedV1.topic,
    );
    expect(reserved).toEqual([{ orders: BigInt(ORDERS), events: BigInt(ORDERS) }]);
  });
});
