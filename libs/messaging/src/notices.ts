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
 * What a notification tells whoever waits on its channel: nothing of what they wait for, that they
 * should look again, or (a trigger that sends the row itself) what they wait for.
 */
export type Heard<T> = 'unrelated' | 'look' | { found: T };

/** Hears the notifications whose payload is `key` (notify_listeners' column) as a reason to look again. */
export function keyed(key: string): (payload: string) => Heard<never> {
  return (payload) => (payload === key ? 'look' : 'unrelated');
}

/**
 * Looks with `look` until it finds something, looking again whenever a notification of `name` is
 * `heard` to concern it (or some may have been missed), or answering with what a notification
 * carries; answers `undefined` once `timeoutMs` passed without. It listens before its first look, so
 * a notification sent between a look and the wait is not lost.
 */
export async function waitForNotice<T>(
  notices: DatabaseNotices,
  name: string,
  heard: (payload: string) => Heard<T>,
  look: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T | undefined> {
  let wake: (() => void) | undefined;
  let missed = false;
  // What a notification carried, set by the listener at any await below.
  let announced: { found: T } | undefined;
  const carried = () => announced;
  const stop = await notices.listen(name, (payload) => {
    const news = payload === undefined ? 'look' : heard(payload);
    if (news === 'unrelated') return;
    if (news !== 'look') announced ??= news;
    missed = true;
    wake?.();
  });
  const deadline = performance.now() + timeoutMs;
  try {
    for (;;) {
      const atOnce = carried();
      if (atOnce) return atOnce.found;
      missed = false;
      const found = await look();
      if (found !== undefined) return found;
      const left = deadline - performance.now();
      if (left <= 0) return carried()?.found;
      // Announced while we looked: look again (or take what was carried) at once.
      if (missed) continue;
      const woken = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), left);
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      wake = undefined;
      // Time is up (a timer may fire a little early): one last look decides.
      if (!woken) return look();
    }
  } finally {
    await stop();
  }
}
