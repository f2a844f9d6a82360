import type { Context } from '@opentelemetry/api';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the work at hand happens for: the request's (or first event's) correlation id, the event
 * being handled, and the span it runs in (W3C trace context, ./tracing).
 */
export interface Causation {
  correlationId: string;
  /** The event whose handling this is, if any. */
  causationId?: string;
  /** The OpenTelemetry context holding the work's span: its calls and events carry it on. */
  trace?: Context;
}

const store = new AsyncLocalStorage<Causation>();

/** The causation of the work at hand: set per HTTP request and per event handled. */
export function currentCausation(): Causation | undefined {
  return store.getStore();
}

/** Runs `work` with its causation: events it enqueues and calls it makes carry it, logs name its ids. */
export function withCausation<T>(causation: Causation, work: () => T): T {
  return store.run(causation, work);
}
