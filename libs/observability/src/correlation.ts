import { SpanKind } from '@opentelemetry/api';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Causation } from '@mkt/messaging';
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

const causations = new WeakMap<FastifyRequest, Causation>();

/**
 * Takes the caller's correlation id (or makes one) and echoes it, and serves the request in a span of
 * the caller's W3C trace context (`traceparent`, else a new trace): logs, outgoing calls and events
 * carry both on. The header goes on the raw response, so an answer streamed from it has it too; the
 * handler runs in the request's causation once its body is read (`preHandler`: a body arrives in its
 * socket's async context, not the request's).
 */
export function correlateRequests(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const correlationId = correlationIdOf(request.raw);
    reply.raw.setHeader(CORRELATION_HEADER, correlationId);
    const span = startSpan(request.method, SpanKind.SERVER, request.headers, {
      'http.request.method': request.method,
      'url.path': request.url.split('?', 1)[0],
    });
    reply.raw.once('close', () => span.end(reply.raw.statusCode >= 500));
    causations.set(request, { correlationId, trace: span.trace });
    done();
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    const causation = causations.get(request);
    if (causation) withCausation(causation, done);
    else done();
  });
}
