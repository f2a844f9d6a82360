import type { DynamicModule, INestApplication } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { JsonLogger, ListenOptions, TrustProxy } from '@mkt/platform';
import { correlationMiddleware, ErrorBodyFilter } from '@mkt/platform';
import { AdminMembersController } from './admin/admin-members.controller';
import type { AuthSettings } from './auth/auth-settings';
import { authProviders } from './auth/auth.providers';
import { MemberAuthController } from './auth/member-auth.controller';
import { SERVICE_URLS } from './bff.tokens';
import { CartController } from './cart/cart.controller';
import { CatalogController } from './catalog/catalog.controller';
import { HealthController } from './health.controller';
import { InquiryController } from './inquiries/inquiry.controller';
import { ConsoleOrdersController } from './orders/console-orders.controller';
import { FaqController, NoticeController } from './customer-centre/customer-centre.controller';
import { OrderController } from './orders/order.controller';
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
import type { ServiceUrls } from './services/service-clients';
import { serviceClientProviders } from './services/service-clients';
import { requestRateLimit } from './security/request-rate-limit';
import { securityHeaders } from './security/security-headers';
import { serveWebApp } from './web/web-app';
import { WishlistController } from './wishlist/wishlist.controller';

export interface BffOptions {
  services: ServiceUrls;
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
  /** Other sites' origins whose pages may call the API with credentials (CORS); same origin only when absent or empty. */
  corsOrigins?: string[];
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
      ],
      providers: [
        { provide: SERVICE_URLS, useValue: options.services },
        ...serviceClientProviders(options.services),
        ...authProviders(options.auth),
        ...socialProviders(options.social ?? {}, options.auth.store),
        { provide: VISITOR_COUNTERS, useValue: options.visitors },
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
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  app.use(securityHeaders());
  if (options.requestsPerMinute) app.use(requestRateLimit(options.auth.store, options.requestsPerMinute));
  // An origin off the list gets no Access-Control-Allow-Origin, so its browser withholds the answer.
  if (options.corsOrigins?.length) {
    app.enableCors({
      origin: options.corsOrigins,
      credentials: true,
      methods: CORS_METHODS,
      allowedHeaders: CORS_HEADERS,
    });
  }
  app.use(correlationMiddleware);
  app.useGlobalFilters(new ErrorBodyFilter(options.logger));
  if (options.webDist) serveWebApp(app, options.webDist);
  await app.listen(listen.port, listen.host);
  return app;
}
