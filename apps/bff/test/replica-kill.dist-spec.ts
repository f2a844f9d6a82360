import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  LoginResult,
  OrderDto,
  PaymentRecordResult,
  PaymentVerificationDto,
  SandboxPayResult,
} from '@mkt/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { haveTheStoreAlone, leaveTheStore, poll, StoreApi, testInfrastructure } from '@mkt/testing';

jest.setTimeout(240_000);

const SHOPPERS = 8;

/** Calls `step` again while it fails because a process is down (no answer, a 5xx), up to 60 s. */
async function retried<T>(step: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      const down = /answered 5\d\d|fetch failed/.test(String(error));
      if (!down || Date.now() > deadline) throw error;
      await new Promise((wait) => setTimeout(wait, 250));
    }
  }
}

/** The pid start:distributed wrote for replica `replica` of `name`. */
const pidOf = (name: string, replica: number) =>
  Number(readFileSync(join(process.env.MKT_DISTRIBUTED_DATA_DIR!, 'pids', `${name}-${replica}.pid`), 'utf8'));

/**
 * Waits until the consumer groups of `services` each have both replicas as members and no rebalance
 * under way (a replica killed and started again has rejoined, and its old member is gone); answers
 * whether they did within `timeoutMs`.
 */
async function groupsSettle(services: string[], timeoutMs: number): Promise<boolean> {
  const kafka = new Kafka({ brokers: (await testInfrastructure()).kafkaBrokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const prefix = process.env.MKT_DISTRIBUTED_KAFKA_TOPIC_PREFIX!;
    const described = () => admin.describeGroups(services.map((name) => prefix + name));
    const settled = ({ groups }: Awaited<ReturnType<typeof described>>) =>
      groups.every((group) => group.state === 'Stable' && group.members.length === 2);
    return settled(await poll(described, settled, timeoutMs));
  } finally {
    await admin.disconnect();
  }
}

/**
 * Two processes of each service (`start:distributed --replicas 2`, as deploy/k8s runs them): one
 * replica of order and one of catalog are killed (SIGKILL) in the middle of checkouts. The other
 * replica takes their partitions, start:distributed starts them again, and every order completes,
 * exactly once. The other distributed suites wait meanwhile, and it waits for them to end.
 */
describe('the distributed store losing a replica of order and of catalog mid-checkout', () => {
  const api = new StoreApi(process.env.MKT_DISTRIBUTED_URL!);
  beforeAll(haveTheStoreAlone);
  afterAll(leaveTheStore);

  it('completes every order exactly once', async () => {
    const page = await api.call<{ dtoList: { pno: number }[] }>(
      undefined,
      'GET',
      '/api/product/list?size=20',
    );
    const products = await Promise.all(page.dtoList.map((product) => api.product(product.pno)));
    const product = products.find((p) => p.optionDetail.some((o) => o.od_stock >= 2 * SHOPPERS))!;
    const option = product.optionDetail.find((o) => o.od_stock >= 2 * SHOPPERS)!;
    const stockOf = async () =>
      (await api.product(product.pno)).optionDetail.find((o) => o.odno === option.odno)!.od_stock;
    const stockBefore = await stockOf();
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, () => api.newShopper('replica-kill')),
    );
    const lines = await Promise.all(shoppers.map((shopper) => api.addToCart(shopper, option.odno, 1)));

    let placed = 0;
    const killed: Record<string, number> = {};
    const killOneReplicaEach = () => {
      for (const name of ['order', 'catalog']) {
        killed[name] = pidOf(name, 1);
        process.kill(killed[name], 'SIGKILL');
      }
    };
    const checkout = async (shopper: LoginResult, index: number) => {
      const order = await retried(() =>
        api.placeOrder(
          shopper,
          [{ odno: option.odno, or_count: 1 }],
          [lines[index][0].cino],
          `replica-kill-${shopper.mno}`,
        ),
      );
      // Half the orders placed: one replica of order and of catalog die while the rest go on.
      if (++placed === SHOPPERS / 2) killOneReplicaEach();
      const merchant_uid = `mkt_replica_kill_${shopper.mno}`;
      const paid = await api.call<SandboxPayResult>(shopper, 'POST', '/api/payments/sandbox/pay', {
        merchant_uid,
        amount: order.o_totalPrice,
        pg_provider: 'kakaopay',
      });
      const record = await retried(() =>
        api.call<PaymentRecordResult>(shopper, 'POST', '/api/payments', {
          imp_uid: paid.imp_uid,
          merchant_uid,
          amount: order.o_totalPrice,
          pm_method: 'card',
          ono: order.ono,
        }),
      );
      await retried(() =>
        api.call<PaymentVerificationDto>(
          shopper,
          'POST',
          `/api/checkout/verify/${paid.imp_uid}/${record.pmno}`,
        ),
      );
      return order.ono;
    };
    const onos = await Promise.all(shoppers.map(checkout));
    expect(Object.keys(killed)).toEqual(['order', 'catalog']);

    const statuses = await Promise.all(
      shoppers.map((shopper, index) =>
        poll(
          () => retried(() => api.order(shopper, onos[index])),
          (order) => order.status === 'ORDER_COMPLETE',
          90_000,
        ).then((order) => order.status),
      ),
    );
    expect(statuses).toEqual(shoppers.map(() => 'ORDER_COMPLETE'));
    // Exactly once: one order per shopper, the stock taken once per order, every cart emptied once.
    const orderLists = await Promise.all(
      shoppers.map((shopper) => api.call<OrderDto[]>(shopper, 'GET', `/api/orders/member/${shopper.mno}`)),
    );
    expect(orderLists.map((list) => list.map((order) => order.ono))).toEqual(onos.map((ono) => [ono]));
    expect(await poll(stockOf, (stock) => stock === stockBefore - SHOPPERS, 30_000)).toBe(
      stockBefore - SHOPPERS,
    );
    const carts = await Promise.all(
      shoppers.map((shopper) =>
        poll(
          () => api.cart(shopper),
          (cart) => cart.length === 0,
          30_000,
        ),
      ),
    );
    expect(carts).toEqual(shoppers.map(() => []));
    // start:distributed started the killed replicas again, as Kubernetes restarts a pod.
    for (const name of ['order', 'catalog'])
      expect(
        await poll(
          async () => pidOf(name, 1),
          (pid) => pid !== killed[name],
          30_000,
        ),
      ).not.toBe(killed[name]);
    // Back to normal for the suites after it once the restarted replicas rejoined their groups (a
    // checkout meanwhile would wait out a rebalance): a checkout verifies within its wait again.
    expect(await groupsSettle(['order', 'catalog'], 60_000)).toBe(true);
    const afterwards = await api.newShopper('replica-kill');
    const checkoutVerifies = () =>
      api
        .placeOrder(afterwards, [{ odno: option.odno, or_count: 1 }])
        .then((placed) => api.pay(afterwards, placed))
        .then(
          () => true,
          () => false,
        );
    expect(await poll(checkoutVerifies, (verified) => verified, 60_000)).toBe(true);
  });
});
