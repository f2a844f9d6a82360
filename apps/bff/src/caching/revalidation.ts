import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import vary from 'vary';
import { mayUseSessionCookie, WEB_SESSION_HEADER } from '../auth/session-cookies';

/**
 * Every API answer is revalidated before a cache may reuse it: `no-cache` with the answer's ETag, so
 * a repeated read with `If-None-Match` answers 304 with no body. An answer to a caller who may be
 * signed in (a bearer header, a session cookie, our web app's session header) may show what only
 * they see (their cart, their secret inquiries): it is `private`, never kept by a shared cache. Every
 * answer varies by all three, so a shared cache never hands a visitor's answer to a member either.
 */
export function setRevalidationHeaders(req: IncomingMessage, res: ServerResponse): void {
  const perMember = !!req.headers.authorization || mayUseSessionCookie(req);
  res.setHeader('Cache-Control', perMember ? 'private, no-cache' : 'no-cache');
  vary(res, ['Authorization', 'Cookie', WEB_SESSION_HEADER]);
}

/**
 * The revalidation headers on every `/api/**` answer Express sends, with the ETag Express puts on
 * each read (its `etag` setting, on by default). A handler that sets its own Cache-Control (the
 * live stream's) keeps it.
 */
export function apiRevalidation(req: Request, res: Response, next: NextFunction): void {
  if (req.path.startsWith('/api/')) setRevalidationHeaders(req, res);
  next();
}
