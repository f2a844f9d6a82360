import { SpanKind } from '@opentelemetry/api';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { z } from 'zod';
import type { EventEnvelope } from '@mkt/contracts';
import { deadLetterTopic, defineEvent, EventHeaders } from '@mkt/contracts';
import type { DatabaseTarget } from '@mkt/persistence';
import { applyMigrations, openDatabaseNotices, openEmbeddedDatabase } from '@mkt/persistence';
import type { RawDatabase } from '@mkt/testing';
import {
  createTestDatabase,
  poll,
  rawPGlite,
  rawPostgres,
  testInfrastructure,
  uniqueTopicPrefix,
} from '@mkt/testing';
import type { InProcessTransportOptions, MessageTransport, RawSqlClient, TransportMessage } from './index';
import {
  busMigrationsDir,
  EventConsumer,
  InProcessTransport,
  KafkaTransport,
  messagingMigrationsDir,
  describeDeadLetter,
  eventMessage,
  Outbox,
  OutboxRelay,
  OUTBOX_LEASE_MS,
  currentCausation,
  currentTraceId,
  pruneMessagingTables,
  replayDeadLetters,
  startSpan,
  withCausation,
} from './index';

// A stand-in domain: "stock.reserved" lowers a counter. The effect table lets a test count effects.
const StockReservedV1 = defineEvent(
  'test.stock.reserved',
  1,
  z.object({ sku: z.string(), count: z.number().int().positive(), seq: z.number().int() }),
);
const SCHEMA = 'svc';

/** A fresh embedded PGlite holding the in-process bus's tables, and the bus on it. */
async function embeddedBus(options: Omit<InProcessTransportOptions, 'schema'> = {}) {
  const pglite = await openEmbeddedDatabase();
  await applyMigrations({ kind: 'embedded', db: pglite, schema: 'bus' }, [
    { scope: 'bus', dir: busMigrationsDir },
  ]);
  const transport = new InProcessTransport(
    { query: async (sql, params) => (await pglite.query<never>(sql, params)).rows },
    { schema: 'bus', ...options },
  );
  return {
    pglite,
    transport,
    close: async () => {
      await transport.close();
      await pglite.close();
    },
  };
}

interface Harness {
  db: RawDatabase;
  /** The database as the services' notifications reach it. */
  target: DatabaseTarget;
  transport: MessageTransport;
  cleanup(): Promise<void>;
}

const harnesses: Record<string, () => Promise<Harness>> = {
  'in-process bus on PGlite': async () => {
    const { pglite, transport, close } = await embeddedBus({ pollIntervalMs: 50, retryDelayMs: 50 });
    await applyMigrations({ kind: 'embedded', db: pglite, schema: SCHEMA }, [
      { scope: 'messaging', dir: messagingMigrationsDir },
    ]);
    return {
      db: rawPGlite(pglite),
      target: { kind: 'embedded', db: pglite, schema: SCHEMA },
      transport,
      cleanup: close,
    };
  },
  'Kafka and PostgreSQL': async () => {
    const infra = await testInfrastructure();
    const database = await createTestDatabase('messaging');
    await applyMigrations({ kind: 'postgres', url: database.url, schema: SCHEMA }, [
      { scope: 'messaging', dir: messagingMigrationsDir },
    ]);
    const pool = new Pool({ connectionString: database.url, max: 5 });
    // Dropping the database at the end terminates whatever connection is still idle in the pool.
    pool.on('error', () => undefined);
    const transport = new KafkaTransport({
      brokers: infra.kafkaBrokers,
      clientId: 'messaging-test',
      topicPrefix: uniqueTopicPrefix('messaging'),
    });
    return {
      db: rawPostgres(pool),
      target: { kind: 'postgres', url: database.url, schema: SCHEMA },
      transport,
      cleanup: async () => {
        await transport.close();
        await pool.end();
        await database.drop();
      },
    };
  },
};

describe.each(Object.keys(harnesses))('events through %s', (kind) => {
  jest.setTimeout(60_000);
  let h: Harness;

  beforeEach(async () => {
    h = await harnesses[kind]();
    await h.db.client.$executeRawUnsafe(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA}.stock (sku text PRIMARY KEY, qty int NOT NULL)`,
    );
    await h.db.client.$executeRawUnsafe(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA}.seen (seq int NOT NULL, at timestamptz DEFAULT clock_timestamp())`,
    );
    await h.db.client.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.stock VALUES ('A', 100), ('B', 100)`);
  });
  afterEach(() => h.cleanup());

  const outbox = () => new Outbox(SCHEMA, 'test-producer');
  const relay = (
    overrides: Partial<ConstructorParameters<typeof OutboxRelay>[2]> = {},
    transport = h.transport,
    db: RawSqlClient = h.db.client,
  ) => new OutboxRelay(db, transport, { schema: SCHEMA, pollIntervalMs: 50, ...overrides });
  const never = () => new Promise<never>(() => undefined);
  /** The bus, refusing its first `count` publishes as an unreachable broker would. */
  function refusingFirst(count: number) {
    let refusals = 0;
    const transport: MessageTransport = {
      publish: async (messages) => {
        if (refusals < count) {
          refusals++;
          throw new Error('broker unreachable');
        }
        await h.transport.publish(messages);
      },
      subscribe: (o) => h.transport.subscribe(o),
      close: async () => undefined,
    };
    return { transport, refusals: () => refusals };
  }

  /**
   * A relay whose process is killed once its publish reached the bus: the publish never returns,
   * and nothing it would write afterwards (a renewal of its lease, the mark) reaches the database.
   * Resolves when it died.
   */
  function dyingRelay(overrides: Partial<ConstructorParameters<typeof OutboxRelay>[2]> = {}) {
    let dead = false;
    let died: () => void = () => undefined;
    const death = new Promise<void>((resolve) => (died = resolve));
    const transport: MessageTransport = {
      publish: async (messages) => {
        await h.transport.publish(messages);
        dead = true;
        died();
        return never();
      },
      subscribe: (o) => h.transport.subscribe(o),
      close: async () => undefined,
    };
    const db: RawSqlClient = {
      $queryRawUnsafe: (query, ...values) => (dead ? never() : h.db.client.$queryRawUnsafe(query, ...values)),
      $executeRawUnsafe: (query, ...values) =>
        dead ? never() : h.db.client.$executeRawUnsafe(query, ...values),
    };
    void relay(overrides, transport, db).relayOnce();
    return death;
  }
  const qty = async (sku: string) =>
    (
      await h.db.client.$queryRawUnsafe<{ qty: number }[]>(
        `SELECT qty FROM ${SCHEMA}.stock WHERE sku = $1`,
        sku,
      )
    )[0].qty;
  const inboxRows = async () =>
    Number(
      (
        await h.db.client.$queryRawUnsafe<{ n: string }[]>(
          `SELECT count(*)::text AS n FROM ${SCHEMA}.inbox_event`,
        )
      )[0].n,
    );

  function consumer(
    handle?: (
      tx: RawDatabase['client'],
      payload: { sku: string; count: number; seq: number },
    ) => Promise<void>,
  ) {
    return new EventConsumer(h.transport, {
      groupId: 'stock-service',
      schema: SCHEMA,
      transaction: h.db.transaction,
      baseBackoffMs: 10,
    }).register({
      name: 'stock.reserve',
      event: StockReservedV1,
      handle: async (payload, tx) => {
        await tx.$executeRawUnsafe(
          `UPDATE ${SCHEMA}.stock SET qty = qty - $1 WHERE sku = $2`,
          payload.count,
          payload.sku,
        );
        await tx.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.seen (seq) VALUES ($1)`, payload.seq);
        await handle?.(tx, payload);
      },
    });
  }

  async function enqueue(sku: string, count: number, seq = 0) {
    return h.db.transaction((tx) =>
      outbox().enqueue(tx, StockReservedV1, { sku, count, seq }, { aggregateId: sku }),
    );
  }

  async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  /** Collects what reaches a topic (the dead-letter topic in these tests). */
  async function collect(topic: string): Promise<{ messages: TransportMessage[]; close(): Promise<void> }> {
    const messages: TransportMessage[] = [];
    const sub = await h.transport.subscribe({
      groupId: `watch-${randomUUID()}`,
      topics: [topic],
      onMessage: async (m) => {
        messages.push(m);
      },
    });
    return { messages, close: () => sub.close() };
  }

  it('publishes an outbox event and applies its effect exactly once, even when delivered twice', async () => {
    const c = consumer();
    await c.start();
    const envelope = await enqueue('A', 3);
    const r = relay();
    expect(await r.relayOnce()).toBe(1);
    await until(async () => (await qty('A')) === 97, 'the first delivery');

    // The same message again, as after a lost offset commit: nothing changes.
    const again = await c.deliver({
      topic: StockReservedV1.topic,
      key: 'A',
      value: JSON.stringify(envelope),
      headers: {},
    });
    expect(again).toEqual(['duplicate']);
    expect(await qty('A')).toBe(97);
    expect(await inboxRows()).toBe(1);
    await c.stop();
  });

  it("carries a request's correlation id to its events, and on to the events their handlers enqueue", async () => {
    const requested = await withCausation({ correlationId: 'request-7' }, () => enqueue('A', 1));
    expect([requested.correlationId, requested.causationId]).toEqual(['request-7', null]);

    let followUp: EventEnvelope | undefined;
    const c = consumer(async (tx, payload) => {
      if (payload.sku === 'A')
        followUp = await outbox().enqueue(
          tx,
          StockReservedV1,
          { ...payload, sku: 'B' },
          { aggregateId: 'B' },
        );
    });
    await c.deliver({
      topic: StockReservedV1.topic,
      key: 'A',
      value: JSON.stringify(requested),
      headers: {},
    });
    expect(followUp).toMatchObject({ correlationId: 'request-7', causationId: requested.eventId });

    // Outside a request or a handler, an event starts a correlation of its own.
    const alone = await enqueue('A', 1);
    expect(alone.correlationId).not.toBe('request-7');
  });

  it("carries a request's trace context through the outbox and the bus into the handler, and on to the events it enqueues", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const request = startSpan('POST', SpanKind.SERVER, { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    const published = await collect(StockReservedV1.topic);
    const handled: { sku: string; traceId?: string; correlationId?: string }[] = [];
    const c = consumer(async (tx, payload) => {
      handled.push({
        sku: payload.sku,
        traceId: currentTraceId(),
        correlationId: currentCausation()?.correlationId,
      });
      if (payload.sku === 'A')
        await outbox().enqueue(tx, StockReservedV1, { ...payload, sku: 'B' }, { aggregateId: 'B' });
    });
    await c.start();
    await withCausation({ correlationId: 'request-8', trace: request.trace }, () => enqueue('A', 1));
    // The relay publishes later, outside the request: the outbox row keeps the trace context.
    const r = relay();
    await r.start();
    await until(async () => published.messages.length === 2, 'the event and its follow-up');
    // The collector seeing the follow-up does not mean the consumer has handled it yet.
    await until(async () => handled.length === 2, 'the follow-up handled');
    await r.stop();
    await c.stop();
    await published.close();

    expect(published.messages.map((m) => m.headers.traceparent?.split('-')[1])).toEqual([traceId, traceId]);
    expect(handled).toEqual([
      { sku: 'A', traceId, correlationId: 'request-8' },
      { sku: 'B', traceId, correlationId: 'request-8' },
    ]);
  });

  it('rolls back a failing handler with its inbox row, then applies the redelivered event once', async () => {
    let calls = 0;
    const c = consumer(async (tx) => {
      calls++;
      if (calls === 1) throw new Error('database hiccup');
      // On the retry, the first attempt left no trace: no inbox row of its own, no effect.
      const effects = await tx.$queryRawUnsafe<{ n: string }[]>(
        `SELECT count(*)::text AS n FROM ${SCHEMA}.seen`,
      );
      expect(effects[0].n).toBe('1');
    });
    await c.start();
    await enqueue('B', 5);
    await relay().relayOnce();
    await until(async () => (await qty('B')) === 95, 'the retried delivery');
    expect(calls).toBe(2);
    expect(await inboxRows()).toBe(1);
    await c.stop();
  });

  it('does not lose or double an event when a relay dies between publishing and marking it', async () => {
    const c = consumer();
    await c.start();
    await enqueue('A', 7);
    await dyingRelay({ leaseMs: 300 });
    await until(async () => (await qty('A')) === 93, 'the first publication');

    // A second relay takes over once the lease lapses and publishes the same event again.
    const successor = relay({ leaseMs: 300 });
    await until(async () => (await successor.relayOnce()) === 1, 'the successor relay to republish');
    expect(await successor.list('PENDING')).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await qty('A')).toBe(93);
    expect(await inboxRows()).toBe(1);
    await c.stop();
  });

  /** A started consumer, and one event in the outbox taking `count` of A. */
  async function consumerAndOneEvent(count: number) {
    const c = consumer();
    await c.start();
    await enqueue('A', count);
    return c;
  }

  /** The consumer applied that one event, once; then it stops. */
  async function appliedOnce(c: ReturnType<typeof consumer>, count: number) {
    await until(async () => (await inboxRows()) === 1, 'the event handled');
    expect(await qty('A')).toBe(100 - count);
    await c.stop();
  }

  it('takes up the events of a relay killed mid-publish within the default lease', async () => {
    const c = await consumerAndOneEvent(4);
    await dyingRelay();
    // A dead relay's claim lapses within the lease (it used to hold its events for 30 s).
    const successor = relay();
    await until(
      async () => (await successor.relayOnce()) === 1,
      'the successor relay to take the dead one’s events up',
      OUTBOX_LEASE_MS + 5_000,
    );
    await appliedOnce(c, 4);
  });

  it('wakes a started relay when a killed relay’s claim lapses, not at its next poll', async () => {
    const c = await consumerAndOneEvent(5);
    await dyingRelay({ leaseMs: 2_000 });
    // Started while the dead relay's claim still holds: nothing to claim, and its poll is a minute off.
    const survivor = relay({ pollIntervalMs: 60_000 });
    await survivor.start();
    try {
      await until(
        async () => (await survivor.list('PENDING')).length === 0,
        'the survivor to publish once the claim lapsed',
        2_000 + 15_000,
      );
    } finally {
      await survivor.stop();
    }
    await appliedOnce(c, 5);
  });

  it('keeps the claim of a living relay whose publish outlasts the lease', async () => {
    const c = await consumerAndOneEvent(2);
    let published = false;
    // A publish that waits 1.5 s for the bus, five times the lease (as in a broker outage).
    const slow: MessageTransport = {
      publish: async (messages) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await h.transport.publish(messages);
        published = true;
      },
      subscribe: (o) => h.transport.subscribe(o),
      close: async () => undefined,
    };
    const working = relay({ leaseMs: 300 }, slow).relayOnce();
    const other = relay({ leaseMs: 300 });
    const takenByOther: number[] = [];
    while (!published) {
      takenByOther.push(await other.relayOnce());
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await working).toBe(1);
    // The claim was renewed the whole time: the other relay never took the event.
    expect(takenByOther.filter((n) => n > 0)).toEqual([]);
    expect(await other.relayOnce()).toBe(0);
    await appliedOnce(c, 2);
  });

  it('keeps events of one key in order', async () => {
    const c = consumer();
    await c.start();
    for (let seq = 1; seq <= 5; seq++) await enqueue('A', 1, seq);
    const r = relay();
    await r.start();
    await until(async () => (await qty('A')) === 95, 'five events');
    await r.stop();
    const seen = await h.db.client.$queryRawUnsafe<{ seq: number }[]>(
      `SELECT seq FROM ${SCHEMA}.seen ORDER BY at`,
    );
    expect(seen.map((s) => s.seq)).toEqual([1, 2, 3, 4, 5]);
    await c.stop();
  });

  it('publishes the events waiting behind one of their key as soon as it is out, not at the next poll', async () => {
    const c = consumer();
    await c.start();
    for (let seq = 1; seq <= 4; seq++) await enqueue('A', 1, seq);
    // Nothing wakes this relay but its own rounds: a round that left a successor behind must be the last one.
    const r = relay({ pollIntervalMs: 600_000 });
    await r.start();
    try {
      await until(async () => (await qty('A')) === 96, 'four events of one key', 10_000);
    } finally {
      await r.stop();
      await c.stop();
    }
  });

  it('publishes every event once and in order per key when two relays run at the same time', async () => {
    const c = consumer();
    await c.start();
    for (let seq = 1; seq <= 10; seq++) {
      await enqueue('A', 1, seq);
      await enqueue('B', 1, 100 + seq);
    }
    const relays = [relay({ batchSize: 2 }), relay({ batchSize: 2 })];
    await Promise.all(relays.map((r) => r.start()));
    await until(async () => (await qty('A')) === 90 && (await qty('B')) === 90, 'twenty events');
    await Promise.all(relays.map((r) => r.stop()));
    const seen = await h.db.client.$queryRawUnsafe<{ seq: number }[]>(
      `SELECT seq FROM ${SCHEMA}.seen ORDER BY at`,
    );
    const order = seen.map((s) => s.seq);
    expect(order.filter((n) => n < 100)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(order.filter((n) => n > 100)).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
    expect(await inboxRows()).toBe(20);
    expect(await relays[0].list('PENDING')).toEqual([]);
    await c.stop();
  });

  it('sends a poison message to the dead-letter topic and goes on with the next one', async () => {
    const dlq = await collect(deadLetterTopic(StockReservedV1.topic));
    const c = consumer(async (_tx, payload) => {
      if (payload.sku === 'B') throw new Error('cannot reserve B');
    });
    await c.start();
    await h.transport.publish([{ topic: StockReservedV1.topic, key: 'A', value: '{not json', headers: {} }]);
    await enqueue('B', 1);
    await enqueue('A', 2);
    const r = relay();
    await r.start();
    await until(async () => (await qty('A')) === 98, 'the good message after the poison one');
    await until(async () => dlq.messages.length === 2, 'two dead letters');
    await r.stop();

    const [malformed, failing] = [...dlq.messages].sort((a) => (a.value === '{not json' ? -1 : 1));
    expect(malformed.value).toBe('{not json');
    expect(malformed.headers[EventHeaders.error]).toMatch(/envelope/);
    expect(failing.headers[EventHeaders.error]).toMatch(/cannot reserve B/);
    expect(failing.headers[EventHeaders.attempts]).toBe('3');
    expect(failing.headers[EventHeaders.originalTopic]).toBe(StockReservedV1.topic);
    expect(await qty('B')).toBe(100);
    await dlq.close();
    await c.stop();
  });

  /** Moves an outbox event's status and dates back by `ageSeconds`, as if it were written that long ago. */
  async function ageOutboxEvent(eventId: string, status: string, ageSeconds: number) {
    await h.db.client.$executeRawUnsafe(
      `UPDATE ${SCHEMA}.outbox_event
       SET status = $2, created_at = now() - make_interval(secs => $3::double precision),
           published_at = CASE WHEN $2 = 'PUBLISHED' THEN now() - make_interval(secs => $3::double precision) END
       WHERE event_id = $1::uuid`,
      eventId,
      status,
      ageSeconds,
    );
  }

  it("reports its backlog: pending events, the oldest one's age, and parked ones", async () => {
    const r = relay();
    expect(await r.backlog()).toEqual({ pending: 0, oldestPendingSeconds: 0, failed: 0 });
    await ageOutboxEvent((await enqueue('A', 1)).eventId, 'PENDING', 3_600);
    await enqueue('B', 1);
    await ageOutboxEvent((await enqueue('C', 1)).eventId, 'FAILED', 7_200);
    const backlog = await r.backlog();
    expect(backlog).toMatchObject({ pending: 2, failed: 1 });
    expect(backlog.oldestPendingSeconds).toBeGreaterThanOrEqual(3_600);
    expect(backlog.oldestPendingSeconds).toBeLessThan(7_200);
    await r.relayOnce();
    expect(await r.backlog()).toEqual({ pending: 0, oldestPendingSeconds: 0, failed: 1 });
  });

  it('reports what a consumer group has yet to read, per partition', async () => {
    const lag = async () =>
      (await h.transport.consumerLag!('stock-service', [StockReservedV1.topic])).reduce(
        (sum, partition) => sum + partition.lag,
        0,
      );
    const c = consumer();
    await c.start();
    await enqueue('A', 1);
    await relay().relayOnce();
    await until(async () => (await qty('A')) === 99 && (await lag()) === 0, 'the event to be read');
    await c.stop();
    await enqueue('A', 1);
    await enqueue('B', 1);
    await relay().relayOnce();
    await until(async () => (await lag()) === 2, 'two unread events');
    const partitions = await h.transport.consumerLag!('stock-service', [StockReservedV1.topic]);
    expect(partitions.every((p) => p.topic === StockReservedV1.topic && p.partition >= 0)).toBe(true);
  });

  it('prunes published outbox events and inbox rows past the retention, in batches, and nothing else', async () => {
    const hour = 3_600;
    const oldPublished = [await enqueue('A', 1, 1), await enqueue('A', 1, 2)];
    const newPublished = await enqueue('A', 1, 3);
    const oldPending = await enqueue('B', 1, 4);
    const oldFailed = await enqueue('B', 1, 5);
    for (const event of oldPublished) await ageOutboxEvent(event.eventId, 'PUBLISHED', 2 * hour);
    await ageOutboxEvent(newPublished.eventId, 'PUBLISHED', 60);
    await ageOutboxEvent(oldPending.eventId, 'PENDING', 2 * hour);
    await ageOutboxEvent(oldFailed.eventId, 'FAILED', 2 * hour);
    const c = consumer();
    const deliver = (envelope: EventEnvelope) =>
      c.deliver({ topic: StockReservedV1.topic, key: 'A', value: JSON.stringify(envelope), headers: {} });
    const [processedLongAgo, processedLately] = oldPublished;
    expect([await deliver(processedLongAgo), await deliver(processedLately)]).toEqual([
      ['applied'],
      ['applied'],
    ]);
    await h.db.client.$executeRawUnsafe(
      `UPDATE ${SCHEMA}.inbox_event SET processed_at = now() - interval '2 hours' WHERE event_id = $1::uuid`,
      processedLongAgo.eventId,
    );

    const retention = { maxAgeMs: hour * 1000, batchSize: 1 };
    // Two old published events and one old inbox row, one row per table and statement.
    expect(await pruneMessagingTables(h.db.client, SCHEMA, retention)).toBe(2);
    expect(await pruneMessagingTables(h.db.client, SCHEMA, retention)).toBe(1);
    expect(await pruneMessagingTables(h.db.client, SCHEMA, retention)).toBe(0);

    const outboxLeft = await h.db.client.$queryRawUnsafe<{ event_id: string }[]>(
      `SELECT event_id::text FROM ${SCHEMA}.outbox_event ORDER BY id`,
    );
    expect(outboxLeft.map((row) => row.event_id)).toEqual([
      newPublished.eventId,
      oldPending.eventId,
      oldFailed.eventId,
    ]);
    expect(await inboxRows()).toBe(1);
    // An event delivered again while its inbox row is younger than the retention is still skipped.
    expect(await deliver(processedLately)).toEqual(['duplicate']);
    expect(await qty('A')).toBe(98);
  });

  it('claims an event whose retry came due while a round was under way, not at its next poll', async () => {
    const c = await consumerAndOneEvent(3);
    const refusing = refusingFirst(1);
    let slowClaims = false;
    // Once armed, a claim's answer comes 400 ms late: past the retry's due time.
    const db: RawSqlClient = {
      $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => {
        const answer = await h.db.client.$queryRawUnsafe<T>(query, ...values);
        if (slowClaims && query.includes('FOR UPDATE SKIP LOCKED'))
          await new Promise((r) => setTimeout(r, 400));
        return answer;
      },
      $executeRawUnsafe: (query, ...values) => h.db.client.$executeRawUnsafe(query, ...values),
    };
    const r = relay({ pollIntervalMs: 3_600_000, baseBackoffMs: 250 }, refusing.transport, db);
    await r.start();
    try {
      await until(async () => refusing.refusals() === 1, 'the refused publish');
      slowClaims = true;
      // A round while the retry waits (another commit's notice would start one): it claims nothing.
      r.nudge();
      await until(async () => (await r.list('PENDING')).length === 0, 'the retry', 5_000);
    } finally {
      await r.stop();
    }
    await appliedOnce(c, 3);
  });

  it('parks events the transport keeps refusing as FAILED, and re-drives them on request', async () => {
    await enqueue('A', 1);
    const broken: MessageTransport = {
      publish: async () => {
        throw new Error('broker unreachable');
      },
      subscribe: (o) => h.transport.subscribe(o),
      close: async () => undefined,
    };
    const failing = relay({ maxAttempts: 2, baseBackoffMs: 1 }, broken);
    await failing.relayOnce();
    await until(async () => {
      await failing.relayOnce();
      return (await failing.list('FAILED')).length === 1;
    }, 'the event to be parked');
    const [parked] = await failing.list('FAILED');
    expect(parked.attempts).toBe(2);
    expect(parked.lastError).toBe('broker unreachable');

    const c = consumer();
    await c.start();
    const healthy = relay();
    expect(await healthy.redrive()).toBe(1);
    expect(await healthy.relayOnce()).toBe(1);
    await until(async () => (await qty('A')) === 99, 'the re-driven event');
    await c.stop();
  });
  it('retries through a broker outage however long, never parking the event, at most maxBackoffMs apart', async () => {
    await enqueue('B', 1);
    let outageFailures = 0;
    const recovering: MessageTransport = {
      publish: async (messages) => {
        if (outageFailures++ < 6) throw new Error('broker unreachable');
        await h.transport.publish(messages);
      },
      isOutage: () => true,
      subscribe: (o) => h.transport.subscribe(o),
      close: async () => undefined,
    };
    // Uncapped, the second try alone would wait 10 s; an outage counted would park the event at once.
    const patient = relay({ maxAttempts: 1, baseBackoffMs: 10_000, maxBackoffMs: 20 }, recovering);
    const c = consumer();
    await c.start();
    await until(
      async () => {
        await patient.relayOnce();
        return (await qty('B')) === 99;
      },
      'the event published once the broker is back',
      5_000,
    );
    expect(outageFailures).toBe(7);
    expect(await patient.list('FAILED')).toEqual([]);
    await c.stop();
  });

  describe('handed over by the outbox of its own process', () => {
    /** SQL the relay sends, as written. */
    let sent: string[];
    let notices: ReturnType<typeof openDatabaseNotices>;
    beforeEach(() => {
      sent = [];
      notices = openDatabaseNotices(h.target);
    });
    afterEach(() => notices.close());

    const recording: () => RawSqlClient = () => ({
      $queryRawUnsafe: (query, ...values) => {
        sent.push(query);
        return h.db.client.$queryRawUnsafe(query, ...values);
      },
      $executeRawUnsafe: (query, ...values) => {
        sent.push(query);
        return h.db.client.$executeRawUnsafe(query, ...values);
      },
    });
    const claims = () => sent.filter((query) => query.includes('FOR UPDATE SKIP LOCKED')).length;
    /** A started relay listening to the commits, and the outbox that hands it what it writes. */
    async function ownRelay(
      overrides: Partial<ConstructorParameters<typeof OutboxRelay>[2]> = {},
      transport = h.transport,
    ) {
      // Nothing but a commit's notification wakes it: its poll is an hour off.
      const r = relay({ notices, pollIntervalMs: 3_600_000, ...overrides }, transport, recording());
      await r.start();
      // Its first round claims what an earlier process left, and finds nothing.
      await until(async () => claims() === 1, 'the first round');
      return { relay: r, outbox: new Outbox(SCHEMA, 'test-producer', undefined, r) };
    }
    const seenOrder = async () =>
      (
        await h.db.client.$queryRawUnsafe<{ seq: number }[]>(`SELECT seq FROM ${SCHEMA}.seen ORDER BY at`)
      ).map((row) => row.seq);

    it('publishes a committed event without claiming it first', async () => {
      const c = consumer();
      await c.start();
      const own = await ownRelay();
      try {
        await h.db.transaction((tx) =>
          own.outbox.enqueue(tx, StockReservedV1, { sku: 'A', count: 2, seq: 1 }, { aggregateId: 'A' }),
        );
        await until(async () => (await qty('A')) === 98, 'the event');
        await until(async () => (await own.relay.list('PENDING')).length === 0, 'the event marked');
        expect(claims()).toBe(1);
      } finally {
        await own.relay.stop();
        await c.stop();
      }
      expect(await inboxRows()).toBe(1);
    });

    it('never publishes an event whose transaction rolled back', async () => {
      const c = consumer();
      await c.start();
      const own = await ownRelay();
      try {
        await expect(
          h.db.transaction(async (tx) => {
            await own.outbox.enqueue(
              tx,
              StockReservedV1,
              { sku: 'A', count: 5, seq: 1 },
              { aggregateId: 'A' },
            );
            throw new Error('the state change failed');
          }),
        ).rejects.toThrow('the state change failed');
        await h.db.transaction((tx) =>
          own.outbox.enqueue(tx, StockReservedV1, { sku: 'B', count: 1, seq: 2 }, { aggregateId: 'B' }),
        );
        await until(async () => (await qty('B')) === 99, 'the committed event');
      } finally {
        await own.relay.stop();
        await c.stop();
      }
      expect(await qty('A')).toBe(100);
      expect(await seenOrder()).toEqual([2]);
    });

    it('keeps a key in order: an event written while an older one of its key waits goes after it', async () => {
      const c = consumer();
      await c.start();
      // The first publish is refused: the first event waits out a backoff.
      const refusing = refusingFirst(1);
      const own = await ownRelay({ baseBackoffMs: 500 }, refusing.transport);
      const write = (seq: number) =>
        h.db.transaction((tx) =>
          own.outbox.enqueue(tx, StockReservedV1, { sku: 'A', count: 1, seq }, { aggregateId: 'A' }),
        );
      try {
        await write(1);
        await until(async () => refusing.refusals() === 1, 'the refused publish');
        await write(2);
        await until(async () => (await qty('A')) === 98, 'both events', 10_000);
      } finally {
        await own.relay.stop();
        await c.stop();
      }
      expect(await seenOrder()).toEqual([1, 2]);
    });

    it('is published by another relay once its claim lapses when its own relay died before publishing it', async () => {
      const c = consumer();
      await c.start();
      // Never started: a process killed between the commit and the publish.
      const dead = relay({ leaseMs: 600 });
      await h.db.transaction((tx) =>
        new Outbox(SCHEMA, 'test-producer', undefined, dead).enqueue(
          tx,
          StockReservedV1,
          { sku: 'A', count: 4, seq: 1 },
          { aggregateId: 'A' },
        ),
      );
      const survivor = relay({ notices, pollIntervalMs: 3_600_000 });
      await survivor.start();
      try {
        await until(async () => (await qty('A')) === 96, 'the event, once the claim lapsed', 5_000);
      } finally {
        await survivor.stop();
        await c.stop();
      }
      expect(await inboxRows()).toBe(1);
    });
  });
});

describe('the Kafka transport', () => {
  jest.setTimeout(60_000);

  /** kafkajs' connection to one broker (internal): where a produce request's answer can be lost. */
  const { prototype: brokerConnection } = jest.requireActual<{
    prototype: { produce(request: unknown): Promise<unknown> };
  }>('kafkajs/src/broker');

  it('goes on publishing after a batch the broker wrote but whose answer was lost', async () => {
    const infra = await testInfrastructure();
    const transport = new KafkaTransport({
      brokers: infra.kafkaBrokers,
      clientId: 'messaging-test',
      topicPrefix: uniqueTopicPrefix('lost-answer'),
    });
    const message = (n: number): TransportMessage => ({
      topic: 'test.lost-answer',
      key: 'A',
      value: String(n),
      headers: {},
    });
    try {
      await transport.publish([message(1)]);
      // As in a broker restart: the broker writes the batch, its answer never arrives.
      const produce = brokerConnection.produce;
      const lost = jest.spyOn(brokerConnection, 'produce').mockImplementationOnce(async function (
        this: unknown,
        request: unknown,
      ) {
        await produce.call(this, request);
        throw new Error('connection closed before the answer');
      });
      await expect(transport.publish([message(2), message(3)])).rejects.toThrow('before the answer');
      lost.mockRestore();
      // The relay sends again with one more event waiting.
      await transport.publish([message(2), message(3), message(4)]);
    } finally {
      await transport.close();
    }
  });
});

describe('dead letters on Kafka, for operators', () => {
  jest.setTimeout(60_000);

  it('lists the events a handler gave up on, and replays one or all after a fix: each applied once', async () => {
    const h = await harnesses['Kafka and PostgreSQL']();
    const transport = h.transport as KafkaTransport;
    const applied: number[] = [];
    let fixed = false;
    const consumer = new EventConsumer(transport, {
      groupId: 'stock-service',
      schema: SCHEMA,
      transaction: h.db.transaction,
      baseBackoffMs: 5,
    }).register({
      name: 'stock.reserve',
      event: StockReservedV1,
      handle: async ({ seq }) => {
        if (!fixed) throw new Error('stock table missing');
        applied.push(seq);
      },
    });
    try {
      await consumer.start();
      expect(await transport.deadLetters([StockReservedV1.topic])).toEqual([]);
      const sent: string[] = [];
      for (const seq of [1, 2]) {
        const { envelope, headers } = eventMessage(
          'test',
          StockReservedV1,
          { sku: 'A', count: 1, seq },
          { aggregateId: 'A' },
        );
        sent.push(envelope.eventId);
        await transport.publish([
          { topic: StockReservedV1.topic, key: 'A', value: JSON.stringify(envelope), headers },
        ]);
      }
      let letters = await poll(
        async () => (await transport.deadLetters([StockReservedV1.topic])).map(describeDeadLetter),
        (found) => found.length === 2,
        20_000,
      );
      expect(
        letters.map(({ eventId, originalTopic, attempts }) => ({ eventId, originalTopic, attempts })),
      ).toEqual(sent.map((eventId) => ({ eventId, originalTopic: StockReservedV1.topic, attempts: 3 })));
      expect(letters[0].error).toBe('stock.reserve: stock table missing');

      fixed = true;
      expect(
        await replayDeadLetters(
          transport,
          letters.filter((letter) => letter.eventId === sent[0]),
        ),
      ).toBe(1);
      await poll(
        async () => applied,
        (seqs) => seqs.length === 1,
        20_000,
      );
      letters = (await transport.deadLetters([StockReservedV1.topic])).map(describeDeadLetter);
      expect(await replayDeadLetters(transport, letters)).toBe(2);
      await poll(
        async () => applied,
        (seqs) => seqs.length === 2,
        20_000,
      );
      await new Promise((settle) => setTimeout(settle, 500));
      expect(applied).toEqual([1, 2]);
    } finally {
      await consumer.stop();
      await h.cleanup();
    }
  });
});

describe("the in-process bus's retention", () => {
  jest.setTimeout(60_000);

  it('prunes old messages every group has read, keeping unread ones and topics nobody reads', async () => {
    const { pglite, transport, close } = await embeddedBus({ pollIntervalMs: 20, retryDelayMs: 20 });
    const message = (topic: string, value: string): TransportMessage => ({
      topic,
      key: 'k',
      value,
      headers: {},
    });
    const read: Record<string, string[]> = { fast: [], slow: [] };
    const reader = (group: 'fast' | 'slow', refuse: string[]) =>
      transport.subscribe({
        groupId: group,
        topics: ['orders'],
        onMessage: async ({ value }) => {
          if (refuse.includes(value)) throw new Error(`${group} cannot read ${value} yet`);
          read[group].push(value);
        },
      });
    try {
      await reader('fast', []);
      await reader('slow', ['unread-by-slow']);
      // A group that has read nothing of its topic yet holds all of it, whatever other groups read.
      let audited = 0;
      await transport.subscribe({
        groupId: 'audit',
        topics: ['payments'],
        onMessage: async () => {
          audited++;
        },
      });
      await transport.subscribe({
        groupId: 'stuck',
        topics: ['payments'],
        onMessage: async () => Promise.reject(new Error('not yet')),
      });
      await transport.publish([
        message('orders', 'old-read-by-all'),
        message('orders', 'new-read-by-all'),
        message('orders', 'unread-by-slow'),
        message('payments', 'old-unread'),
        message('orders.dlq', 'old-dead-letter'),
      ]);
      await poll(
        async () => [read.fast.length, read.slow.length],
        ([fast, slow]) => fast === 3 && slow === 2,
      );
      await poll(
        async () => audited,
        (count) => count === 1,
      );
      expect(read.slow).toEqual(['old-read-by-all', 'new-read-by-all']);
      await pglite.query(
        `UPDATE bus.bus_message SET created_at = now() - interval '2 hours' WHERE value LIKE 'old-%' OR value = 'unread-by-slow'`,
      );
      expect(await transport.consumerLag('slow', ['orders'])).toEqual([
        { topic: 'orders', partition: 0, lag: 1 },
      ]);

      expect(await transport.prune({ maxAgeMs: 3_600_000, batchSize: 1 })).toBe(1);
      expect(await transport.prune({ maxAgeMs: 3_600_000, batchSize: 1 })).toBe(0);
      const left = await pglite.query<{ value: string }>('SELECT value FROM bus.bus_message ORDER BY id');
      expect(left.rows.map((row) => row.value)).toEqual([
        'new-read-by-all',
        'unread-by-slow',
        'old-unread',
        'old-dead-letter',
      ]);
    } finally {
      await close();
    }
  });
});

describe("the in-process bus's hand-over", () => {
  jest.setTimeout(60_000);

  it('lets I/O in between the handlers of a cascade: an answer ready meanwhile is not held to its end', async () => {
    // PGlite answers without I/O, as in standalone mode: a cascade of its queries never waits on a socket.
    const { transport, close } = await embeddedBus();
    const server = createServer((_request, response) => response.end('answered'));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const steps = 300;
    let handled = 0;
    try {
      // Each handler publishes the next message, as a relay does after the commit of a handler's outbox row.
      await transport.subscribe({
        groupId: 'cascade',
        topics: ['chain'],
        onMessage: async ({ value }) => {
          handled++;
          const next = Number(value) + 1;
          if (next < steps)
            await transport.publish([{ topic: 'chain', key: 'k', value: String(next), headers: {} }]);
        },
      });
      await transport.publish([{ topic: 'chain', key: 'k', value: '0', headers: {} }]);
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
      const handledWhenAnswered = handled;
      await poll(
        async () => handled,
        (count) => count === steps,
      );
      expect(answer).toBe('answered');
      expect(handledWhenAnswered).toBeLessThan(steps);
    } finally {
      server.close();
      await close();
    }
  });
});
