import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const CORRELATION_HEADER = 'x-correlation-id';

const store = new AsyncLocalStorage<string>();

/** The correlation id of the request being served, if any. */
export function currentCorrelationId(): string | undefined {
  return store.getStore();
}

/** Takes the caller's correlation id (or makes one), echoes it, and keeps it for logs and outgoing calls. */
export function correlationMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header(CORRELATION_HEADER);
  const id = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader(CORRELATION_HEADER, id);
  store.run(id, next);
}
