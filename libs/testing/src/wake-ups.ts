import { performance } from 'node:perf_hooks';
import type {
  LoginResult,
  PageResult,
  PaymentRecordResult,
  PaymentVerificationDto,
  ProductDetailDto,
  ProductSummaryDto,
  SandboxPayResult,
} from '@mkt/contracts';
import { discountedPrice } from '@mkt/pricing';
import type { StoreApi } from './store-api';
import { DEMO_ACCOUNTS } from './store-api';

/** What the issue asks of an idle store: the chain's answer within this long of the payment. */
export const VERIFY_BOUND_MS = 100;

/** A product of the store with an option that has `stock` left to sell. */
export async function productInStock(
  api: StoreApi,
  stock: number,
): Promise<{ product: ProductDetailDto; odno: number }> {
  const page = await api.call<PageResult<ProductSummaryDto>>(
    undefined,
    'GET',
    '/api/product/list?page=1&size=20&sortBy=p_stock&sort=p_stock',
  );
  for (const summary of page.dtoList) {
    const product = await api.product(summary.pno);
    const option = product.optionDetail.find((o) => o.od_stock >= stock);
    if (option) return { product, odno: option.odno };
  }
  throw new Error(`the store has no option with ${stock} in stock`);
}

export interface TimedCheckout {
  ono: number;
  /** How long `POST /api/checkout/verify` took to answer (ms): the gateway check and the chain. */
  verifyMs: number;
  verification: PaymentVerificationDto;
}

/**
 * One checkout of one piece of `odno` as the web app makes it (order, the sandbox's pay call, the
 * record), then the verification, timed: it answers once the order's process ended.
 */
export async function timedCheckout(
  api: StoreApi,
  shopper: LoginResult,
  odno: number,
): Promise<TimedCheckout> {
  const placed = await api.placeOrder(shopper, [{ odno, or_count: 1 }]);
  const merchant_uid = `mkt_${Date.now()}_${placed.ono}`;
  const paid = await api.call<SandboxPayResult>(shopper, 'POST', '/api/payments/sandbox/pay', {
    merchant_uid,
    amount: placed.o_totalPrice,
    pg_provider: 'kakaopay',
  });
  const record = await api.call<PaymentRecordResult>(shopper, 'POST', '/api/payments', {
    imp_uid: paid.imp_uid,
    merchant_uid,
    amount: placed.o_totalPrice,
    pm_method: 'card',
    ono: placed.ono,
  });
  const started = performance.now();
  const verification = await api.call<PaymentVerificationDto>(
    shopper,
    'POST',
    `/api/checkout/verify/${paid.imp_uid}/${record.pmno}`,
  );
  return { ono: placed.ono, verifyMs: performance.now() - started, verification };
}

export interface VerifyTimes {
  /** The measured verifications' times (ms), fastest first. */
  verifyMs: number[];
  /**
   * The median of a plain read through the same BFF and services (the shopper's cart: the session,
   * cart's database, catalog's prices) in the same run (ms): what one request costs on this machine
   * now. A checkout's chain is a handful of such steps when no hop waits for a timer.
   */
  plainReadMs: number;
  /** Each measured verification with the plain read taken right after it (ms), in checkout order. */
  pairs: { verifyMs: number; readMs: number }[];
}

/**
 * Checkouts one after another on an otherwise idle store: `warmUps` first (connections, code paths
 * and topics warm), then `measured` timed ones, each next to a plain read timed alike; throws if any
 * checkout did not complete.
 */
export async function verifyTimesOnIdleStore(
  api: StoreApi,
  { warmUps = 3, measured = 7 } = {},
): Promise<VerifyTimes> {
  const { odno } = await productInStock(api, warmUps + measured);
  const shopper = await api.newShopper('wake-ups');
  const verifyMs: number[] = [];
  const readMs: number[] = [];
  for (let i = 0; i < warmUps + measured; i++) {
    const checkout = await timedCheckout(api, shopper, odno);
    if (!checkout.verification.verified)
      throw new Error(`order ${checkout.ono} did not complete: ${JSON.stringify(checkout.verification)}`);
    const started = performance.now();
    await api.cart(shopper);
    if (i < warmUps) continue;
    verifyMs.push(checkout.verifyMs);
    readMs.push(performance.now() - started);
  }
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  return {
    verifyMs: sorted(verifyMs),
    plainReadMs: sorted(readMs)[Math.floor(readMs.length / 2)],
    pairs: verifyMs.map((ms, i) => ({ verifyMs: ms, readMs: readMs[i] })),
  };
}

/**
 * The bound a verification is held to: 100 ms, or on a machine so busy that a plain read takes
 * longer than a twentieth of that, twenty plain reads (a chain that waits for no timer is a few
 * steps of about that cost, each a few reads and writes; one that polls waits its poll intervals
 * whatever the machine's speed: 1.4 s and more at the load where a plain read takes 30 ms).
 */
export const verifyBoundMs = (plainReadMs: number) => Math.max(VERIFY_BOUND_MS, 20 * plainReadMs);

/**
 * Throws unless some measured verification kept to the bound of the plain read taken right after it
 * (a busy moment slows both; on a shared CI machine the run's median read missed such moments);
 * answers the figures.
 */
export async function checkVerifyOnIdleStore(api: StoreApi): Promise<VerifyTimes> {
  const times = await verifyTimesOnIdleStore(api);
  if (!times.pairs.some((pair) => pair.verifyMs <= verifyBoundMs(pair.readMs)))
    throw new Error(
      `no verification kept to its bound: ${times.pairs
        .map((pair) => `${Math.round(pair.verifyMs)} ms over ${Math.round(verifyBoundMs(pair.readMs))} ms`)
        .join(', ')}`,
    );
  return times;
}

/** A checkout of one piece, whose line the shopper reviews as soon as the verification says complete. */
export async function checkReviewRightAfterCompletion(api: StoreApi): Promise<void> {
  const { odno } = await productInStock(api, 1);
  const shopper = await api.newShopper('review-at-once');
  const { ono, verification } = await timedCheckout(api, shopper, odno);
  if (verification.status !== 'ORDER_COMPLETE')
    throw new Error(`order ${ono} did not complete: ${JSON.stringify(verification)}`);
  const [line] = (await api.order(shopper, ono)).orderDetails;
  await api.call(shopper, 'POST', `/api/review/add/${line.orno}`, {
    title: '신선해요',
    rate: 5,
    content: '주문하자마자 리뷰를 남깁니다.',
  });
}

/**
 * A seller's (here the admin's) edit, delete and restore of the newest product, each read back
 * through the same BFF right after its answer, from the detail and the list pages it caches and the
 * product's page it renders and keeps (warmed first; the store must serve the web app): throws
 * naming the first read that still showed the product as it was.
 */
export async function checkOwnProductWritesReadBack(api: StoreApi): Promise<void> {
  const newest = '/api/product/list?page=1&size=10&sortBy=pno&sort=desc';
  const listed = async () =>
    (await api.call<PageResult<ProductSummaryDto>>(undefined, 'GET', newest)).dtoList.map((p) => p.pno);
  const product = await api.product((await listed())[0]);
  const id = Buffer.from(String(product.pno)).toString('base64');
  const admin = await api.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const expectShown = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      throw new Error(`${what}: read back ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };
  const detailStatus = async () => (await fetch(`${api.baseUrl}/api/product/${id}`)).status;
  /** The product's page as the server rendered it: its status and the sale price it names. */
  const renderedPage = async () => {
    const response = await fetch(`${api.baseUrl}/product/${product.pno}`);
    const html = await response.text();
    const price = /<meta property="product:price:amount" content="(\d+)"/.exec(html)?.[1];
    return { status: response.status, price: price === undefined ? undefined : Number(price) };
  };

  // Cached: the detail, the list page and the rendered page, read twice.
  for (let i = 0; i < 2; i++) await Promise.all([api.product(product.pno), listed(), renderedPage()]);
  const managed = await api.call<Record<string, unknown>>(admin, 'GET', `/api/product/manage/${id}`);
  const newPrice = product.pPrice + 100;
  await api.call(admin, 'PUT', `/api/product/${id}`, { ...managed, pPrice: newPrice });
  expectShown('the edited detail', (await api.product(product.pno)).pPrice, newPrice);
  const page = await api.call<PageResult<ProductSummaryDto>>(undefined, 'GET', newest);
  expectShown('the edited list', page.dtoList.find((p) => p.pno === product.pno)?.pPrice, newPrice);
  expectShown('the edited page', await renderedPage(), {
    status: 200,
    price: discountedPrice(newPrice, product.pSalePer),
  });

  await api.call(admin, 'PUT', `/api/admin/delStatus/${id}?status=false`);
  expectShown('the deleted detail', await detailStatus(), 404);
  expectShown('the list after the delete', (await listed()).includes(product.pno), false);
  expectShown("the deleted product's page", (await renderedPage()).status, 404);

  await api.call(admin, 'PUT', `/api/admin/delStatus/${id}?status=true`);
  expectShown('the restored detail', await detailStatus(), 200);
  expectShown('the list after the restore', (await listed()).includes(product.pno), true);
  expectShown("the restored product's page", (await renderedPage()).status, 200);
}

/**
 * A shopper's review and refund request, written through services other than the order's and
 * reaching the order as events, each read back from the order right after its answer (my page's
 * review tabs and order list read them there): throws naming the first read that did not show it.
 */
export async function checkOwnOrderChangesReadBack(api: StoreApi): Promise<void> {
  const { odno } = await productInStock(api, 2);
  const shopper = await api.newShopper('own-order-changes');
  const completedOrder = async () => {
    const { ono, verification } = await timedCheckout(api, shopper, odno);
    if (verification.status !== 'ORDER_COMPLETE')
      throw new Error(`order ${ono} did not complete: ${JSON.stringify(verification)}`);
    return ono;
  };

  const reviewed = await completedOrder();
  const [line] = (await api.order(shopper, reviewed)).orderDetails;
  await api.call(shopper, 'POST', `/api/review/add/${line.orno}`, {
    title: '좋아요',
    rate: 4,
    content: '리뷰를 쓰고 바로 마이페이지를 엽니다.',
  });
  const [readLine] = (await api.order(shopper, reviewed)).orderDetails;
  if (readLine.rno === null) throw new Error(`line ${line.orno} read back without its review`);

  const refunded = await completedOrder();
  await api.requestRefund(shopper, refunded, '환불을 요청하고 바로 주문 목록을 봅니다.');
  const { status } = await api.order(shopper, refunded);
  if (status !== 'REFUND_PENDING')
    throw new Error(`order ${refunded} read back ${status} after the refund request`);
}
