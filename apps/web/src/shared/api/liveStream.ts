import { readEventStream, type ServerSentEvent } from '@mkt/contracts';
import { authorizedFetch, HttpError } from './http';

/**
 * A server-sent-events call kept open: fetched as the page's session (X-Mkt-Session) with the HTTP
 * client's auth handling (an expired token is refreshed, REQUIRED_LOGIN and ERROR_ACCESS_DENIED
 * redirect), reconnected with growing pauses after a drop, until closed.
 */

export type LiveStreamState = 'connecting' | 'open' | 'retrying' | 'stopped';

export interface LiveStreamHandlers {
  onEvent(event: ServerSentEvent): void;
  /** The connection's state; `error` tells why it is retrying or stopped. */
  onState?(state: LiveStreamState, error?: unknown): void;
}

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 1000, maxDelayMs: 30_000 };

/** The pause before reconnect attempt `attempt` (0 first): doubling from the first delay up to the cap. */
export function retryDelayMs(attempt: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** attempt);
}

/** Errors a reconnect cannot fix: the server refused the call (after any token refresh). */
function isFinal(error: unknown): boolean {
  return error instanceof HttpError && error.status >= 400 && error.status < 500;
}

class StreamEndedError extends Error {
  constructor() {
    super('the server ended the stream');
    this.name = 'StreamEndedError';
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** Opens the stream at `path`; returns the function that closes it for good. */
export function openLiveStream(
  path: string,
  handlers: LiveStreamHandlers,
  retry: RetryPolicy = DEFAULT_RETRY,
): () => void {
  const controller = new AbortController();
  const { signal } = controller;

  void (async () => {
    handlers.onState?.('connecting');
    let attempt = 0;
    while (!signal.aborted) {
      let failure: unknown;
      try {
        const response = await authorizedFetch(path, {
          headers: { Accept: 'text/event-stream' },
          signal,
        });
        if (!response.body) throw new StreamEndedError();
        attempt = 0;
        handlers.onState?.('open');
        await readEventStream(response.body, handlers.onEvent);
        failure = new StreamEndedError();
      } catch (error) {
        failure = error;
      }
      if (signal.aborted) return;
      if (isFinal(failure)) {
        handlers.onState?.('stopped', failure);
        return;
      }
      handlers.onState?.('retrying', failure);
      await pause(retryDelayMs(attempt++, retry), signal);
    }
  })();

  return () => controller.abort();
}
