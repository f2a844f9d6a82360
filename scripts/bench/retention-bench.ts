// What retention and the outbox gauges cost on real PostgreSQL: a fresh database with a service's
// outbox and inbox tables, filled with old published events and inbox rows (and some pending
// events), then the backlog query a /metrics scrape runs, then pruning in batches until done.
//   npm run bench:retention -- [--rows 200000] [--batch 1000]
import { parseArgs } from 'node:util';
import { Pool } from 'pg';
import type { MessageTransport } from '@mkt/messaging';
import { messagingMigrationsDir, OutboxRelay, pruneMessagingTables } from '@mkt/messaging';
import { applyMigrations } from '@mkt/persistence';
import { createTestDatabase, rawPostgres } from '@mkt/testing';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '200000' }, batch: { type: 'string', default: '1000' } },
});
const rows = Number(values.rows);
const batchSize = Number(values.batch);

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function main(): Promise<void> {
  const database = await createTestDatabase('retention-bench');
  const pool = new Pool({ connectionString: database.url, max: 2 });
  try {
    await applyMigrations({ kind: 'postgres', url: database.url, schema: 'public' }, [
      { scope: 'messaging', dir: messagingMigrationsDir },
    ]);
    const db = rawPostgres(pool).client;
    await db.$executeRawUnsafe(
      `INSERT INTO outbox_event (event_id, topic, message_key, event_type, envelope, headers, status, created_at, published_at)
       SELECT gen_random_uuid(), 'bench', (n % 1000)::text, 'bench', repeat('x', 400), '{}', 'PUBLISHED',
              now() - interval '30 days', now() - interval '30 days'
       FROM generate_series(1, $1) AS n`,
      rows,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO outbox_event (event_id, topic, message_key, event_type, envelope, headers, next_attempt_at)
       SELECT gen_random_uuid(), 'bench', 'pending-' || n, 'bench', '{}', '{}', now() + interval '1 day'
       FROM generate_series(1, 1000) AS n`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO inbox_event (handler, event_id, processed_at)
       SELECT 'bench.handler', gen_random_uuid(), now() - interval '30 days' FROM generate_series(1, $1)`,
      rows,
    );
    await db.$executeRawUnsafe('ANALYZE');

    // Only the backlog query runs: the relay is never started, so its transport is never used.
    const unused: MessageTransport = {
      publish: async () => undefined,
      subscribe: async () => ({ close: async () => undefined }),
      close: async () => undefined,
    };
    const relay = new OutboxRelay(db, unused, { schema: 'public' });
    const scrapes: number[] = [];
    for (let i = 0; i < 20; i++) scrapes.push((await timed(() => relay.backlog()))[1]);
    scrapes.sort((a, b) => a - b);
    console.log(
      `backlog query (${rows} published + 1000 pending events): median ${scrapes[10].toFixed(1)} ms, max ${scrapes[19].toFixed(1)} ms`,
    );

    const batches: number[] = [];
    let deleted = 0;
    const [, total] = await timed(async () => {
      for (;;) {
        const [count, ms] = await timed(() =>
          pruneMessagingTables(db, 'public', { maxAgeMs: 7 * 86_400_000, batchSize }),
        );
        if (count === 0) break;
        deleted += count;
        batches.push(ms);
      }
    });
    batches.sort((a, b) => a - b);
    console.log(
      `pruned ${deleted} rows (outbox and inbox, ${batchSize} each a round) in ${(total / 1000).toFixed(1)} s: ` +
        `${Math.round(deleted / (total / 1000))} rows/s, a round median ${batches[batches.length >> 1].toFixed(1)} ms, ` +
        `max ${batches[batches.length - 1].toFixed(1)} ms`,
    );
  } finally {
    await pool.end();
    await database.drop();
  }
}

void main();
