import type { OpenedStore } from '../../test/support/key-value-stores';
import { KEY_VALUE_STORES } from '../../test/support/key-value-stores';
import type { SessionClaims } from './refresh-sessions';
import { REFRESH_REUSE_GRACE_SECONDS, RefreshSessions } from './refresh-sessions';

// Opening PGlite (PostgreSQL in WebAssembly) takes seconds on a busy machine.
jest.setTimeout(60_000);

const GRACE_MS = REFRESH_REUSE_GRACE_SECONDS * 1000;

/**
 * Rotation with reuse detection, on both stores the BFF runs on: tabs refreshing one session at
 * once share one successor; a rotated token presented after the grace ends the whole session.
 */
describe.each(KEY_VALUE_STORES)('refresh sessions on %s', (_name, open) => {
  let opened: OpenedStore;
  let now = Date.now();
  let sessions: RefreshSessions;
  let nextMno = 1;
  const claims = (): SessionClaims => {
    const mno = nextMno++;
    return { mno, email: `member${mno}@example.kr`, role: 'MEMBER', roleSet: ['USER'] };
  };

  beforeAll(async () => {
    opened = await open();
    sessions = new RefreshSessions(opened.store, { now: () => now });
  });
  afterAll(() => opened.close());
  beforeEach(() => {
    now = Date.now();
  });

  it('gives every concurrent refresh of one token the same successor, which keeps working', async () => {
    const member = claims();
    const { token, family } = await sessions.start(member);
    const rotated = await Promise.all(Array.from({ length: 5 }, () => sessions.rotate(token)));

    expect(rotated.every((result) => result !== null)).toBe(true);
    expect(new Set(rotated.map((result) => result!.token)).size).toBe(1);
    expect(rotated[0]).toEqual({ token: expect.any(String), family, claims: member });
    expect(rotated[0]!.token).not.toBe(token);
    expect(await sessions.endedReason(member.mno, family, Date.now())).toBeNull();
    // The successor rotates on as usual.
    expect(await sessions.rotate(rotated[0]!.token)).toEqual(expect.objectContaining({ family }));
  });

  it('answers a token used again within the grace with the same successor, the session going on', async () => {
    const member = claims();
    const { token, family } = await sessions.start(member);
    const first = await sessions.rotate(token);
    now += GRACE_MS - 1000;
    const late = await sessions.rotate(token);

    expect(late?.token).toBe(first!.token);
    expect(await sessions.endedReason(member.mno, family, Date.now())).toBeNull();
  });

  it('ends the whole session when a rotated token comes back after the grace', async () => {
    const member = claims();
    const { token, family } = await sessions.start(member);
    const successor = await sessions.rotate(token);
    now += GRACE_MS + 1000;

    expect(await sessions.rotate(token)).toBeNull();
    expect(await sessions.endedReason(member.mno, family, Date.now())).toBe('reuse');
    // The successor the member held is gone with it.
    expect(await sessions.rotate(successor!.token)).toBeNull();
  });

  it('gives no successor within the grace once the session has ended', async () => {
    const member = claims();
    const { token } = await sessions.start(member);
    await sessions.rotate(token);
    await sessions.end(token);

    expect(await sessions.rotate(token)).toBeNull();
  });

  it('keeps one session from reaching another: the successor answers only its own token', async () => {
    const [one, other] = [await sessions.start(claims()), await sessions.start(claims())];
    const oneNext = await sessions.rotate(one.token);
    const otherNext = await sessions.rotate(other.token);
    const again = await Promise.all([sessions.rotate(one.token), sessions.rotate(other.token)]);

    expect(again.map((result) => result?.token)).toEqual([oneNext!.token, otherNext!.token]);
    expect(again.map((result) => result?.family)).toEqual([one.family, other.family]);
  });
});
