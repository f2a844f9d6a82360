import { SpanKind } from '@opentelemetry/api';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { currentCausation, startSpan, withCausation } from '@mkt/messaging';

export const CORRELATION_HEADER = 'x-correlation-id';

/** The correlation id of the request being served or the event being handled, if any. */
export function currentCorrelationId(): string | undefined {
  return currentCausation()?.correlationId;
}

/** The caller's correlation id when it sent a usable one, else a new one. */
export function correlationIdOf(req: IncomingMessage): string {
  const incoming = req.headers[CORRELATION_HEADER];
  return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * Takes the caller's correlation id (or makes one) and echoes it, and serves the request in a span of
 * the caller's W3C trace context (`traceparent`, else a new trace): logs, outgoing calls and events
 * carry both on.
 */
export function correlationMiddleware(req: Request, res: Response, next: NextFunction): void {
  const id = correlationIdOf(req);
  res.setHeader(CORRELATION_HEADER, id);
  const span = startSpan(req.method, SpanKind.SERVER, req.headers, {
    'http.request.method': req.method,
    'url.path': req.path,
  });
  res.once('close', () => span.end(res.statusCode >= 500));
  withCausation({ correlationId: id, trace: span.trace }, next);
}
