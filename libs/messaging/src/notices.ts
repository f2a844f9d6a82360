/**
 * Wake-ups from a service's database (PostgreSQL's LISTEN/NOTIFY; PGlite's in standalone mode). A
 * notification is sent by a committed transaction only, so whoever hears one can read what it
 * announces. Tables announce their inserts with the `notify_listeners(name)` trigger
 * (libs/messaging/migrations).
 */
export interface DatabaseNotices {
  /**
   * Calls `onNotice` with the payload of each notification of the service's `notify_listeners(name)`
   * triggers, and with `undefined` when some may have been missed (the listening connection was
   * lost and is back). Answers how to stop.
   */
  listen(name: string, onNotice: (payload: string | undefined) => void): Promise<() => Promise<void>>;
}

/** What each outbox insert's transaction notifies on commit: its relays publish at once. */
export const OUTBOX_NOTICE = 'mkt_outbox';

/**
 * Looks with `look` until it finds something, looking again whenever `name` announces `key` (or
 * may have missed it); answers `undefined` once `timeoutMs` passed without. It listens before its
 * first look, so a notification sent between a look and the wait is not lost.
 */
export async function waitForNotice<T>(
  notices: DatabaseNotices,
  name: string,
  key: string,
  look: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T | undefined> {
  let wake: (() => void) | undefined;
  let missed = false;
  const stop = await notices.listen(name, (payload) => {
    if (payload !== undefined && payload !== key) return;
    missed = true;
    wake?.();
  });
  const deadline = performance.now() + timeoutMs;
  try {
    for (;;) {
      missed = false;
      const found = await look();
      if (found !== undefined) return found;
      const left = deadline - performance.now();
      if (left <= 0) return undefined;
      // Announced while we looked: look again at once.
      if (missed) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  } finally {
    await stop();
  }
}
