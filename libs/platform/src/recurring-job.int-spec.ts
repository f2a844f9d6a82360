import type { PGlite } from '@electric-sql/pglite';
import type { OpenDatabaseNotices } from '@mkt/persistence';
import { openDatabaseNotices, openEmbeddedDatabase } from '@mkt/persistence';
import { eventually } from '@mkt/testing';
import { JsonLogger } from '@mkt/observability';
import { RecurringJob } from './recurring-job';

jest.setTimeout(60_000);

/** Longer than any test: a round these tests see comes from the start, a backlog or a wake-up. */
const IDLE_MS = 600_000;

/** Does one item of its backlog per round; a round waits for `gate` while one is set. */
class BacklogJob extends RecurringJob {
  rounds = 0;
  backlog = 0;
  gate?: Promise<void>;

  constructor(notices: OpenDatabaseNotices) {
    super(new JsonLogger('test', 'error'), {
      name: 'the test job',
      idleMs: IDLE_MS,
      wakeOn: { notices, channel: 'test_job_due' },
    });
  }

  async runOnce(): Promise<number> {
    this.rounds++;
    await this.gate;
    if (this.backlog === 0) return 0;
    this.backlog--;
    return 1;
  }
}

describe('RecurringJob', () => {
  let db: PGlite;
  let notices: OpenDatabaseNotices;
  let job: BacklogJob;

  beforeAll(async () => {
    db = await openEmbeddedDatabase();
    notices = openDatabaseNotices({ kind: 'embedded', db, schema: 'public' });
  });
  afterAll(async () => {
    await notices?.close();
    await db?.close();
  });
  beforeEach(() => {
    job = new BacklogJob(notices);
  });
  afterEach(() => job.onApplicationShutdown());

  it('runs a round at start and drains a backlog without pausing', async () => {
    job.backlog = 3;
    await job.onApplicationBootstrap();
    // Three rounds that did something, then one that found nothing and pauses.
    await eventually(async () => expect([job.rounds, job.backlog]).toEqual([4, 0]));
  });

  it('starts a round at once when its notification arrives', async () => {
    await job.onApplicationBootstrap();
    await eventually(async () => expect(job.rounds).toBe(1));
    job.backlog = 2;
    await db.query(`SELECT pg_notify('test_job_due_public', '')`);
    await eventually(async () => expect([job.rounds, job.backlog]).toEqual([4, 0]));
  });

  it('lets the round under way finish before shutdown ends', async () => {
    let open!: () => void;
    job.gate = new Promise((resolve) => (open = resolve));
    job.backlog = 1;
    await job.onApplicationBootstrap();
    let stopped = false;
    const stopping = job.onApplicationShutdown().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    open();
    await stopping;
    expect([job.rounds, job.backlog]).toEqual([1, 0]);
  });
});
