import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@mkt/contracts';
import { EventHeaders } from '@mkt/contracts';
import { currentCausation } from './causation';
import { LeaseRenewal } from './lease-renewal';
import type { MessagingLogger } from './logger';
import type { DatabaseNotices } from './notices';
import { OUTBOX_NOTICE } from './notices';
import { silentLogger } from './logger';
import { PollingLoop } from './polling-loop';
import { traceHeaders } from './tracing';
import type { RawSqlClient } from './sql-client';
import { table } from './sql-client';
import type { MessageTransport, TransportMessage } from './transport';

export interface EventContext {
  /** The aggregate the event is about; it is the message key, so its events stay in order. */
  aggregateId: string | number;
  /** Else the work at hand's (the request's, or the handled event's), else a new one. */
  correlationId?: string;
  /** The event that caused this one; else the event being handled, if any. */
  causationId?: string;
}

/**
 * An event's envelope and Kafka headers, its payload checked against the event's schema. The headers
 * carry the work at hand's trace context; stored with the outbox row, they reach the relay however
 * much later it publishes.
 */
export function eventMessage<P>(
  producer: string,
  event: EventDefinition<P>,
  payload: P,
  context: EventContext,
): { envelope: EventEnvelope<P>; headers: Record<string, string> } {
  const envelope: EventEnvelope<P> = {
    eventId: randomUUID(),
    eventType: event.type,
    eventVersion: event.version,
    occurredAt: new Date().toISOString(),
    producer,
    aggregateId: String(context.aggregateId),
    correlationId: context.correlationId ?? currentCausation()?.correlationId ?? randomUUID(),
    causationId: context.causationId ?? currentCausation()?.causationId ?? null,
    payload: event.payloadSchema.parse(payload),
  };
  const headers: Record<string, string> = {
    [EventHeaders.type]: envelope.eventType,
    [EventHeaders.version]: String(envelope.eventVersion),
    [EventHeaders.eventId]: envelope.eventId,
    [EventHeaders.correlationId]: envelope.correlationId,
    ...(envelope.causationId ? { [EventHeaders.causationId]: envelope.causationId } : {}),
    ...traceHeaders(),
  };
  return { envelope, headers };
}

/**
 * Writes events into the service's outbox table inside the caller's transaction: the event exists
 * if and only if the state change it announces was committed.
 */
export class Outbox {
  /**
   * @param publishes the topics this producer declared (libs/topology); an event of any other
   * topic is refused, so what a service publishes cannot drift from the declaration.
   */
  constructor(
    private readonly schema: string,
    private readonly producer: string,
    private readonly publishes?: ReadonlySet<string>,
    /** The relay of this process: it publishes the events written here as soon as their commit is announced. */
    private readonly relay?: OutboxRelay,
  ) {}

  async enqueue<P>(
    tx: RawSqlClient,
    event: EventDefinition<P>,
    payload: P,
    context: EventContext,
  ): Promise<EventEnvelope<P>> {
    const [envelope] = await this.enqueueAll(tx, event, [{ payload, context }]);
    return envelope;
  }

  /** Several events of one type in one insert (one round trip to the database, however many). */
  async enqueueAll<P>(
    tx: RawSqlClient,
    event: EventDefinition<P>,
    events: { payload: P; context: EventContext }[],
  ): Promise<EventEnvelope<P>[]> {
    if (this.publishes && !this.publishes.has(event.topic))
      throw new Error(`${this.producer} does not declare that it publishes ${event.topic}`);
    if (events.length === 0) return [];
    const messages = events.map(({ payload, context }) => {
      const { envelope, headers } = eventMessage(this.producer, event, payload, context);
      return { envelope, headers, value: JSON.stringify(envelope) };
    });
    const outbox = table(this.schema, 'outbox_event');
    const values: unknown[] = [this.relay?.owner ?? null, this.relay?.leaseMs ?? 0];
    const rows = messages.map(({ envelope, headers, value }) => {
      values.push(envelope.eventId, event.topic, envelope.aggregateId, envelope.eventType);
      values.push(value, JSON.stringify(headers));
      const at = values.length - 6;
      return `($${at + 1}::uuid, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}::jsonb)`;
    });
    // An event is written already claimed by this process's relay unless an older one of its key
    // waits (that one goes first, through a claim).
    const inserted = await tx.$queryRawUnsafe<{ id: string; event_id: string; handed: boolean }[]>(
      `INSERT INTO ${outbox} (event_id, topic, message_key, event_type, envelope, headers, lease_owner, leased_until)
       SELECT v.event_id, v.topic, v.message_key, v.event_type, v.envelope, v.headers,
              CASE WHEN held THEN NULL ELSE $1::text END,
              CASE WHEN held THEN NULL ELSE clock_timestamp() + make_interval(secs => $2::double precision / 1000) END
       FROM (VALUES ${rows.join(', ')}) AS v (event_id, topic, message_key, event_type, envelope, headers)
       CROSS JOIN LATERAL (
         SELECT $1::text IS NULL OR EXISTS (
           SELECT 1 FROM ${outbox} e WHERE e.message_key = v.message_key AND e.status <> 'PUBLISHED') AS held) k
       RETURNING id::text AS id, event_id::text AS event_id, lease_owner IS NOT NULL AS handed`,
      ...values,
    );
    if (this.relay) {
      const byEventId = new Map(messages.map((m) => [m.envelope.eventId, m]));
      this.relay.expect(
        inserted
          .filter((row) => row.handed)
          .map((row) => {
            const { envelope, headers, value } = byEventId.get(row.event_id)!;
            return { id: row.id, message: { topic: event.topic, key: envelope.aggregateId, value, headers } };
          }),
      );
    }
    return messages.map(({ envelope }) => envelope);
  }
}

/**
 * How long a relay's claim on outbox events holds unless renewed. A publish can wait for the broker
 * much longer (kafkajs retries about 17 s in an outage): the claimant renews while it waits.
 */
export const OUTBOX_LEASE_MS = 5_000;

export interface OutboxRelayOptions {
  schema: string;
  /** Events claimed per round. */
  batchSize?: number;
  /**
   * How long a claim holds unless renewed: the relay renews it while it publishes, so a relay that
   * dies mid-round (killed while a publish waits for the broker) is replaced within this.
   */
  leaseMs?: number;
  /**
   * Publish attempts the transport refused before an event is parked as FAILED for an operator to
   * re-drive; failures for want of a broker (the transport's `isOutage`) do not count.
   */
  maxAttempts?: number;
  /** The wait after a failed publish, doubling with each counted attempt up to `maxBackoffMs`. */
  baseBackoffMs?: number;
  /** The longest wait between two tries: how soon a broker back from an outage gets the events. */
  maxBackoffMs?: number;
  /**
   * The longest wait between two rounds when nothing is due: a safety net for a missed wake-up
   * (without `notices`, the only way events are found).
   */
  pollIntervalMs?: number;
  /** The database's notifications: each committed outbox insert wakes the relay at once. */
  notices?: DatabaseNotices;
  logger?: MessagingLogger;
}

interface ClaimedRow {
  id: bigint | string;
  topic: string;
  message_key: string;
  envelope: string;
  headers: Record<string, string>;
  /** Whether a later event of the same key waits behind this one. */
  has_successor: boolean;
}

/** A row of a claim's answer: a claimed event (or nulls, when none was claimed) and the next due. */
type ClaimRoundRow = (ClaimedRow | Record<keyof ClaimedRow, null>) & { next_due_ms: number | null };

/** Events waiting to be published, and the events parked as FAILED. */
export interface OutboxBacklog {
  pending: number;
  /** Age of the oldest pending event; 0 when none waits. */
  oldestPendingSeconds: number;
  failed: number;
}

export interface OutboxEventView {
  id: string;
  eventId: string;
  topic: string;
  key: string;
  status: 'PENDING' | 'PUBLISHED' | 'FAILED';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** An event the outbox of this process wrote under its relay's claim, waiting for its commit. */
interface ExpectedEvent {
  id: string;
  message: TransportMessage;
}

/**
 * Publishes committed outbox events in order per key. Rounds claim events with a lease (so several
 * relays may run), renewed while they publish outside any transaction, then mark them. A relay that
 * dies after claiming and before marking leaves the lease to lapse within `leaseMs` and the event is
 * published (perhaps again) by the next round of any relay; consumers' inboxes make a second copy
 * harmless. An event is only claimed when no older event of its key is still unpublished.
 * The outbox of the relay's own process writes its events already claimed and hands them over
 * (`expect`): once the commit's notification names them, the relay publishes them without reading
 * them back or claiming them, a round trip to the database sooner.
 * A relay sleeps until an outbox insert commits (it listens to the database's notifications), a
 * failed publish's retry is due, or its poll interval passed (a safety net: a missed notification,
 * another relay's lapsed lease).
 */
export class OutboxRelay {
  /** Whose claim a lease is: the outbox of this process writes its events under it. */
  readonly owner = randomUUID();
  /** How long a claim holds unless renewed. */
  readonly leaseMs: number;
  private readonly outbox: string;
  private readonly notices?: DatabaseNotices;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly pollIntervalMs: number;
  private readonly logger: MessagingLogger;
  private readonly loop: PollingLoop;
  private stopListening?: () => Promise<void>;
  /** Handed-over events by outbox id, with when, until their commit is announced. */
  private readonly expected = new Map<string, ExpectedEvent & { at: number }>();
  /** Handed-over events whose commit was announced, in commit order: published before any claim. */
  private readonly committed: ExpectedEvent[] = [];
  /** Whether a round should claim: a notice named events not handed over, or may have been missed. */
  private claimDue = true;

  constructor(
    private readonly db: RawSqlClient,
    private readonly transport: MessageTransport,
    options: OutboxRelayOptions,
  ) {
    this.outbox = table(options.schema, 'outbox_event');
    this.notices = options.notices;
    this.batchSize = options.batchSize ?? 100;
    this.leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.baseBackoffMs = options.baseBackoffMs ?? 500;
    this.maxBackoffMs = options.maxBackoffMs ?? 5_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.logger = options.logger ?? silentLogger;
    this.loop = new PollingLoop(
      async () => (await this.round()).waitMs,
      (error) => {
        this.logger.error('outbox relay round failed', { error: String(error) });
        return this.pollIntervalMs;
      },
    );
  }

  /** One round: claim, publish, mark. Returns how many events were published. */
  async relayOnce(): Promise<number> {
    return (await this.round()).published;
  }

  /**
   * Events the outbox of this process just wrote under this relay's claim: published as soon as the
   * notification of their commit names them. One never named (its transaction rolled back, or the
   * notification was lost) is forgotten after half the lease, and claimed like any other once its
   * lease lapsed.
   */
  expect(events: ExpectedEvent[]): void {
    const at = performance.now();
    for (const event of events) this.expected.set(event.id, { ...event, at });
  }

  /**
   * A round, and how long to wait before the next. Handed-over events whose commit was announced go
   * first, unclaimed. Else it claims: no wait after publishing a full batch or an event another of
   * its key waits behind (that one is claimable now), until the earliest retry after a failed
   * publish; when it found nothing to claim, until the earliest retry or lapse of another relay's
   * claim (a killed relay tells nobody); else the poll interval (a commit wakes the relay).
   */
  private async round(): Promise<{ published: number; waitMs: number }> {
    this.forgetUnannounced();
    if (this.committed.length > 0) {
      const events = this.committed.splice(0, this.batchSize);
      const published = await this.publish(
        events.map((event) => event.id),
        events.map((event) => event.message),
      );
      if (published !== 'published') {
        // The rest go through claims, behind the failed ones of their key, so that no key's events overtake.
        this.expected.clear();
        await this.release(this.committed.splice(0).map((event) => event.id));
        return { published: 0, waitMs: 0 };
      }
      const more = this.committed.length > 0 || this.claimDue;
      return { published: events.length, waitMs: more ? 0 : this.pollIntervalMs };
    }
    this.claimDue = false;
    const { claimed, nextDueMs } = await this.claim();
    if (claimed.length === 0) return { published: 0, waitMs: nextDueMs };
    const published = await this.publish(
      claimed.map((row) => String(row.id)),
      claimed.map(toMessage),
    );
    if (published !== 'published') return { published: 0, waitMs: published.retryInMs };
    const more = claimed.length === this.batchSize || claimed.some((row) => row.has_successor);
    return { published: claimed.length, waitMs: more ? 0 : this.pollIntervalMs };
  }

  /** Publishes claimed events, renewing the claim meanwhile, and marks them; a failure puts them back in line. */
  private async publish(
    ids: string[],
    messages: TransportMessage[],
  ): Promise<'published' | { retryInMs: number }> {
    const renewal = new LeaseRenewal(this.leaseMs, () => this.renewLease(ids));
    try {
      await this.transport.publish(messages);
    } catch (error) {
      await renewal.end();
      const retryInMs = await this.recordFailure(ids, error);
      return { retryInMs: Math.min(this.pollIntervalMs, retryInMs) };
    }
    await renewal.end();
    await this.db.$executeRawUnsafe(
      `UPDATE ${this.outbox} SET status = 'PUBLISHED', published_at = now(), leased_until = NULL
       WHERE id = ANY($1::bigint[]) AND lease_owner = $2`,
      ids,
      this.owner,
    );
    return 'published';
  }

  private onNotice(payload: string | undefined): void {
    if (!payload) this.claimDue = true;
    else
      for (const id of payload.split(',')) {
        const event = this.expected.get(id);
        if (!event) {
          this.claimDue = true;
          continue;
        }
        this.expected.delete(id);
        this.committed.push({ id, message: event.message });
      }
    // Its round starts a turn of the event loop later: whoever else this commit woke (a request
    // waiting to answer a person) goes first, instead of after the publish's work.
    setImmediate(() => this.nudge());
  }

  /**
   * Drops handed-over events no commit announced within half the lease: published now, one could
   * lose its claim mid-publish (renewals come every third of the lease). The claim path takes them.
   */
  private forgetUnannounced(): void {
    const before = performance.now() - this.leaseMs / 2;
    for (const [id, event] of this.expected) if (event.at < before) this.expected.delete(id);
  }

  async start(): Promise<void> {
    if (this.loop.isRunning) return;
    this.stopListening ??= await this.notices?.listen(OUTBOX_NOTICE, (payload) => this.onNotice(payload));
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
    await this.loop.stop();
  }

  /** Asks a started relay to run a round now instead of waiting for its poll interval. */
  nudge(): void {
    this.loop.nudge();
  }

  async list(status: OutboxEventView['status'], limit = 100): Promise<OutboxEventView[]> {
    const rows = await this.db.$queryRawUnsafe<
      {
        id: bigint;
        event_id: string;
        topic: string;
        message_key: string;
        status: OutboxEventView['status'];
        attempts: number;
        last_error: string | null;
        created_at: Date;
      }[]
    >(
      `SELECT id, event_id::text, topic, message_key, status, attempts, last_error, created_at
       FROM ${this.outbox} WHERE status = $1 ORDER BY id LIMIT $2`,
      status,
      limit,
    );
    return rows.map((row) => ({
      id: String(row.id),
      eventId: row.event_id,
      topic: row.topic,
      key: row.message_key,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
    }));
  }

  /** Reads the unpublished events through the partial index the relay uses: cheap enough for every scrape. */
  async backlog(): Promise<OutboxBacklog> {
    const rows = await this.db.$queryRawUnsafe<{ status: string; events: number; oldest_seconds: number }[]>(
      `SELECT status, count(*)::int AS events,
              COALESCE(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest_seconds
       FROM ${this.outbox} WHERE status <> 'PUBLISHED' GROUP BY status`,
    );
    const of = (status: string) => rows.find((row) => row.status === status);
    return {
      pending: of('PENDING')?.events ?? 0,
      oldestPendingSeconds: of('PENDING')?.oldest_seconds ?? 0,
      failed: of('FAILED')?.events ?? 0,
    };
  }

  /** Puts FAILED events back in line (all of them, or the given ids). Returns how many. */
  async redrive(ids?: string[]): Promise<number> {
    const count = await this.db.$executeRawUnsafe(
      `UPDATE ${this.outbox} SET status = 'PENDING', attempts = 0, next_attempt_at = now(), last_error = NULL
       WHERE status = 'FAILED' AND ($1::bigint[] IS NULL OR id = ANY($1::bigint[]))`,
      ids ?? null,
    );
    this.nudge();
    return count;
  }

  /**
   * Claims the events due now, oldest first, and answers as well the ms until the earliest pending
   * event held back by a retry's wait or another claim comes due (at most the poll interval). Both
   * are read at one instant: an event cannot come due between them unseen, as it could between two
   * statements when a timer fires a fraction early.
   */
  private async claim(): Promise<{ claimed: ClaimedRow[]; nextDueMs: number }> {
    // One row per claimed event, or one row of nulls when none was claimed; each with the next due.
    const rows = await this.db.$queryRawUnsafe<ClaimRoundRow[]>(
      `WITH claimed AS (
         UPDATE ${this.outbox} o
         SET leased_until = now() + make_interval(secs => $1::double precision / 1000), lease_owner = $2
         WHERE o.id IN (
           SELECT c.id FROM ${this.outbox} c
           WHERE c.status = 'PENDING' AND c.next_attempt_at <= now()
             AND (c.leased_until IS NULL OR c.leased_until < now())
             AND NOT EXISTS (
               SELECT 1 FROM ${this.outbox} e
               WHERE e.message_key = c.message_key AND e.id < c.id AND e.status <> 'PUBLISHED')
           ORDER BY c.id
           LIMIT $3
           FOR UPDATE SKIP LOCKED)
         RETURNING o.id, o.topic, o.message_key, o.envelope, o.headers,
           EXISTS (SELECT 1 FROM ${this.outbox} s
                   WHERE s.message_key = o.message_key AND s.id > o.id AND s.status <> 'PUBLISHED') AS has_successor),
       next_due AS (
         SELECT (extract(epoch FROM min(greatest(next_attempt_at, coalesce(leased_until, next_attempt_at))) - now())
                 * 1000)::float8 AS ms
         FROM ${this.outbox}
         WHERE status = 'PENDING' AND (next_attempt_at > now() OR leased_until >= now()))
       SELECT claimed.*, next_due.ms AS next_due_ms FROM next_due LEFT JOIN claimed ON true`,
      this.leaseMs,
      this.owner,
      this.batchSize,
    );
    const nextDueMs = rows[0].next_due_ms;
    const claimed = rows.flatMap(({ next_due_ms: _, ...row }) => (row.id === null ? [] : [row]));
    return {
      claimed: claimed.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)),
      nextDueMs: Math.max(0, Math.min(this.pollIntervalMs, Math.ceil(nextDueMs ?? Infinity))),
    };
  }

  /** Gives up this relay's claim on events, so that any relay's next round may claim them. */
  private async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.$executeRawUnsafe(
      `UPDATE ${this.outbox} SET leased_until = NULL, lease_owner = NULL
       WHERE id = ANY($1::bigint[]) AND lease_owner = $2 AND status = 'PENDING'`,
      ids,
      this.owner,
    );
  }

  private async renewLease(ids: string[]): Promise<void> {
    await this.db.$executeRawUnsafe(
      `UPDATE ${this.outbox} SET leased_until = now() + make_interval(secs => $1::double precision / 1000)
       WHERE id = ANY($2::bigint[]) AND lease_owner = $3 AND status = 'PENDING'`,
      this.leaseMs,
      ids,
      this.owner,
    );
  }

  /** Puts the events back in line after a backoff (or parks them); answers the ms until the earliest retry. */
  private async recordFailure(ids: string[], error: unknown): Promise<number> {
    const message = error instanceof Error ? error.message : String(error);
    const outage = this.transport.isOutage?.(error) ?? false;
    this.logger.warn('outbox publish failed; will retry', { events: ids.length, error: message, outage });
    const [retry] = await this.db.$queryRawUnsafe<{ ms: number | null }[]>(
      `WITH failed AS (
         UPDATE ${this.outbox}
         SET attempts = attempts + $6::int, last_error = $2, leased_until = NULL, lease_owner = NULL,
             next_attempt_at = now() + make_interval(
               secs => least($3::double precision * power(2, attempts), $7::double precision) / 1000),
             status = CASE WHEN attempts + $6::int >= $4 THEN 'FAILED' ELSE 'PENDING' END
         WHERE id = ANY($1::bigint[]) AND lease_owner = $5
         RETURNING status, next_attempt_at)
       SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::float8 AS ms
       FROM failed WHERE status = 'PENDING'`,
      ids,
      message,
      this.baseBackoffMs,
      this.maxAttempts,
      this.owner,
      outage ? 0 : 1,
      this.maxBackoffMs,
    );
    return Math.max(0, retry?.ms ?? Infinity);
  }
}

function toMessage(row: ClaimedRow): TransportMessage {
  return { topic: row.topic, key: row.message_key, value: row.envelope, headers: row.headers };
}
