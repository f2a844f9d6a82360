import type {
  CartLineDto,
  LoginResult,
  OrderDto,
  PaymentRecordResult,
  PaymentVerificationDto,
  PlacedOrderDto,
  ProductDetailDto,
  RefundDto,
  RefundHistoryPage,
  SandboxPayResult,
} from '@mkt/contracts';
import { randomUUID } from 'node:crypto';

/** Reads until `accept` holds or the time is up; gives the last value read either way. */
export async function poll<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

export const JOIN_PASSWORD = 'abcd1234!';
export const DEMO_ACCOUNTS = {
  shopper: { email: 'user@dealmarket.kr', password: 'user1234!' },
  seller: { email: 'seller@dealmarket.kr', password: 'seller1234!' },
  admin: { email: 'admin@dealmarket.kr', password: 'admin1234!' },
} as const;

/**
 * The store's public API as a shopper, a seller or an admin calls it: what tests of a running
 * store (browser tests, the distributed mode's tests) do through the front door.
 */
export class StoreApi {
  constructor(readonly baseUrl: string) {}

  /** Calls the API, as `login` when given; throws with the status and message unless it succeeds. */
  async call<T>(
    login: LoginResult | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(login ? { Authorization: `Bearer ${login.accessToken}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    const json = response.headers.get('content-type')?.startsWith('application/json');
    return (text && json ? JSON.parse(text) : text || undefined) as T;
  }

  /** Joins a fresh member and gives its e-mail (password {@link JOIN_PASSWORD}). */
  async join(prefix: string, fields: Record<string, unknown> = {}): Promise<string> {
    const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@dealmarket.kr`;
    await this.call(undefined, 'POST', '/api/member/join', {
      email,
      m_pw: JOIN_PASSWORD,
      m_name: '김테스트',
      m_nickname: '테스터',
      m_phoNum: '01098765432',
      def_addr: '서울 중구 세종대로 110',
      isMan: true,
      ad_agree: false,
      info_agree: true,
      ...fields,
    });
    return email;
  }

  /** POST /api/member/login (the spec's form fields); throws unless it succeeds. */
  async login(email: string, password: string): Promise<LoginResult> {
    const response = await fetch(`${this.baseUrl}/api/member/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: email, password }),
    });
    if (!response.ok) throw new Error(`login of ${email} answered ${response.status}`);
    return (await response.json()) as LoginResult;
  }

  /** A freshly joined member, signed in. */
  async newShopper(prefix: string): Promise<LoginResult> {
    return this.login(await this.join(prefix), JOIN_PASSWORD);
  }

  product(pno: number): Promise<ProductDetailDto> {
    return this.call(undefined, 'GET', `/api/product/${Buffer.from(String(pno)).toString('base64')}`);
  }

  addToCart(login: LoginResult, odno: number, c_cnt: number): Promise<CartLineDto[]> {
    return this.call(login, 'POST', '/api/cart/add', { mno: login.mno, odno, c_cnt });
  }

  cart(login: LoginResult): Promise<CartLineDto[]> {
    return this.call(login, 'GET', `/api/cart/${login.mno}`);
  }

  /**
   * Places an order of the lines as the checkout page does (the server computes the amount); the
   * same `idempotencyKey` again answers the order it placed first.
   */
  placeOrder(
    login: LoginResult,
    lines: readonly { odno: number; or_count: number }[],
    cartItemIds: readonly number[] = [],
    idempotencyKey?: string,
  ): Promise<PlacedOrderDto> {
    return this.call(
      login,
      'POST',
      '/api/orders',
      {
        o_reciver: login.m_name,
        o_address: login.def_addr,
        o_reciverPhoNum: login.m_phoNum,
        orderDetails: lines,
        ...(cartItemIds.length ? { cartItemIds } : {}),
      },
      idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
    );
  }

  /** Pays a placed order in the sandbox as the checkout page does: the pay call, the record, the verification. */
  async pay(login: LoginResult, placed: PlacedOrderDto, name?: string): Promise<PlacedOrderDto> {
    const merchant_uid = `mkt_${Date.now()}_${randomUUID().slice(0, 8)}`;
    const paid = await this.call<SandboxPayResult>(login, 'POST', '/api/payments/sandbox/pay', {
      merchant_uid,
      amount: placed.o_totalPrice,
      pg_provider: 'kakaopay',
      name,
    });
    const record = await this.call<PaymentRecordResult>(login, 'POST', '/api/payments', {
      imp_uid: paid.imp_uid,
      merchant_uid,
      amount: placed.o_totalPrice,
      pm_method: 'card',
      ono: placed.ono,
    });
    if (!record.success || record.pmno === null)
      throw new Error(`payment not recorded: ${record.errorMessage}`);
    const verification = await this.call<PaymentVerificationDto>(
      login,
      'POST',
      `/api/checkout/verify/${paid.imp_uid}/${record.pmno}`,
    );
    if (!verification.verified) throw new Error(`payment not verified: ${verification.reason}`);
    return placed;
  }

  order(login: LoginResult, ono: number): Promise<OrderDto> {
    return this.call(login, 'GET', `/api/orders/member/${login.mno}/${ono}`);
  }

  /** Waits (20 s at most) until the member's order has the status; gives the order as last read. */
  waitForOrderStatus(login: LoginResult, ono: number, status: OrderDto['status']): Promise<OrderDto> {
    return poll(
      () => this.order(login, ono),
      (order) => order.status === status,
      20_000,
    );
  }

  requestRefund(login: LoginResult, ono: number, rf_reason: string): Promise<RefundDto> {
    return this.call(login, 'POST', `/api/orders/${ono}/refund`, { rf_reason });
  }

  /** Approves or rejects a refund as a seller or an admin; the answer is text. */
  decideRefund(login: LoginResult, rfno: number, decision: 'approve' | 'reject'): Promise<string> {
    return this.call(
      login,
      'POST',
      `/api/refunds/${rfno}/${decision}`,
      decision === 'reject' ? { reason: '재고 확인 결과 환불 대상이 아닙니다' } : undefined,
    );
  }

  refundHistory(login: LoginResult, query = 'page=0&size=50'): Promise<RefundHistoryPage> {
    return this.call(login, 'GET', `/api/refunds?${query}`);
  }
}
