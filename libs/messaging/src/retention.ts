import type { MessagingLogger } from './logger';
import { silentLogger } from './logger';
import { PollingLoop } from './polling-loop';
import type { RawSqlClient } from './sql-client';
import { table } from './sql-client';

/** MESSAGING_RETENTION_DAYS when unset. */
export const DEFAULT_RETENTION_DAYS = 7;

export interface RetentionOptions {
  /** Processed events older than this go. */
  maxAgeMs: number;
  /** Rows one statement deletes: a large backlog goes in many short statements, not one long lock. */
  batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 1_000;

/** The retention of a number of days (MESSAGING_RETENTION_DAYS), 7 when not given. */
export function retentionOfDays(days = DEFAULT_RETENTION_DAYS): RetentionOptions {
  return { maxAgeMs: days * 86_400_000 };
}

/** The retention as SQL parameters: its age in seconds (for `make_interval(secs => ...)`) and the batch size. */
export function retentionParameters(options: RetentionOptions): [number, number] {
  return [options.maxAgeMs / 1000, options.batchSize ?? DEFAULT_BATCH_SIZE];
}

/**
 * Deletes one batch each of a service's published outbox events and inbox rows older than the
 * retention; returns how many rows went. Pending and FAILED (parked) events are never deleted. An
 * event redelivered after its inbox row went would be applied again: the retention must be longer
 * than any redelivery (Kafka's topic retention, a dead letter's replay).
 */
export async function pruneMessagingTables(
  db: RawSqlClient,
  schema: string,
  options: RetentionOptions,
): Promise<number> {
  const [seconds, batchSize] = retentionParameters(options);
  const outbox = table(schema, 'outbox_event');
  const inbox = table(schema, 'inbox_event');
  const published = await db.$executeRawUnsafe(
    `DELETE FROM ${outbox} WHERE id IN (
       SELECT id FROM ${outbox}
       WHERE status = 'PUBLISHED' AND published_at < now() - make_interval(secs => $1::double precision)
       ORDER BY id LIMIT $2)`,
    seconds,
    batchSize,
  );
  const processed = await db.$executeRawUnsafe(
    `DELETE FROM ${inbox} WHERE (handler, event_id) IN (
       SELECT handler, event_id FROM ${inbox}
       WHERE processed_at < now() - make_interval(secs => $1::double precision)
       LIMIT $2)`,
    seconds,
    batchSize,
  );
  return published + processed;
}

export interface RetentionPrunerOptions {
  /** Pause between rounds that found nothing to delete. */
  intervalMs?: number;
  logger?: MessagingLogger;
}

/**
 * Runs `pruneBatch` (one bounded batch, answering how many rows went) from start until stopped:
 * again at once while it finds rows, else after the interval.
 */
export class RetentionPruner {
  private readonly loop: PollingLoop;

  constructor(pruneBatch: () => Promise<number>, options: RetentionPrunerOptions = {}) {
    const intervalMs = options.intervalMs ?? 600_000;
    const logger = options.logger ?? silentLogger;
    this.loop = new PollingLoop(
      async () => ((await pruneBatch()) > 0 ? 0 : intervalMs),
      (error) => {
        logger.error('pruning processed events failed', { error: String(error) });
        return intervalMs;
      },
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
