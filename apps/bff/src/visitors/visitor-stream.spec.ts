import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedDatabase } from '@mkt/persistence';
import { EmbeddedKeyValueStore } from '../auth/embedded-key-value-store';
import type { VisitListener } from './visitor-counters';
import { InProcessVisitNotices, VisitorCounters } from './visitor-counters';
import {
  coalesce,
  eventFrame,
  HEARTBEAT_FRAME,
  HEARTBEAT_INTERVAL_MS,
  PUSH_INTERVAL_MS,
  VisitorStreams,
} from './visitor-stream';
import { connectVisitorStream, todayVisits } from '../../testing/visitor-stream-client';

// Opening PGlite (PostgreSQL in WebAssembly) takes seconds on a busy machine.
jest.setTimeout(60_000);

describe('coalesce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at once when idle, then folds a burst into one run at the end of the interval', async () => {
    const task = jest.fn(async () => undefined);
    const pushes = coalesce(task, 250);

    pushes.request();
    await jest.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);

    for (let i = 0; i < 50; i++) pushes.request();
    await jest.advanceTimersByTimeAsync(249);
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);

    await jest.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    pushes.request();
    await jest.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('serves requests made during a slow run with one more run, never two at once', async () => {
    let running = 0;
    let overlapped = false;
    const task = jest.fn(async () => {
      running++;
      overlapped ||= running > 1;
      await new Promise((resolve) => setTimeout(resolve, 600));
      running--;
    });
    const pushes = coalesce(task, 250);

    pushes.request();
    await jest.advanceTimersByTimeAsync(100);
    pushes.request();
    pushes.request();
    await jest.advanceTimersByTimeAsync(499);
    expect(task).toHaveBeenCalledTimes(1);
    // The first run ends at 600 ms, past its interval: the folded requests run once, right away.
    await jest.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(overlapped).toBe(false);
  });

  it('runs nothing after cancel', async () => {
    const task = jest.fn(async () => undefined);
    const pushes = coalesce(task, 250);
    pushes.request();
    pushes.cancel();
    pushes.request();
    await jest.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();
  });
});

describe('eventFrame', () => {
  it('is one event line, one data line of JSON and a blank line', () => {
    expect(eventFrame('visitors', { today: '2026-11-22', note: 'a\nb' })).toBe(
      'event: visitors\ndata: {"today":"2026-11-22","note":"a\\nb"}\n\n',
    );
  });
});

/** The counters' store is the real embedded one, in memory, emptied before each test. */
let database: PGlite;
let store: EmbeddedKeyValueStore;

beforeAll(async () => {
  database = await openEmbeddedDatabase();
  store = await EmbeddedKeyValueStore.open(database);
});
beforeEach(() => database.exec('DELETE FROM bff.kv_entry'));
afterAll(async () => {
  store.close();
  await database.close();
});

/** In-process notices that also count the listeners currently subscribed. */
class ListenerCountingNotices extends InProcessVisitNotices {
  activeListeners = 0;

  override async subscribe(listener: VisitListener): Promise<() => void> {
    const unsubscribe = await super.subscribe(listener);
    this.activeListeners++;
    return () => {
      this.activeListeners--;
      unsubscribe();
    };
  }
}

/** Just enough of a response to stream into, recording what is written. */
class RecordingResponse extends EventEmitter {
  readonly written: string[] = [];
  headersSent = false;
  writableEnded = false;

  writeHead(): this {
    return this;
  }
  flushHeaders(): void {
    this.headersSent = true;
  }
  write(text: string): boolean {
    this.written.push(text);
    return true;
  }
  end(): void {
    this.writableEnded = true;
    this.emit('close');
  }
}

describe('VisitorStreams heartbeat', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes a comment every 25 s while the client stays, and nothing once it leaves', async () => {
    const notices = new ListenerCountingNotices();
    const counters = new VisitorCounters(store, notices);
    const response = new RecordingResponse();
    const reply = { raw: response, hijack: () => undefined, getHeaders: () => ({}) };
    await new VisitorStreams(counters).serve(reply as unknown as FastifyReply);
    await jest.advanceTimersByTimeAsync(0);
    expect(response.written).toHaveLength(1);

    await jest.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(response.written.slice(1)).toEqual([HEARTBEAT_FRAME, HEARTBEAT_FRAME]);

    response.emit('close');
    expect(notices.activeListeners).toBe(0);
    await counters.record('late', new Date());
    await jest.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(response.written).toHaveLength(3);
  });
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('VisitorStreams', () => {
  let notices: ListenerCountingNotices;
  let counters: VisitorCounters;
  let streams: VisitorStreams;
  let app: FastifyInstance;
  let url: string;

  beforeEach(async () => {
    notices = new ListenerCountingNotices();
    counters = new VisitorCounters(store, notices);
    streams = new VisitorStreams(counters);
    app = Fastify();
    app.get('/stream', (_request, reply) => streams.serve(reply));
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/stream`;
  });

  afterEach(async () => {
    streams.beforeApplicationShutdown();
    app.server.closeAllConnections();
    await app.close();
  });

  it('sends a snapshot on connect and coalesces a burst of visits into a few frames', async () => {
    await counters.record('early', new Date());
    const client = await connectVisitorStream(url);
    expect(client.status).toBe(200);
    const first = await client.next(() => true);
    expect(todayVisits(first)).toBe(1);
    expect(first.daily).toHaveLength(7);
    expect(first.daily[6].date).toBe(first.today);
    expect(first.hourly).toHaveLength(24);

    const burstStart = Date.now();
    for (let i = 0; i < 100; i++) await counters.record(`visitor-${i}`, new Date());
    const last = await client.next((snapshot) => todayVisits(snapshot) === 101);
    expect(last.daily[6].visitors).toBe(101);
    const framesAfterFirst = client.snapshots.length - 1;
    // One frame per interval at most, plus the one that may start right away.
    expect(framesAfterFirst).toBeLessThanOrEqual(Math.ceil((Date.now() - burstStart) / PUSH_INTERVAL_MS) + 1);
    expect(framesAfterFirst).toBeLessThan(10);
    client.close();
  });

  it('drops the listener when the client goes away', async () => {
    const client = await connectVisitorStream(url);
    await client.next(() => true);
    expect(notices.activeListeners).toBe(1);
    client.close();
    await until(() => notices.activeListeners === 0);
    await counters.record('after', new Date());
  });

  it('ends open streams before the server shuts down', async () => {
    const client = await connectVisitorStream(url);
    await client.next(() => true);
    streams.beforeApplicationShutdown();
    await client.ended;
    await until(() => notices.activeListeners === 0);
  });
});
