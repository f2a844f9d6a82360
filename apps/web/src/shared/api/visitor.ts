import { VISITOR_SNAPSHOT_EVENT, type VisitorSnapshot } from '@mkt/contracts';
import { http } from './http';
import { openLiveStream, type LiveStreamState } from './liveStream';

/**
 * Counts a visit for the admin dashboard. No body; cookies go along. Its failures only reach the
 * console (spec section 8), so auth errors never alert or redirect here.
 */
export function postVisitorLog(): Promise<unknown> {
  return http.post<unknown>('/api/admin/visitor/log', undefined, {
    credentials: 'include',
    handleAuthErrors: false,
  });
}

export interface VisitorStreamHandlers {
  onSnapshot(snapshot: VisitorSnapshot): void;
  onState?(state: LiveStreamState, error?: unknown): void;
}

/** The admin dashboard's live counters (GET /api/admin/visitor/stream); returns the close function. */
export function openVisitorStream(handlers: VisitorStreamHandlers): () => void {
  return openLiveStream('/api/admin/visitor/stream', {
    onEvent: (event) => {
      if (event.type !== VISITOR_SNAPSHOT_EVENT) return;
      // The server's contract (libs/contracts) is the source of truth for the shape.
      handlers.onSnapshot(JSON.parse(event.data) as VisitorSnapshot);
    },
    onState: handlers.onState,
  });
}
