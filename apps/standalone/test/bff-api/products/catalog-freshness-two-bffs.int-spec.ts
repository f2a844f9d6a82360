import { KafkaTransport } from '@mkt/messaging';
import { checkCatalogFreshness, StoreApi, testInfrastructure } from '@mkt/testing';
import { createProduct } from '@mkt/catalog/testing';
import type { AccountsStack } from '../testing/accounts-stack';
import { startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(120_000);

/** Two BFF instances in front of the same services, each with its own cache and its own tail of Kafka. */
describe('the catalogue read cache of two BFF instances', () => {
  let stack: AccountsStack;
  const feeds: KafkaTransport[] = [];

  beforeAll(async () => {
    stack = await startAccountsStack('bff-cache', {}, { shop: true });
    const catalog = stack.catalog!;
    const root = await catalog.category.create({ data: { cateName: '전체', depth: 0 } });
    const top = await catalog.category.create({ data: { cateName: '과일', depth: 1, superCtno: root.ctno } });
    const middle = await catalog.category.create({
      data: { cateName: '국산', depth: 2, superCtno: top.ctno },
    });
    const leaf = await catalog.category.create({
      data: { cateName: '사과', depth: 3, superCtno: middle.ctno },
    });
    await createProduct(catalog, {
      pName: '캐시 사과',
      pContent: '아침에 딴 사과',
      pPrice: 10_000,
      pSalePer: 0,
      sellerId: 2,
      businessName: '바른농부',
      ctnos: [leaf.ctno],
      options: [{ odName: '1kg', odPrice: 0, odStock: 20 }],
      imageNames: [],
    });
  });
  afterAll(async () => {
    await stack?.close();
    for (const feed of feeds) await feed.close();
  });

  it('answers a new price and a new stock from both within a second of their commit', async () => {
    const { kafkaBrokers } = await testInfrastructure();
    const cachedBff = async () => {
      const changes = new KafkaTransport({
        brokers: kafkaBrokers,
        clientId: 'bff',
        topicPrefix: stack.topicPrefix,
      });
      feeds.push(changes);
      return new StoreApi((await stack.startBff({ catalogCache: { changes, maxBytes: 1 << 20 } })).url);
    };
    const apis = [await cachedBff(), await cachedBff()];
    const figures = await checkCatalogFreshness(apis, await stack.service('catalog').getUrl());
    console.log(`two BFFs on Kafka: fresh after ${JSON.stringify(figures)} ms`);
  });
});
