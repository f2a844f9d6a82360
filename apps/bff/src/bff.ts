import type { DynamicModule, INestApplication } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { JsonLogger, ListenOptions, TrustProxy } from '@mkt/platform';
import {
  correlationMiddleware,
  ErrorBodyFilter,
  Metrics,
  OPS_TOKEN,
  OpsMetricsController,
  refuseMalformedQuery,
} from '@mkt/platform';
import { apiRevalidation } from './caching/revalidation';
import { AdminMembersController } from './admin/admin-members.controller';
import type { AuthSettings } from './auth/auth-settings';
import { authProviders } from './auth/auth.providers';
import { MemberAuthController } from './auth/member-auth.controller';
import { SERVICE_URLS } from './bff.tokens';
import { CartController } from './cart/cart.controller';
import { CatalogController } from './catalog/catalog.controller';
import type { CatalogCacheOptions } from './catalog/catalog-read-cache';
import { CATALOG_CACHE_OPTIONS, CatalogReadCache } from './catalog/catalog-read-cache';
import { FastLane } from './catalog/fast-lane';
import { HealthController } from './health.controller';
import { InquiryController } from './inquiries/inquiry.controller';
import { ConsoleOrdersController } from './orders/console-orders.controller';
import { FaqController, NoticeController } from './customer-centre/customer-centre.controller';
import { OrderController } from './orders/order.controller';
import { serveApiDocs } from './openapi/api-docs';
import { PaymentController } from './payments/payment.controller';
import { ProductManagementController } from './products/product-management.controller';
import { RefundController } from './refunds/refund.controller';
import { ReviewController } from './reviews/review.controller';
import { socialProviders } from './social/social.providers';
import type { SocialSettings } from './social/social-settings';
import { SocialSignInController } from './social/social-sign-in.controller';
import type { VisitorCounters } from './visitors/visitor-counters';
import { VISITOR_COUNTERS } from './visitors/visitor-counters';
import { VisitorController } from './visitors/visitor.controller';
import { VisitorStreams } from './visitors/visitor-stream';
import type { ServiceTransports, ServiceUrls } from './services/service-clients';
import { serviceClientProviders } from './services/service-clients';
import type { CallCounter } from './security/request-rate-limit';
import { REQUEST_RATE_LIMIT, RequestRateLimit } from './security/request-rate-limit';
import { sameSiteWrites } from './security/same-site-writes';
import { securityHeaders } from './security/security-headers';
import { MAIL_SETTINGS, type MailSettings } from './mail/mailer';
import { serveWebApp } from './web/web-app';
import { WishlistController } from './wishlist/wishlist.controller';

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
  /** Proxies trusted to name the client's address (`req.ip`, the login throttle's key); none when absent. */
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

@Module({})
class BffModule {
  static register(options: BffOptions): DynamicModule {
    return {
      module: BffModule,
      controllers: [
        HealthController,
        MemberAuthController,
        SocialSignInController,
        CatalogController,
        ReviewController,
        InquiryController,
        VisitorController,
        // Before AdminMembersController: its `admin/:encodedMno` would take `admin/productList`.
        ProductManagementController,
        AdminMembersController,
        CartController,
        WishlistController,
        OrderController,
        PaymentController,
        RefundController,
        ConsoleOrdersController,
        NoticeController,
        FaqController,
        OpsMetricsController,
      ],
      providers: [
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
        FastLane,
        {
          provide: REQUEST_RATE_LIMIT,
          useValue: options.requestsPerMinute
            ? new RequestRateLimit(options.callCounter ?? options.auth.store, options.requestsPerMinute)
            : null,
        },
        VisitorStreams,
      ],
    };
  }
}

/** The public API (and the web app): the only thing a browser talks to. */
export async function startBff(options: BffOptions, listen: ListenOptions): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(BffModule.register(options), {
    logger: options.logger,
  });
  app.use(app.get(Metrics).observeHttp);
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  app.use(securityHeaders());
  const rateLimit = app.get<RequestRateLimit | null>(REQUEST_RATE_LIMIT);
  if (rateLimit) app.use(rateLimit.middleware);
  // An origin off the list gets no Access-Control-Allow-Origin, so its browser withholds the answer.
  if (options.corsOrigins?.length) {
    app.enableCors({
      origin: options.corsOrigins,
      credentials: true,
      methods: CORS_METHODS,
      allowedHeaders: CORS_HEADERS,
    });
  }
  app.use(sameSiteWrites(options.corsOrigins));
  app.use(correlationMiddleware);
  app.use(refuseMalformedQuery);
  app.use(apiRevalidation);
  app.useGlobalFilters(new ErrorBodyFilter(options.logger));
  serveApiDocs(app);
  if (options.webDist) serveWebApp(app, options.webDist, options.logger);
  app.get(FastLane).install(app);
  await app.listen(listen.port, listen.host);
  return app;
}
