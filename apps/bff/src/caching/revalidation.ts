import type { NextFunction, Request, Response } from 'express';

/**
 * Every API read is revalidated before a cache may reuse it: `no-cache` with the ETag Express puts
 * on each answer (its `etag` setting, on by default), so a repeated read with `If-None-Match`
 * answers 304 with no body. An answer to a signed-in caller may show what only they see (their
 * secret inquiries, their likes): it is `private`, never kept by a shared cache, and varies by the
 * Authorization header. A handler that sets its own Cache-Control (the live stream's) keeps it.
 */
export function apiRevalidation(req: Request, res: Response, next: NextFunction): void {
  if ((req.method === 'GET' || req.method === 'HEAD') && req.path.startsWith('/api/')) {
    res.setHeader('Cache-Control', req.headers.authorization ? 'private, no-cache' : 'no-cache');
    res.vary('Authorization');
  }
  next();
}
