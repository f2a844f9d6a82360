import type { DynamicModule, INestApplication, Provider } from '@nestjs/common';
import { Global, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import type { JsonLogger } from '@mkt/observability';
import type { ListenOptions, TrustProxy } from '@mkt/http';
import { Metrics, OPS_TOKEN } from '@mkt/observability';
import { createHttpApp, listenOn, SchemaInputModule } from '@mkt/http';
import { revalidateApiAnswers } from './caching/revalidation';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { BoardModule } from './board/board.module';
import { CartModule } from './cart/cart.module';
import { CatalogModule } from './catalog/catalog.module';
import { OpsModule } from './ops/ops.module';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { RefundsModule } from './refunds/refunds.module';
import type { AuthSettings } from './auth/auth-settings';
import { authProviders } from './auth/auth.providers';
import { SERVICE_URLS } from './bff.tokens';
import type { CatalogCacheOptions } from './catalog/catalog-read-cache';
import { CATALOG_CACHE_OPTIONS, CatalogReadCache } from './catalog/catalog-read-cache';
import { sendCachedAnswersAsStored } from './catalog/cached-answer-bytes';
import { serveApiDocs } from './openapi/api-docs';
import { socialProviders } from './social/social.providers';
import type { SocialSettings } from './social/social-settings';
import type { VisitorCounters } from './visitors/visitor-counters';
import { VISITOR_COUNTERS } from './visitors/visitor-counters';
import { VisitorStreams } from './visitors/visitor-stream';
import type { ServiceTransports, ServiceUrls } from './services/service-clients';
import { serviceClientProviders } from './services/service-clients';
import type { CallCounter } from './security/request-rate-limit';
import { requestRateLimit } from './security/request-rate-limit';
import { refuseCrossSiteWrites } from './security/same-site-writes';
import { sendSecurityHeaders } from './security/security-headers';
import { MAIL_SETTINGS, type MailSettings } from './mail/mailer';
import { serveWebApp } from './web/web-app';

export interface BffOptions {
  services: ServiceUrls;
  /** Services reached otherwise than over HTTP at `services` (standalone mode: in process). */
  serviceTransports?: ServiceTransports;
  auth: AuthSettings;
  visitors: VisitorCounters;
  /** Social sign-in providers; none when absent. */
  social?: SocialSettings;
  logger: JsonLogger;
  /** The built web app to serve; the API alone when absent. */
  webDist?: string;
  /** Proxies trusted to name the client's address (`request.ip`, the limits' key); none when absent. */
  trustProxy?: TrustProxy;
  /** API calls allowed per client address and minute (429 beyond); no general limit when absent or 0. */
  requestsPerMinute?: number;
  /** Where the general rate limit counts calls; the sessions' store when absent. */
  callCounter?: CallCounter;
  /** Other sites' origins whose pages may call the API with credentials (CORS); same origin only when absent or empty. */
  corsOrigins?: string[];
  /** The catalogue read cache; every catalogue read goes to catalog when absent. */
  catalogCache?: CatalogCacheOptions;
  /** The operators' token that reads `GET /metrics` (x-ops-token); 404 to everybody when absent. */
  opsToken?: string;
  /** How password reset e-mails go out; 비밀번호 찾기 answers 503 when absent. */
  mail?: MailSettings;
  /** The store's address as shoppers open it (PUBLIC_URL): canonical URLs and the sitemap; the request's host when absent. */
  publicUrl?: string;
}

/** What the spec's client sends across origins, and the W3C trace context of a client that traces. */
const CORS_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const CORS_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'x-correlation-id',
  'traceparent',
  'tracestate',
];

/**
 * What every feature module's controllers and guards use (service clients, sessions, caches,
 * settings): global, so that a feature module declares its controllers only.
 */
@Global()
@Module({})
class BffCoreModule {
  static register(options: BffOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: OPS_TOKEN, useValue: options.opsToken ?? '' },
      { provide: MAIL_SETTINGS, useValue: options.mail ?? null },
      { provide: Metrics, useValue: new Metrics('bff') },
      { provide: SERVICE_URLS, useValue: options.services },
      ...serviceClientProviders(options.services, options.serviceTransports),
      ...authProviders(options.auth),
      ...socialProviders(options.social ?? {}, options.auth.store),
      { provide: VISITOR_COUNTERS, useValue: options.visitors },
      { provide: CATALOG_CACHE_OPTIONS, useValue: options.catalogCache ?? null },
      CatalogReadCache,
      VisitorStreams,
    ];
    return {
      module: BffCoreModule,
      imports: options.requestsPerMinute
        ? [requestRateLimit(options.requestsPerMinute, options.callCounter ?? options.auth.store)]
        : [],
      providers,
      exports: providers.map((provider) => ('provide' in provider ? provider.provide : provider)),
    };
  }
}

/** The API's feature modules; their order does not matter (Fastify's router: a literal segment beats a parameter). */
const FEATURES = [
  OpsModule,
  AuthModule,
  CatalogModule,
  BoardModule,
  CartModule,
  OrdersModule,
  PaymentsModule,
  RefundsModule,
  AdminModule,
];

@Module({})
class BffModule {
  static register(options: BffOptions): DynamicModule {
    return {
      module: BffModule,
      imports: [BffCoreModule.register(options), SchemaInputModule, ...FEATURES],
    };
  }
}

/**
 * The public API (and the web app), not yet listening: what a test adds (a global guard, say) goes
 * in before `listen`.
 */
export async function createBff(options: BffOptions): Promise<NestFastifyApplication> {
  const app: NestFastifyApplication = await createHttpApp(BffModule.register(options), {
    logger: options.logger,
    trustProxy: options.trustProxy,
  });
  const fastify = app.getHttpAdapter().getInstance();
  sendSecurityHeaders(fastify);
  // Setting cookies only: the BFF reads its few cookies itself (session-cookies.ts), so no request pays for parsing.
  await app.register(fastifyCookie, { hook: false });
  // An origin off the list gets no Access-Control-Allow-Origin, so its browser withholds the answer.
  if (options.corsOrigins?.length) {
    app.enableCors({
      origin: options.corsOrigins,
      credentials: true,
      methods: CORS_METHODS,
      allowedHeaders: CORS_HEADERS,
    });
  }
  refuseCrossSiteWrites(fastify, options.corsOrigins);
  revalidateApiAnswers(fastify);
  sendCachedAnswersAsStored(fastify, app.get(CatalogReadCache));
  serveApiDocs(app);
  if (options.webDist) await serveWebApp(app, options.webDist, options.logger, options.publicUrl);
  return app;
}

/** The public API (and the web app): the only thing a browser talks to. */
export async function startBff(options: BffOptions, listen: ListenOptions): Promise<INestApplication> {
  const app = await createBff(options);
  await listenOn(app, listen);
  return app;
}
