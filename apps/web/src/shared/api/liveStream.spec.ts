import { readSession, saveSession } from '../session/sessionStore';
import { installFakeBrowser, loginResult } from '../testing/fakeBrowser';
import { setAuthNavigator } from './authRedirect';
import type { ServerSentEvent } from '@mkt/contracts';
import { openLiveStream, retryDelayMs, type LiveStreamState } from './liveStream';

interface Call {
  url: string;
  session: string | null;
  accept: string | null;
}

type Reply = (call: Call, signal?: AbortSignal | null) => Response | Promise<Response>;

/** A fetch answering each call with the next reply (the last one repeats), recording the calls. */
function fakeFetch(replies: Reply[]): Call[] {
  const calls: Call[] = [];
  Object.assign(globalThis, {
    fetch: jest.fn(async (input: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const call = {
        url: String(input),
        session: headers.get('X-Mkt-Session'),
        accept: headers.get('Accept'),
      };
      calls.push(call);
      const reply = replies.length > 1 ? replies.shift()! : replies[0];
      return reply(call, init.signal);
    }),
  });
  return calls;
}

/** A 200 event stream sending `text`, then ending (a drop) unless `stayOpen`; closing the client aborts it. */
function eventStream(text: string, stayOpen = false): Reply {
  return (_call, signal) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          if (!stayOpen) controller.close();
          signal?.addEventListener('abort', () => controller.error(signal.reason));
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );
}

function json(status: number, body: unknown): Reply {
  return () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const networkDown: Reply = () => Promise.reject(new TypeError('fetch failed'));

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const FAST_RETRY = { firstDelayMs: 10, maxDelayMs: 40 };

describe('live stream', () => {
  const navigate = jest.fn<void, [string]>();
  const alert = jest.fn<void, [string]>();
  let restoreNavigator: () => void;
  let close: (() => void) | undefined;
  let events: ServerSentEvent[];
  let states: LiveStreamState[];

  const open = () => {
    close = openLiveStream(
      '/api/admin/visitor/stream',
      {
        onEvent: (event) => events.push(event),
        onState: (state) => states.push(state),
      },
      FAST_RETRY,
    );
  };

  beforeEach(() => {
    installFakeBrowser();
    navigate.mockReset();
    alert.mockReset();
    restoreNavigator = setAuthNavigator(navigate, alert);
    events = [];
    states = [];
  });

  afterEach(() => {
    close?.();
    restoreNavigator();
  });

  it('waits twice as long after each failed attempt, up to a cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it("names the admin's session, passes events on and reconnects after a drop", async () => {
    saveSession(loginResult({ roleSet: ['ADMIN'] }));
    const calls = fakeFetch([
      eventStream('event: visitors\ndata: 1\n\n'),
      networkDown,
      eventStream(': heartbeat\n\nevent: visitors\ndata: 2\n\n', true),
    ]);
    open();
    await until(() => events.length === 2);
    expect(events.map((event) => event.data)).toEqual(['1', '2']);
    expect(calls).toHaveLength(3);
    expect(calls[0]).toEqual({
      url: '/api/admin/visitor/stream',
      session: 'admin',
      accept: 'text/event-stream',
    });
    expect(states).toEqual(['connecting', 'open', 'retrying', 'retrying', 'open']);
  });

  it('keeps retrying while the server is unreachable, with growing pauses', async () => {
    saveSession(loginResult({ roleSet: ['ADMIN'] }));
    const calls = fakeFetch([networkDown]);
    const started = Date.now();
    open();
    await until(() => calls.length === 4);
    // Pauses of 10, 20 and 40 ms before the second, third and fourth attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(states.at(-1)).toBe('retrying');
    close?.();
    const attempts = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(attempts);
  });

  it('refreshes an expired token through the HTTP client and reconnects', async () => {
    saveSession(loginResult({ roleSet: ['ADMIN'] }));
    const calls = fakeFetch([
      json(401, { error: 'ERROR_TOKEN_ACCESS', message: '토큰이 만료되었습니다.' }),
      json(200, { result: 'ok' }),
      eventStream('event: visitors\ndata: 1\n\n', true),
    ]);
    open();
    await until(() => events.length === 1);
    expect(calls.map((call) => [call.url, call.session])).toEqual([
      ['/api/admin/visitor/stream', 'admin'],
      ['/api/member/refresh', 'admin'],
      ['/api/admin/visitor/stream', 'admin'],
    ]);
    expect(readSession('admin')).not.toBeNull();
    expect(states).toEqual(['connecting', 'open']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stops for good when access is denied, after the usual alert and redirect', async () => {
    saveSession(loginResult());
    const calls = fakeFetch([json(403, { error: 'ERROR_ACCESS_DENIED', message: '권한 없음' })]);
    open();
    await until(() => states.includes('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(1);
    expect(alert).toHaveBeenCalledWith('해당 메뉴에 대한 권한이 없습니다.');
    expect(navigate).toHaveBeenCalledWith('/member/login');
  });
});
