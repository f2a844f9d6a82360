import type { MessagingLogger } from './logger';
import { silentLogger } from './logger';
import { PollingLoop } from './polling-loop';
import type { RetentionOptions } from './retention';
import { retentionParameters } from './retention';
import { table } from './sql-client';
import type {
  ConsumerLag,
  MessageTransport,
  SubscribeOptions,
  Subscription,
  TransportMessage,
} from './transport';

/** Plain parameterised queries; the standalone mode passes its embedded database. */
export interface BusDatabase {
  query<T extends object>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface InProcessTransportOptions {
  /** Schema holding bus_message and bus_offset (bus-migrations). */
  schema: string;
  /** A group's longest wait when nothing comes: a safety net, since each publish hands its messages over. */
  pollIntervalMs?: number;
  retryDelayMs?: number;
  logger?: MessagingLogger;
}

interface BusRow {
  id: string;
  topic: string;
  message_key: string;
  value: string;
  headers: Record<string, string>;
}

/**
 * The standalone mode's bus: one process, no Kafka, same guarantees. Messages are appended to a
 * durable log table and each consumer group keeps a committed offset per topic, advanced only after
 * its handler resolved; so a crash loses nothing and redelivers at most the message in flight.
 * Delivery is always asynchronous to publish and sequential per group (so in order per key); a
 * publish (the relay's, right after the outbox's commit woke it) hands its messages to the groups of
 * their topics a turn of the event loop later, which deliver them without reading them back from the log.
 */
export class InProcessTransport implements MessageTransport {
  private readonly messages: string;
  private readonly offsets: string;
  private readonly workers = new Set<GroupWorker>();

  constructor(
    private readonly db: BusDatabase,
    private readonly options: InProcessTransportOptions,
  ) {
    this.messages = table(options.schema, 'bus_message');
    this.offsets = table(options.schema, 'bus_offset');
  }

  async publish(messages: TransportMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const params: unknown[] = [];
    const rows = messages.map((m) => {
      params.push(m.topic, m.key, m.value, JSON.stringify(m.headers));
      const n = params.length;
      return `($${n - 3}, $${n - 2}, $${n - 1}, $${n}::jsonb)`;
    });
    const ids = await this.db.query<{ id: string }>(
      `INSERT INTO ${this.messages} (topic, message_key, value, headers) VALUES ${rows.join(', ')}
       RETURNING id::text AS id`,
      params,
    );
    const appended = messages.map((m, i): BusRow => ({
      id: ids[i].id,
      topic: m.topic,
      message_key: m.key,
      value: m.value,
      headers: m.headers,
    }));
    for (const worker of this.workers) worker.handOver(appended);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    // The group's offsets exist from its first subscription on, so pruning keeps what it has yet to read.
    await this.db.query(
      `INSERT INTO ${this.offsets} (group_id, topic, last_id)
       SELECT $1, topic, 0 FROM unnest($2::text[]) AS t(topic)
       ON CONFLICT (group_id, topic) DO NOTHING`,
      [options.groupId, options.topics],
    );
    const worker = new GroupWorker(this.db, options, {
      messages: this.messages,
      offsets: this.offsets,
      pollIntervalMs: options.liveTail?.pollIntervalMs ?? this.options.pollIntervalMs ?? 5_000,
      retryDelayMs: this.options.retryDelayMs ?? 1_000,
      logger: this.options.logger ?? silentLogger,
    });
    this.workers.add(worker);
    await worker.start();
    return {
      close: async () => {
        this.workers.delete(worker);
        await worker.stop();
      },
    };
  }

  /** The messages of each topic after the group's committed offset (one partition per topic). */
  async consumerLag(groupId: string, topics: string[]): Promise<ConsumerLag[]> {
    const rows = await this.db.query<{ topic: string; lag: number }>(
      `SELECT t.topic,
              (SELECT count(*)::int FROM ${this.messages} m
               WHERE m.topic = t.topic AND m.id > COALESCE(o.last_id, 0)) AS lag
       FROM unnest($1::text[]) AS t(topic)
       LEFT JOIN ${this.offsets} o ON o.group_id = $2 AND o.topic = t.topic`,
      [topics, groupId],
    );
    return rows.map(({ topic, lag }) => ({ topic, partition: 0, lag }));
  }

  /**
   * Deletes one batch of messages older than the retention that every consumer group of their topic
   * has committed; returns how many went. Topics no group ever subscribed to (dead letters) are kept.
   */
  async prune(options: RetentionOptions): Promise<number> {
    const [seconds, batchSize] = retentionParameters(options);
    const deleted = await this.db.query<{ id: string }>(
      `DELETE FROM ${this.messages} WHERE id IN (
         SELECT m.id FROM ${this.messages} m
         JOIN (SELECT topic, min(last_id) AS committed FROM ${this.offsets} GROUP BY topic) o
           ON o.topic = m.topic
         WHERE m.id <= o.committed AND m.created_at < now() - make_interval(secs => $1::double precision)
         ORDER BY m.id LIMIT $2)
       RETURNING id::text`,
      [seconds, batchSize],
    );
    return deleted.length;
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.stop()));
    this.workers.clear();
  }
}

interface WorkerSettings {
  messages: string;
  offsets: string;
  pollIntervalMs: number;
  retryDelayMs: number;
  logger: MessagingLogger;
}

/** How many messages a group reads from the log at a time. */
const READ_BATCH = 100;

/**
 * A consumer group's delivery loop. What this process publishes is handed to it (`handOver`), so
 * a group that has read the log to its end delivers those messages without reading them back; it
 * reads the log at its start, after a failed delivery, and when it wakes with nothing handed over
 * (the safety-net poll: what another process appended).
 */
class GroupWorker {
  private readonly loop: PollingLoop;
  /** Messages of the group's topics published here since it last read the log, in log order. */
  private handedOver: BusRow[] = [];
  /** Whether the next round must read the log first: at the start and after a failed delivery. */
  private mustReadLog = true;
  /** The last message delivered (a live tail starts at the log's end and keeps its place in memory only). */
  private deliveredUpTo = 0n;

  constructor(
    private readonly db: BusDatabase,
    private readonly subscription: SubscribeOptions,
    private readonly settings: WorkerSettings,
  ) {
    this.loop = new PollingLoop(
      async () => ((await this.drain()) === 'failed' ? settings.retryDelayMs : settings.pollIntervalMs),
      (error) => {
        settings.logger.error('in-process bus poll failed', { error: String(error) });
        return settings.pollIntervalMs;
      },
    );
  }

  async start(): Promise<void> {
    if (this.subscription.liveTail) {
      const [end] = await this.db.query<{ id: string }>(
        `SELECT COALESCE(max(id), 0)::text AS id FROM ${this.settings.messages}`,
      );
      this.deliveredUpTo = BigInt(end.id);
    }
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Takes the group's share of messages just appended to the log and wakes the group, a turn of the
   * event loop later, as a broker's delivery would come: the embedded database answers without I/O,
   * so a cascade of handlers (each publishing what the next one handles) would otherwise hold the
   * thread until its end, and an HTTP answer ready meanwhile (a verification's) would wait for all of it.
   */
  handOver(appended: readonly BusRow[]): void {
    const mine = appended.filter((row) => this.subscription.topics.includes(row.topic));
    if (mine.length === 0) return;
    setImmediate(() => {
      this.handedOver.push(...mine);
      this.handedOver.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
      this.loop.nudge();
    });
  }

  /** Delivers what is pending; stops at the first message whose handler rejects. */
  private async drain(): Promise<'idle' | 'failed'> {
    let readLog = this.mustReadLog || this.handedOver.length === 0;
    this.mustReadLog = false;
    for (;;) {
      if (!this.loop.isRunning) return 'idle';
      let batch: BusRow[];
      if (readLog) {
        batch = await this.readLog();
        this.subscription.liveTail?.onPoll();
        readLog = batch.length === READ_BATCH;
        const readUpTo = batch.length > 0 ? BigInt(batch[batch.length - 1].id) : this.deliveredUpTo;
        this.handedOver = this.handedOver.filter((row) => BigInt(row.id) > readUpTo);
      } else {
        batch = this.handedOver.splice(0, READ_BATCH).filter((row) => BigInt(row.id) > this.deliveredUpTo);
      }
      if (batch.length === 0) {
        if (readLog || this.handedOver.length > 0) continue;
        return 'idle';
      }
      for (const row of batch) {
        if (!this.loop.isRunning) return 'idle';
        try {
          await this.subscription.onMessage({
            topic: row.topic,
            key: row.message_key,
            value: row.value,
            headers: row.headers,
          });
        } catch (error) {
          this.settings.logger.warn('in-process delivery failed; will redeliver', {
            topic: row.topic,
            error: String(error),
          });
          // The log has it and what came after: the retry reads from the committed offset.
          this.handedOver = [];
          this.mustReadLog = true;
          return 'failed';
        }
        this.deliveredUpTo = BigInt(row.id);
        if (this.subscription.liveTail) continue;
        await this.db.query(
          `INSERT INTO ${this.settings.offsets} (group_id, topic, last_id) VALUES ($1, $2, $3::bigint)
           ON CONFLICT (group_id, topic) DO UPDATE SET last_id = EXCLUDED.last_id`,
          [this.subscription.groupId, row.topic, row.id],
        );
      }
    }
  }

  /** The next messages of the group's topics after its committed offsets (a live tail: after its place). */
  private readLog(): Promise<BusRow[]> {
    const { groupId, topics, liveTail } = this.subscription;
    return this.db.query<BusRow>(
      `SELECT m.id::text AS id, m.topic, m.message_key, m.value, m.headers
       FROM ${this.settings.messages} m
       WHERE m.topic = ANY($1::text[])
         AND m.id > ${
           liveTail
             ? '$2::bigint'
             : `COALESCE((SELECT o.last_id FROM ${this.settings.offsets} o
                          WHERE o.group_id = $2 AND o.topic = m.topic), 0)`
         }
       ORDER BY m.id LIMIT ${READ_BATCH}`,
      [topics, liveTail ? String(this.deliveredUpTo) : groupId],
    );
  }
}
