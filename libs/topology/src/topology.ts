import type { EventDefinition } from '@mkt/contracts';
import {
  CartClearedV1,
  CategoryChangedV1,
  MemberBannedV1,
  MemberUnbannedV1,
  OrderCancelledV1,
  OrderCompletedV1,
  OrderPlacedV1,
  PaymentCancelledV1,
  PaymentRefundedV2,
  PaymentRejectedV1,
  PaymentVerifiedV1,
  ProductChangedV1,
  RefundPartApprovedV2,
  RefundPartRejectedV2,
  RefundRequestedV1,
  RefundSettledV1,
  ReviewWrittenV1,
  StockRejectedV1,
  StockReservedV1,
} from '@mkt/contracts';

/**
 * The system in one place: every process, the port it listens on when run on its own, its
 * database, whom it calls, what it publishes and consumes, and the settings it takes. Standalone
 * mode, `npm run start:distributed`, docker-compose.yml and deploy/k8s are read or generated from
 * this; a service refuses to start (or to publish) when its code disagrees with it.
 */

export type ServiceName = 'catalog' | 'member' | 'cart' | 'order' | 'payment' | 'refund' | 'board';

/** A setting of a process beyond the ones every service takes (DATABASE_URL, KAFKA_BROKERS, PORT, HOST). */
export interface Setting {
  name: string;
  /** What an operator needs to know to set it. */
  description: string;
  /** Kept out of manifests and compose files: read from an env file or a Kubernetes secret. */
  secret?: boolean;
}

export interface ServiceNode {
  name: ServiceName;
  description: string;
  /** Its port when every process runs on one machine (`npm run start:distributed`). */
  port: number;
  /** Its own PostgreSQL database (a schema of the embedded one in standalone mode). */
  database: string;
  /** Services it reads from over internal HTTP; they start before it. */
  calls: ServiceName[];
  publishes: EventDefinition<unknown>[];
  consumes: EventDefinition<unknown>[];
  settings?: Setting[];
}

export interface BffNode {
  name: 'bff';
  description: string;
  port: number;
  calls: ServiceName[];
  /**
   * Events every BFF instance reads for itself (a consumer group per process, from the end of each
   * topic, nothing committed): what keeps its read cache fresh. No inbox: dropping a cache entry
   * twice is harmless.
   */
  consumes: EventDefinition<unknown>[];
  settings: Setting[];
}

/** One token for every process: the services' outbox operations routes and the BFF's metrics. */
const OPS_TOKEN: Setting = {
  name: 'OPS_TOKEN',
  description:
    "operators' token (x-ops-token) for the services' /ops/outbox and the bff's /metrics; off without one",
  secret: true,
};

/** Settings every service takes besides its own (`ServiceNode.settings`). */
export const SERVICE_SETTINGS: Setting[] = [
  OPS_TOKEN,
  {
    name: 'MESSAGING_RETENTION_DAYS',
    description:
      'days published outbox events and inbox rows are kept (default 7); longer than any redelivery or dead-letter replay',
  },
];

/** In start order: a service comes after the services it calls. */
export const SERVICES: readonly ServiceNode[] = [
  {
    name: 'catalog',
    description: 'categories, products, options, stock, sales volume, images, reviews, wish list',
    port: 3101,
    database: 'catalog',
    calls: [],
    publishes: [StockReservedV1, StockRejectedV1, ReviewWrittenV1, ProductChangedV1, CategoryChangedV1],
    consumes: [
      OrderPlacedV1,
      OrderCancelledV1,
      OrderCompletedV1,
      PaymentRefundedV2,
      // Which lines were bought and whether they are being refunded: who may review them.
      RefundRequestedV1,
      RefundPartRejectedV2,
    ],
  },
  {
    name: 'member',
    description: 'members, credentials, social accounts, bans, totalPay',
    port: 3102,
    database: 'member',
    calls: [],
    publishes: [MemberBannedV1, MemberUnbannedV1],
    consumes: [OrderCompletedV1, PaymentRefundedV2],
  },
  {
    name: 'board',
    description: 'notices, FAQs, product inquiries and replies',
    port: 3107,
    database: 'board',
    calls: ['catalog'],
    publishes: [],
    consumes: [],
  },
  {
    name: 'cart',
    description: "members' cart lines",
    port: 3103,
    database: 'cart',
    calls: ['catalog'],
    publishes: [CartClearedV1],
    consumes: [OrderCompletedV1],
  },
  {
    name: 'order',
    description: 'orders and their lines, the checkout process, refund statuses of orders',
    port: 3104,
    database: 'order',
    calls: ['catalog'],
    publishes: [OrderPlacedV1, OrderCompletedV1, OrderCancelledV1],
    consumes: [
      StockReservedV1,
      StockRejectedV1,
      PaymentVerifiedV1,
      PaymentRejectedV1,
      RefundRequestedV1,
      RefundSettledV1,
      ReviewWrittenV1,
    ],
  },
  {
    name: 'payment',
    description: 'payments, verification at the gateway, cancellations and refunds at the gateway',
    port: 3105,
    database: 'payment',
    calls: ['order'],
    publishes: [PaymentVerifiedV1, PaymentRejectedV1, PaymentCancelledV1, PaymentRefundedV2],
    consumes: [PaymentRejectedV1, OrderCancelledV1, RefundPartApprovedV2],
    settings: [
      {
        name: 'PORTONE_API_KEY',
        description: 'PortOne REST API key (all three, or none: the sandbox gateway)',
      },
      { name: 'PORTONE_API_SECRET', description: 'PortOne REST API secret', secret: true },
      { name: 'PORTONE_MERCHANT_CODE', description: 'PortOne merchant code (imp_...)' },
      {
        name: 'SANDBOX_GATEWAY_URL',
        description:
          'without PortOne: a sandbox gateway run as its own process, shared by every payment replica (else one in each process)',
      },
      { name: 'SANDBOX_API_KEY', description: "that sandbox gateway's API key" },
      { name: 'SANDBOX_API_SECRET', description: "that sandbox gateway's API secret", secret: true },
    ],
  },
  {
    name: 'refund',
    description: 'refund requests and their per-seller approvals',
    port: 3106,
    database: 'refund',
    calls: ['order'],
    publishes: [RefundRequestedV1, RefundPartApprovedV2, RefundPartRejectedV2, RefundSettledV1],
    consumes: [PaymentRefundedV2],
  },
];

const socialSettings: Setting[] = ['KAKAO', 'NAVER', 'GOOGLE'].flatMap((provider) => [
  {
    name: `${provider}_CLIENT_ID`,
    description: `${provider} sign-in app id (with its secret; else not offered)`,
  },
  { name: `${provider}_CLIENT_SECRET`, description: `${provider} sign-in app secret`, secret: true },
]);

export const BFF: BffNode = {
  name: 'bff',
  description: 'the API of the web app and of spec clients; serves the built web app',
  port: 8080,
  calls: ['catalog', 'board', 'member', 'cart', 'order', 'payment', 'refund'],
  // Reviews: the rendered product pages show the rating.
  consumes: [ProductChangedV1, CategoryChangedV1, ReviewWrittenV1],
  settings: [
    { name: 'REDIS_URL', description: 'sessions, login limits and visitor counters' },
    {
      name: 'KAFKA_BROKERS',
      description: 'product, category and review changes that keep the read cache and rendered pages fresh',
    },
    {
      name: 'CATALOG_CACHE_MB',
      description: 'memory cap of the catalogue read cache in MB (default 64; 0 turns it off)',
    },
    { name: 'JWT_SECRET', description: 'access-token key, at least 32 characters', secret: true },
    { name: 'WEB_DIST', description: 'the built web app to serve (apps/web/dist)' },
    { name: 'TRUST_PROXY', description: 'proxies allowed to name the client in X-Forwarded-For' },
    { name: 'CORS_ORIGINS', description: "other sites' origins allowed to call the API" },
    {
      name: 'SMTP_URL',
      description:
        'smtp:// or smtps:// server of the password reset mails (with PUBLIC_URL; 비밀번호 찾기 is off without)',
      secret: true,
    },
    {
      name: 'MAIL_FROM',
      description: "sender of the store's mails (default 딜마켓 <no-reply@dealmarket.example>)",
    },
    {
      name: 'PUBLIC_URL',
      description:
        "the store's address as shoppers open it: links in mails, canonical URLs and the sitemap (else the request's host)",
    },
    OPS_TOKEN,
    ...socialSettings,
  ],
};

/** Where a process finds a service it calls. */
export const serviceUrlSetting = (name: ServiceName): string => `SERVICE_URL_${name.toUpperCase()}`;

export function serviceNode(name: string): ServiceNode {
  const node = SERVICES.find((service) => service.name === name);
  if (!node) throw new Error(`${name} is not a service of the topology (libs/topology)`);
  return node;
}
