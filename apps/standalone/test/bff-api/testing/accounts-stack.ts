import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JoinRequest, LoginResult } from '@mkt/contracts';
import type { ServiceDefinition } from '@mkt/platform';
import { JsonLogger } from '@mkt/observability';
import type { TestService } from '@mkt/testing';
import { startTestService, testInfrastructure, uniqueTopicPrefix } from '@mkt/testing';
import type { KafkaTransport } from '@mkt/messaging';
import { boardService } from '@mkt/board';
import { cartService } from '@mkt/cart';
import { CatalogDatabase, catalogService } from '@mkt/catalog';
import { OrderDatabase } from '@mkt/order/testing';
import { orderService } from '@mkt/order';
import { paymentService } from '@mkt/payment';
import { refundService } from '@mkt/refund';
import { MemberDatabase, memberService, seedDemoAccounts } from '@mkt/member';
import {
  DEFAULT_MAIL_FROM,
  FolderMailer,
  REFRESH_REUSE_GRACE_SECONDS,
  RedisKeyValueStore,
  RedisVisitNotices,
  startBff,
  VisitorCounters,
} from '@mkt/bff';
import type { BffOptions, SessionTiming } from '@mkt/bff';

export interface ApiRequest {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A multipart body; fetch writes its content type. */
  multipart?: FormData;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** One HTTP call to a BFF: a bearer token, a JSON or url-encoded form body, extra headers. */
export function sendApiRequest(baseUrl: string, method: string, path: string, request: ApiRequest = {}) {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let body: string | FormData | undefined = request.multipart;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  return fetch(`${baseUrl}${path}`, { method, headers, body });
}

/** Calls a BFF and reads the answer: JSON, text (a text/plain answer), or undefined when empty (as a 204 is). */
export async function callApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  request: ApiRequest = {},
): Promise<ApiAnswer<T>> {
  const response = await sendApiRequest(baseUrl, method, path, request);
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: (text ? (json ? JSON.parse(text) : text) : undefined) as T };
}

/** Signs in through `POST /api/member/login` as the web app does (a url-encoded form). */
export function signIn(baseUrl: string, email: string, password: string, headers?: Record<string, string>) {
  return callApi<LoginResult & { error?: string }>(baseUrl, 'POST', '/api/member/login', {
    form: { username: email, password },
    headers,
  });
}

/** The password of every member `joinRequest` makes. */
export const JOIN_PASSWORD = 'secret12!';

const VALID_JOIN = {
  m_pw: JOIN_PASSWORD,
  m_name: '홍길동',
  m_nickname: '길동이',
  m_phoNum: '01098765432',
  def_addr: '(04524) 서울 중구 세종대로 110',
  isMan: true,
  ad_agree: false,
  info_agree: true,
} satisfies Omit<JoinRequest, 'email'>;

/** A join form that passes every rule, unless `overrides` break one. */
export function joinRequest(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...VALID_JOIN, email, ...overrides };
}

/** A member signed in through the BFF, as the API tests act for one. */
export interface Shopper {
  mno: number;
  email: string;
  token: string;
}

const runId = randomBytes(3).toString('hex');
let joined = 0;

/** A new member, joined and signed in through the BFF, with an e-mail no other test uses. */
export async function joinShopper(baseUrl: string, label: string): Promise<Shopper> {
  const email = `${label}${++joined}.${runId}@example.kr`;
  const join = await callApi(baseUrl, 'POST', '/api/member/join', { json: joinRequest(email) });
  if (join.status !== 201) throw new Error(`joining ${email} answered ${join.status}`);
  const { body } = await signIn(baseUrl, email, JOIN_PASSWORD);
  return { mno: body.mno, email, token: body.accessToken };
}

/**
 * What a BFF test may vary; the stack supplies services, sessions (on the timing given), counters
 * (unless given) and logger.
 */
export type BffVariant = Partial<Omit<BffOptions, 'services' | 'auth' | 'logger'>> & {
  sessionTiming?: Partial<SessionTiming>;
};

/** A clock for a stack's sessions (its `sessionTiming`) that a test moves on. */
export function sessionClock() {
  let ahead = 0;
  return {
    sessionTiming: { now: () => Date.now() + ahead },
    /** Past the grace in which a just-rotated refresh token still answers (tabs refreshing at once). */
    passRefreshGrace: () => {
      ahead += (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000;
    },
  };
}

export interface StackBff {
  url: string;
  /** Where this BFF writes the e-mails it sends (FolderMailer). */
  mailFolder: string;
  /** Stops this BFF before the stack does (the stack's close skips a stopped one). */
  close(): Promise<void>;
}

export interface AccountsStack {
  /** The first BFF's base URL. */
  url: string;
  /** Where the first BFF writes the e-mails it sends. */
  mailFolder: string;
  /** The access-token key every BFF of the stack signs with. */
  jwtSecret: string;
  /** The member service's database, for arranging and checking what the API does not show. */
  members: MemberDatabase;
  /** Catalog's database when the stack has the shop (for arranging products), else undefined. */
  catalog?: CatalogDatabase;
  /** The order service's database when the stack has the shop. */
  orders?: OrderDatabase;
  /** A service's Nest application, to reach its providers. */
  service(name: string): INestApplication;
  /** Before the stack's topics and consumer groups on the shared Kafka. */
  topicPrefix: string;
  /** A service's Kafka connection (to deliver an event again, as Kafka may). */
  transport(name: string): KafkaTransport;
  /** Another BFF on the same services, with sessions (and counters, unless given) of its own. */
  startBff(variant?: BffVariant): Promise<StackBff>;
  close(): Promise<void>;
}

export interface StackServices {
  /** Also catalog, cart, order, payment (on the sandbox gateway), refund and board, all on one Kafka; member alone when false. */
  shop?: boolean;
  /** Also board (notices, FAQs, inquiries) on a database of its own (with `shop` it always is). */
  board?: boolean;
}

/**
 * The member service on a throwaway PostgreSQL database with the demo accounts (and with `shop`,
 * catalog and cart on databases of their own), and a BFF in front keeping sessions and counters in
 * Redis under a key prefix of its own.
 */
export async function startAccountsStack(
  label: string,
  variant: BffVariant = {},
  services: StackServices = {},
): Promise<AccountsStack> {
  const infra = await testInfrastructure();
  const jwtSecret = randomBytes(32).toString('hex');
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  const topicPrefix = uniqueTopicPrefix(label);
  const started = new Map<string, TestService>();
  const startedService = (name: string) => {
    const service = started.get(name);
    if (!service) throw new Error(`the stack has no ${name} service`);
    return service;
  };
  const start = async (definition: ServiceDefinition, serviceUrls?: Record<string, string>) => {
    const service = await startTestService(definition, { topicPrefix, serviceUrls, relayPollIntervalMs: 50 });
    started.set(definition.name, service);
    cleanups.push(() => service.close());
    return service;
  };
  try {
    const member = await start(memberService);
    const members = member.app.get(MemberDatabase);
    await seedDemoAccounts(members);
    const unused = 'http://127.0.0.1:9';
    const urls = {
      member: member.url,
      catalog: unused,
      cart: unused,
      board: unused,
      order: unused,
      payment: unused,
      refund: unused,
    };
    let catalogDatabase: CatalogDatabase | undefined;
    let orderDatabase: OrderDatabase | undefined;
    if (services.shop) {
      const catalog = await start(catalogService);
      catalogDatabase = catalog.app.get(CatalogDatabase);
      urls.catalog = catalog.url;
      urls.cart = (await start(cartService, { catalog: catalog.url })).url;
      const order = await start(orderService, { catalog: catalog.url });
      urls.order = order.url;
      orderDatabase = order.app.get(OrderDatabase);
      urls.payment = (await start(paymentService, { order: order.url })).url;
      urls.refund = (await start(refundService, { order: order.url })).url;
    }
    // Board reads products' sellers from catalog: without the shop, no inquiry can be asked.
    if (services.shop || services.board)
      urls.board = (await start(boardService, { catalog: urls.catalog })).url;
    const redis = new Redis(infra.redisUrl);
    cleanups.push(() => redis.disconnect());
    const startAnotherBff = async ({ sessionTiming, ...bffVariant }: BffVariant = {}): Promise<StackBff> => {
      const keyPrefix = `test:${label}:${randomBytes(4).toString('hex')}:`;
      // Unless the variant brings its own; a subscription to them holds a Redis connection of its own.
      const store = new RedisKeyValueStore(redis, keyPrefix);
      const ownVisitors = new VisitorCounters(store, new RedisVisitNotices(redis, keyPrefix));
      const mailFolder = await mkdtemp(join(tmpdir(), 'mkt-mail-'));
      let url = '';
      const bff: INestApplication = await startBff(
        {
          services: urls,
          auth: { jwtSecret, store, sessionTiming },
          visitors: ownVisitors,
          logger: new JsonLogger('bff', 'error'),
          mail: { mailer: new FolderMailer(mailFolder, DEFAULT_MAIL_FROM), publicUrl: () => url },
          ...bffVariant,
        },
        { port: 0, host: '127.0.0.1' },
      );
      url = await bff.getUrl();
      let stopped: Promise<void> | undefined;
      const stop = () =>
        (stopped ??= bff
          .close()
          .then(() => ownVisitors.close())
          .then(() => rm(mailFolder, { recursive: true, force: true })));
      cleanups.push(stop);
      return { url, mailFolder, close: stop };
    };

    const first = await startAnotherBff(variant);
    return {
      url: first.url,
      mailFolder: first.mailFolder,
      jwtSecret,
      members,
      catalog: catalogDatabase,
      orders: orderDatabase,
      topicPrefix,
      service: (name) => startedService(name).app,
      transport: (name) => startedService(name).transport,
      startBff: startAnotherBff,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
