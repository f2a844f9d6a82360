import type {
  OrderDto,
  PaymentRecordResult,
  PaymentVerificationDto,
  PlacedOrderDto,
  SandboxPayResult,
} from '@mkt/contracts';
import { eventually } from '@mkt/testing';
import { createProduct } from '@mkt/catalog/testing';
import { PAYMENT_GATEWAY, PaymentDatabase } from '@mkt/payment/testing';
import type { PaymentGateway } from '@mkt/payment/testing';
import { signAccessToken } from '@mkt/bff/testing';
import type { AccountsStack } from '../testing/accounts-stack';
import { callApi, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(300_000);

const CHECKOUTS = 200;
const STOCK = 20;

/**
 * 200 shoppers check out the same option, 20 in stock, at once, through the BFF and every service
 * on PostgreSQL and Kafka, each paying at the sandbox gateway as our web app does (order, then pay).
 */
describe('no oversell', () => {
  let stack: AccountsStack;

  beforeAll(async () => {
    stack = await startAccountsStack('oversell', {}, { shop: true });
  });
  afterAll(() => stack?.close());

  it(`of ${CHECKOUTS} checkouts of ${STOCK} pieces, exactly ${STOCK} complete; every other payment is given back`, async () => {
    const pno = await createProduct(stack.catalog!, {
      pName: '한정판 세트',
      pContent: '',
      pPrice: 10_000,
      pSalePer: 0,
      sellerId: 3,
      businessName: '테스트상회',
      ctnos: [],
      options: [{ odName: '기본', odPrice: 0, odStock: STOCK }],
      imageNames: [],
    });
    const { odno } = await stack.catalog!.productOption.findFirstOrThrow({ where: { pno } });
    // Signed in without joining: cart, order and payment know members by the token alone.
    const shoppers = Array.from({ length: CHECKOUTS }, (_, i) => {
      const mno = 900_000 + i;
      return {
        mno,
        token: signAccessToken(
          { mno, email: `s${i}@example.kr`, role: 'MEMBER', roleSet: ['USER'] },
          stack.jwtSecret,
        ),
      };
    });

    const attempts = await Promise.all(
      shoppers.map(async ({ mno, token }) => {
        const api = <T>(method: string, path: string, json?: unknown) =>
          callApi<T>(stack.url, method, path, { token, json });
        const placed = await api<PlacedOrderDto>('POST', '/api/orders', {
          o_reciver: '김민수',
          o_address: '(06236) 서울 강남구 테헤란로 1',
          o_reciverPhoNum: '01012345678',
          o_totalPrice: 10_000,
          orderDetails: [{ odno, or_count: 1 }],
        });
        // Sold out at placement: refused before anybody pays.
        if (placed.status === 400) return { mno, placed: false as const };
        expect(placed.status).toBe(201);
        const merchantUid = `mkt_${placed.body.ono}`;
        const paid = await api<SandboxPayResult>('POST', '/api/payments/sandbox/pay', {
          merchant_uid: merchantUid,
          amount: 10_000,
          pg_provider: 'kakaopay',
        });
        const recorded = await api<PaymentRecordResult>('POST', '/api/payments', {
          imp_uid: paid.body.imp_uid,
          merchant_uid: merchantUid,
          amount: 10_000,
          ono: placed.body.ono,
        });
        if (!recorded.body.success) return { mno, placed: true as const, ono: placed.body.ono, impUid: null };
        await api<PaymentVerificationDto>(
          'POST',
          `/api/checkout/verify/${paid.body.imp_uid}/${recorded.body.pmno}`,
        );
        return { mno, placed: true as const, ono: placed.body.ono, impUid: paid.body.imp_uid };
      }),
    );

    const placed = attempts.filter((attempt) => attempt.placed);
    const ordersOf = async () =>
      Promise.all(
        placed.map(async (attempt) => {
          const token = shoppers.find((shopper) => shopper.mno === attempt.mno)!.token;
          return (
            await callApi<OrderDto>(stack.url, 'GET', `/api/orders/member/${attempt.mno}/${attempt.ono}`, {
              token,
            })
          ).body;
        }),
      );
    const gateway = stack.service('payment').get<PaymentGateway>(PAYMENT_GATEWAY);
    const payments = stack.service('payment').get(PaymentDatabase);

    await eventually(async () => {
      const orders = await ordersOf();
      expect(orders.filter((order) => order.status === 'PAYMENT_PENDING')).toEqual([]);
      expect(orders.filter((order) => order.status === 'ORDER_COMPLETE')).toHaveLength(STOCK);
      expect(orders.filter((order) => order.status === 'CANCEL')).toHaveLength(placed.length - STOCK);
      // Every payment of an order that did not complete is back with the shopper.
      const notBack = await payments.payment.count({
        where: {
          status: { in: ['VERIFIED', 'REJECTED'] },
          ono: { in: orders.filter((o) => o.status === 'CANCEL').map((o) => o.ono) },
        },
      });
      expect(notBack).toBe(0);
    }, 120_000);

    const orders = await ordersOf();
    for (const order of orders) {
      const impUid = placed.find((attempt) => attempt.ono === order.ono)?.impUid;
      if (!impUid) continue;
      const atGateway = await gateway.findPayment(impUid);
      expect([order.status, atGateway.status]).toEqual(
        order.status === 'ORDER_COMPLETE' ? ['ORDER_COMPLETE', 'paid'] : ['CANCEL', 'cancelled'],
      );
    }
    const option = await stack.catalog!.productOption.findUniqueOrThrow({ where: { odno } });
    expect(option.odStock).toBe(0);
    await eventually(async () =>
      expect((await stack.catalog!.product.findUniqueOrThrow({ where: { pno } })).pSalesVol).toBe(STOCK),
    );
    console.log(
      `${CHECKOUTS} checkouts: ${placed.length} placed (${CHECKOUTS - placed.length} refused as sold out), ${STOCK} complete`,
    );
  });
});
