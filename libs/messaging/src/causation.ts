import { AsyncLocalStorage } from 'node:async_hooks';

/** What the work at hand happens for: the request's (or first event's) correlation id, and the event being handled. */
export interface Causation {
  correlationId: string;
  /** The event whose handling this is, if any. */
  causationId?: string;
}

const store = new AsyncLocalStorage<Causation>();

/** The causation of the work at hand: set per HTTP request and per event handled. */
export function currentCausation(): Causation | undefined {
  return store.getStore();
}

/** Runs `work` with its causation: events it enqueues carry it, logs name its correlation id. */
export function withCausation<T>(causation: Causation, work: () => T): T {
  return store.run(causation, work);
}
