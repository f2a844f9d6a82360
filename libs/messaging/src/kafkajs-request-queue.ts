import { createRequire } from 'node:module';

/** What this patch touches of kafkajs' internal request queue (one per broker connection). */
interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs' own interval for looking again at requests held back by its in-flight limit. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

/**
 * kafkajs 2.2.4's connections spin while idle: with nothing pending and no throttle, the request
 * queue sets a timer for a negative delay that fires at once and sets itself again, for ever. Each
 * idle consumer cost 25-35 ms of CPU a second here, and a store runs one per process (upstream
 * issue tulios/kafkajs#1556, unfixed in the last release). This looks again only when there is
 * something to look for: requests held back (by the in-flight limit or a throttle), or a throttle
 * to wait out. A request queued later, and every answer, look at the queue as before.
 */
function scheduleCheckPendingRequests(this: RequestQueue): void {
  if (this.throttleCheckTimeoutId) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  if (this.pending.length === 0 && untilUnthrottled <= 0) return;
  const delayMs =
    this.pending.length > 0 && untilUnthrottled <= 0 ? CHECK_PENDING_REQUESTS_INTERVAL_MS : untilUnthrottled;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, delayMs);
}

/** kafkajs' request queue class, with the fix above in place (applied once, when this module loads). */
export const KafkaRequestQueue = createRequire(__filename)('kafkajs/src/network/requestQueue') as {
  new (options: Record<string, unknown>): RequestQueue & { destroy(): void };
  prototype: RequestQueue;
};
KafkaRequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
