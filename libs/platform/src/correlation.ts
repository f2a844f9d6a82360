import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { currentCausation, withCausation } from '@mkt/messaging';

export const CORRELATION_HEADER = 'x-correlation-id';

/** The correlation id of the request being served or the event being handled, if any. */
export function currentCorrelationId(): string | undefined {
  return currentCausation()?.correlationId;
}

/** Takes the caller's correlation id (or makes one), echoes it, and keeps it for logs and outgoing calls. */
export function correlationMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header(CORRELATION_HEADER);
  const id = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader(CORRELATION_HEADER, id);
  withCausation({ correlationId: id }, next);
}
