import type { PGlite } from '@electric-sql/pglite';
import type { Heard } from '@mkt/messaging';
import { keyed, waitForNotice } from '@mkt/messaging';
import type { OpenDatabaseNotices } from './notices';
import { openDatabaseNotices } from './notices';
import { openEmbeddedDatabase } from './embedded';

jest.setTimeout(30_000);

describe('waitForNotice over a database’s notifications', () => {
  let db: PGlite;
  let notices: OpenDatabaseNotices;

  beforeAll(async () => {
    db = await openEmbeddedDatabase();
    notices = openDatabaseNotices({ kind: 'embedded', db, schema: 'public' });
  });
  afterAll(async () => {
    await notices?.close();
    await db?.close();
  });

  const notify = (payload: string) => db.query(`SELECT pg_notify('test_wait_public', $1)`, [payload]);

  /** A look that finds `value` once `ready` is set, counting its looks. */
  function looking(value: string) {
    const state = { ready: false, looks: 0 };
    const look = async () => {
      state.looks++;
      return state.ready ? value : undefined;
    };
    return { state, look };
  }

  /** Settles once the waiter has listened and looked once (it listens before its first look). */
  async function firstLook(state: { looks: number }) {
    while (state.looks === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it('looks again on a notification of its key, and on no other', async () => {
    const { state, look } = looking('found');
    const waiting = waitForNotice(notices, 'test_wait', keyed('7'), look, 10_000);
    await firstLook(state);
    state.ready = true;
    await notify('8');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.looks).toBe(1);
    await notify('7');
    expect(await waiting).toBe('found');
    expect(state.looks).toBe(2);
  });

  it('answers with what a notification carries, without looking again', async () => {
    const { state, look } = looking('read');
    const heard = (payload: string): Heard<string> => {
      const row = JSON.parse(payload) as { key: number; status: string };
      if (row.key !== 7) return 'unrelated';
      return row.status === 'PENDING' ? 'look' : { found: row.status };
    };
    const waiting = waitForNotice(notices, 'test_wait', heard, look, 10_000);
    await firstLook(state);
    // A look now would find 'read': the answer comes from the notification.
    state.ready = true;
    await notify(JSON.stringify({ key: 8, status: 'DONE' }));
    await notify(JSON.stringify({ key: 7, status: 'DONE' }));
    expect(await waiting).toBe('DONE');
    expect(state.looks).toBe(1);
  });

  it('answers nothing once its time is up', async () => {
    const { state, look } = looking('never');
    const started = performance.now();
    expect(await waitForNotice(notices, 'test_wait', keyed('7'), look, 200)).toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    // Its first look, and a last one when its time is up.
    expect(state.looks).toBe(2);
  });
});
