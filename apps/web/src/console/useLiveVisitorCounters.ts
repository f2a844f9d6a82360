import { useEffect, useState } from 'react';
import type { VisitorSnapshot } from '@mkt/contracts';
import type { LiveStreamState } from '../shared/api/liveStream';
import { openVisitorStream } from '../shared/api/visitor';

export interface LiveVisitorCounters {
  /** The latest counters; null until the first arrives. */
  snapshot: VisitorSnapshot | null;
  state: LiveStreamState;
  /** Why the stream is retrying or stopped. */
  error: unknown;
  /** Drops the connection (and its retry pause) and connects again now. */
  reconnect(): void;
}

/** The visitor counters, kept current by the live stream while the component is mounted. */
export function useLiveVisitorCounters(): LiveVisitorCounters {
  const [snapshot, setSnapshot] = useState<VisitorSnapshot | null>(null);
  const [connection, setConnection] = useState<{ state: LiveStreamState; error?: unknown }>({
    state: 'connecting',
  });
  const [connectCount, setConnectCount] = useState(0);

  useEffect(
    () =>
      openVisitorStream({
        onSnapshot: setSnapshot,
        onState: (state, error) => setConnection({ state, error }),
      }),
    [connectCount],
  );

  return {
    snapshot,
    state: connection.state,
    error: connection.error,
    reconnect: () => setConnectCount((count) => count + 1),
  };
}
