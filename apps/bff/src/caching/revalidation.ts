import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import vary from 'vary';

/**
 * Every API read is revalidated before a cache may reuse it: `no-cache` with the answer's ETag, so
 * a repeated read with `If-None-Match` answers 304 with no body. An answer to a signed-in caller
 * may show what only they see (their secret inquiries, their likes): it is `private`, never kept by
 * a shared cache, and varies by the Authorization header.
 */
export function setRevalidationHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Cache-Control', req.headers.authorization ? 'private, no-cache' : 'no-cache');
  vary(res, 'Authorization');
}

/**
 * The revalidation headers on every `GET /api/**` answer Express sends, with the ETag Express puts
 * on each (its `etag` setting, on by default). A handler that sets its own Cache-Control (the live
 * stream's) keeps it.
 */
export function apiRevalidation(req: Request, res: Response, next: NextFunction): void {
  if ((req.method === 'GET' || req.method === 'HEAD') && req.path.startsWith('/api/')) {
    setRevalidationHeaders(req, res);
  }
  next();
}
