import type { VisitorSnapshot } from '@mkt/contracts';
import { readEventStream, VISITOR_SNAPSHOT_EVENT } from '@mkt/contracts';

/** A test's view of one live visitor stream, read with the web app's own frame parser (libs/contracts). */
export interface VisitorStreamClient {
  status: number;
  /** The error body when the stream was refused. */
  error?: { error: string; message: string };
  /** Every snapshot received so far. */
  snapshots: VisitorSnapshot[];
  /** The first snapshot so far or to come that `accept` takes; rejects after `timeoutMs`. */
  next(accept: (snapshot: VisitorSnapshot) => boolean, timeoutMs?: number): Promise<VisitorSnapshot>;
  /** Settles when the server ends the stream (or the client closes it). */
  ended: Promise<void>;
  close(): void;
}

export async function connectVisitorStream(url: string, token?: string): Promise<VisitorStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const snapshots: VisitorSnapshot[] = [];
  const waiters = new Set<() => void>();
  const client: VisitorStreamClient = {
    status: response.status,
    snapshots,
    ended: Promise.resolve(),
    close: () => abort.abort(),
    next: (accept, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = snapshots.find(accept);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching snapshot within ${timeoutMs} ms: ${JSON.stringify(snapshots)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
  if (!response.ok || !response.body) {
    client.error = (await response.json()) as VisitorStreamClient['error'];
    return client;
  }
  client.ended = readEventStream(response.body, (event) => {
    if (event.type !== VISITOR_SNAPSHOT_EVENT) return;
    snapshots.push(JSON.parse(event.data) as VisitorSnapshot);
    for (const waiter of [...waiters]) waiter();
  }).catch(() => undefined);
  return client;
}

/** Today's visits in a snapshot. */
export function todayVisits(snapshot: VisitorSnapshot): number {
  return snapshot.daily.find((day) => day.date === snapshot.today)?.visits ?? 0;
}
