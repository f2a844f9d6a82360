import type { Attributes, Context, Span, SpanKind } from '@opentelemetry/api';
import {
  defaultTextMapGetter,
  defaultTextMapSetter,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  TraceFlags,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { randomBytes } from 'node:crypto';
import { currentCausation } from './causation';

/** W3C trace context (`traceparent`, `tracestate`), the same in HTTP and in message headers. */
const propagator = new W3CTraceContextPropagator();
/** A no-op until libs/observability's tracing starts the OpenTelemetry SDK; then its spans are recorded. */
const tracer = trace.getTracer('mkt');

export type HeaderCarrier = Record<string, string | string[] | undefined>;

export interface TracedWork {
  /** The trace context to run the work in (`withCausation`): what its calls and events carry on. */
  trace: Context;
  end(failed?: boolean): void;
}

/**
 * Starts the span of work a request or a message causes: a child of the trace context in its
 * headers, else the first span of a new trace.
 */
export function startSpan(
  name: string,
  kind: SpanKind,
  headers: HeaderCarrier,
  attributes?: Attributes,
): TracedWork {
  const parent = propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
  const span = tracer.startSpan(name, { kind, attributes }, parent);
  // Without the SDK, a span only carries its parent's ids on; a new trace still gets ids (unsampled)
  // so that logs and the next hops share one trace id.
  const traced: Span = isSpanContextValid(span.spanContext()) ? span : trace.wrapSpanContext(newTraceIds());
  return {
    trace: trace.setSpan(parent, traced),
    end: (failed) => {
      if (failed) traced.setStatus({ code: SpanStatusCode.ERROR });
      traced.end();
    },
  };
}

/** The work at hand's trace context as headers; none outside a request or a handled event. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const context = currentCausation()?.trace;
  if (context) propagator.inject(context, headers, defaultTextMapSetter);
  return headers;
}

/** The trace id of the work at hand, for logs. */
export function currentTraceId(): string | undefined {
  const context = currentCausation()?.trace;
  return context && trace.getSpanContext(context)?.traceId;
}

/** Random bytes drawn a pool at a time: a system call for each new trace would cost more than its request. */
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

function randomHex(bytes: number): string {
  if (randomPoolOffset + bytes > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomPoolOffset = 0;
  }
  randomPoolOffset += bytes;
  return randomPool.toString('hex', randomPoolOffset - bytes, randomPoolOffset);
}

function newTraceIds() {
  return { traceId: randomHex(16), spanId: randomHex(8), traceFlags: TraceFlags.NONE };
}
