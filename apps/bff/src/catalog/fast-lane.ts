import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import fresh from 'fresh';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import proxyAddress from 'proxy-addr';
import { LRUCache } from 'lru-cache';
import type { Observable } from 'rxjs';
import { tap } from 'rxjs';
import { CORRELATION_HEADER, correlationIdOf, Metrics, routeLabel } from '@mkt/platform';
import { setRevalidationHeaders } from '../caching/revalidation';
import { REQUEST_RATE_LIMIT, type RequestRateLimit } from '../security/request-rate-limit';
import { securityHeaders } from '../security/security-headers';
import { CatalogReadCache } from './catalog-read-cache';

/** How many URLs the lane remembers the cached answer of (each a URL and a key: a few hundred bytes). */
const REMEMBERED_URLS = 20_000;

interface RememberedUrl {
  /** The read cache's key of the answer Express gave for the URL. */
  key: string;
  /** Its route pattern, for the metrics. */
  route: string;
}

/**
 * The catalogue reads' fast lane. A GET whose URL Express has answered from the read cache is
 * answered again by the HTTP server itself, from the cached bytes, while the cache holds them:
 * Express's routing and middleware cost most of a cached read (a bare Express app answers about a
 * quarter of what bare `node:http` does here). It does for such a read what the Express path does:
 * the security headers, the general rate limit, the correlation id, the revalidation headers and
 * 304, the metrics (no trace span: a cache hit calls nothing and logs nothing). Everything else goes
 * to Express: a URL not answered from the cache yet, an answer the cache has dropped, anything but
 * GET, and callers from other origins (CORS is Express's).
 */
@Injectable()
export class FastLane {
  private readonly urls = new LRUCache<string, RememberedUrl>({ max: REMEMBERED_URLS });
  private readonly securityHeaders = securityHeaders();
  /** Express's `trust proxy` setting, compiled: which proxies may name the client's address. */
  private trustsProxy: (address: string, hop: number) => boolean = () => false;

  constructor(
    private readonly cache: CatalogReadCache,
    private readonly metrics: Metrics,
    @Inject(REQUEST_RATE_LIMIT) private readonly rateLimit: RequestRateLimit | null,
  ) {}

  /** Puts the lane in front of the app's Express application, on its HTTP server. */
  install(app: NestExpressApplication): void {
    const express = app.getHttpAdapter().getInstance();
    this.trustsProxy = express.get('trust proxy fn');
    const server: Server = app.getHttpServer();
    const [handleWithExpress] = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) =>
      this.handle(req, res, () => handleWithExpress(req, res)),
    );
  }

  /** Remembers which cached answer Express gave for the request's URL, if it gave one. */
  remember(req: Request, answer: unknown): void {
    const key = this.cache.keyOf(answer);
    if (key !== undefined && isLaneRequest(req))
      this.urls.set(req.originalUrl, { key, route: routeLabel(req) });
  }

  private handle(req: IncomingMessage, res: ServerResponse, handleWithExpress: () => void): void {
    const url = isLaneRequest(req) && req.url !== undefined ? this.urls.get(req.url) : undefined;
    if (!url || !this.cache.currentAnswer(url.key)) return handleWithExpress();
    const answered = this.metrics.timeHttpRequest();
    if (!this.rateLimit) {
      if (!this.answer(req, res, url, answered)) handleWithExpress();
      return;
    }
    // The client's address as Express's `req.ip` works it out. A call over the limit goes to Express,
    // which counts it again and refuses it (past the limit, the count no longer matters).
    void this.rateLimit.refusal(proxyAddress(req, this.trustsProxy)).then((wait) => {
      if (wait !== undefined || !this.answer(req, res, url, answered)) handleWithExpress();
    });
  }

  /** Answers from the cache; false (nothing sent) when the answer was dropped meanwhile. */
  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    url: RememberedUrl,
    answered: (method: string, route: string, status: number) => void,
  ): boolean {
    const answer = this.cache.currentAnswer(url.key);
    if (!answer) return false;
    this.securityHeaders(req, res, () => undefined);
    res.setHeader(CORRELATION_HEADER, correlationIdOf(req));
    setRevalidationHeaders(req, res);
    res.setHeader('ETag', answer.etag);
    if (fresh(req.headers, { etag: answer.etag })) {
      res.statusCode = 304;
      res.end();
    } else {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', answer.json.length);
      res.end(answer.json);
    }
    answered('GET', url.route, res.statusCode);
    return true;
  }
}

function isLaneRequest(req: IncomingMessage): boolean {
  return req.method === 'GET' && req.headers.origin === undefined;
}

/**
 * Tells the fast lane which URLs its controller answered from the read cache. For public reads
 * only: the lane answers them again without Express, so without any guard.
 */
@Injectable()
export class RememberCachedAnswers implements NestInterceptor {
  constructor(private readonly lane: FastLane) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(tap((answer) => this.lane.remember(req, answer)));
  }
}
