import { saveSession, readSession } from '../session/sessionStore';
import { installFakeBrowser, loginResult } from '../testing/fakeBrowser';
import { setAuthNavigator } from './authRedirect';
import { http, HttpError } from './http';

interface Call {
  url: string;
  method: string;
  session: string | null;
  authorization: string | null;
}

type Reply = { status: number; body: unknown } | ((call: Call) => { status: number; body: unknown });

/** A fetch answering from a queue per path (the last reply repeats), recording every call. */
function fakeFetch(routes: Record<string, Reply[]>): Call[] {
  const calls: Call[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init.headers);
    const call = {
      url,
      method: init.method ?? 'GET',
      session: headers.get('X-Mkt-Session'),
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    const path = url.split('?')[0];
    const queue = routes[path];
    if (!queue) throw new Error(`unexpected call ${url}`);
    const next = queue.length > 1 ? queue.shift()! : queue[0];
    const { status, body } = typeof next === 'function' ? next(call) : next;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return calls;
}

const expired = { status: 401, body: { error: 'ERROR_TOKEN_ACCESS', message: '토큰이 만료되었습니다.' } };

describe('http client auth handling', () => {
  const navigate = jest.fn<void, [string]>();
  const alert = jest.fn<void, [string]>();
  let restore: () => void;
  let browser: ReturnType<typeof installFakeBrowser>;

  beforeEach(() => {
    browser = installFakeBrowser();
    navigate.mockReset();
    alert.mockReset();
    restore = setAuthNavigator(navigate, alert);
  });
  afterEach(() => restore());

  it('names the session of the page (member, then admin, then seller; a console its own), never a token', async () => {
    const calls = fakeFetch({ '/api/x': [{ status: 200, body: { ok: true } }] });
    await http.get('/api/x');
    saveSession(loginResult({ roleSet: ['SELLER'] }));
    await http.get('/api/x');
    saveSession(loginResult({ roleSet: ['ADMIN'] }));
    await http.get('/api/x');
    saveSession(loginResult());
    await http.get('/api/x');
    browser.location.pathname = '/seller/orders';
    await http.get('/api/x');
    expect(calls.map((call) => call.session)).toEqual([null, 'seller', 'admin', 'member', 'seller']);
    expect(calls.map((call) => call.authorization)).toEqual(calls.map(() => null));
  });

  it("refreshes an expired access token once per role for parallel calls, through the role's cookie, and retries", async () => {
    saveSession(loginResult());
    let refreshed = false;
    const calls = fakeFetch({
      '/api/x': [() => (refreshed ? { status: 200, body: { n: 1 } } : expired)],
      '/api/member/refresh': [
        () => {
          refreshed = true;
          return { status: 200, body: { result: 'ok' } };
        },
      ],
    });
    const results = await Promise.all([http.get('/api/x'), http.get('/api/x'), http.get('/api/x')]);
    expect(results).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    const refreshes = calls.filter((call) => call.url.startsWith('/api/member/refresh'));
    expect(refreshes).toEqual([
      { url: '/api/member/refresh', method: 'GET', session: 'member', authorization: null },
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries only once: a second expiry is an error', async () => {
    saveSession(loginResult());
    const calls = fakeFetch({
      '/api/x': [expired],
      '/api/member/refresh': [{ status: 200, body: { result: 'ok' } }],
    });
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 401, code: 'ERROR_TOKEN_ACCESS' });
    expect(calls.map((call) => call.url)).toEqual(['/api/x', '/api/member/refresh', '/api/x']);
  });

  it("a failed refresh clears the login and goes to the role's login page", async () => {
    browser.location.pathname = '/admin';
    saveSession(loginResult({ roleSet: ['ADMIN'] }));
    fakeFetch({
      '/api/x': [expired],
      '/api/member/refresh': [{ status: 401, body: { error: 'ERROR_REFRESH' } }],
    });
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(readSession('admin')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/admin/login');
  });

  it('an ended session (a ban) signs that role out, says why once and goes to its login page', async () => {
    saveSession(loginResult());
    saveSession(loginResult({ roleSet: ['SELLER'] }));
    const banned = '이용이 정지된 계정입니다. 고객센터로 문의해 주세요.';
    const calls = fakeFetch({
      '/api/x': [{ status: 401, body: { error: 'ERROR_SESSION_ENDED', message: banned } }],
      '/api/member/logout': [{ status: 200, body: { result: 'ok' } }],
    });
    await Promise.all([
      expect(http.get('/api/x')).rejects.toMatchObject({ code: 'ERROR_SESSION_ENDED' }),
      expect(http.get('/api/x')).rejects.toMatchObject({ code: 'ERROR_SESSION_ENDED' }),
    ]);
    expect(readSession('member')).toBeNull();
    expect(readSession('seller')).not.toBeNull();
    expect(alert.mock.calls).toEqual([[banned]]);
    expect(navigate.mock.calls).toEqual([['/member/login']]);
    expect(calls.filter((call) => call.url === '/api/member/logout')[0]).toMatchObject({
      method: 'POST',
      session: 'member',
    });
  });

  it('REQUIRED_LOGIN and ERROR_ACCESS_DENIED alert and navigate; other errors keep the HttpError shape', async () => {
    fakeFetch({
      '/api/a': [{ status: 401, body: { error: 'REQUIRED_LOGIN', message: '로그인이 필요합니다.' } }],
      '/api/b': [{ status: 403, body: { error: 'ERROR_ACCESS_DENIED', message: '권한 없음' } }],
      '/api/c': [{ status: 409, body: { error: 'DUPLICATE_EMAIL', message: '이미 가입된 이메일입니다.' } }],
    });
    await expect(http.get('/api/a')).rejects.toMatchObject({ status: 401, code: 'REQUIRED_LOGIN' });
    expect(alert).toHaveBeenLastCalledWith('로그인이 필요합니다.');
    expect(navigate).toHaveBeenLastCalledWith('/member/login?error=REQUIRED_LOGIN');

    restore = setAuthNavigator(navigate, alert); // resets the duplicate-redirect guard
    await expect(http.get('/api/b')).rejects.toMatchObject({ status: 403, code: 'ERROR_ACCESS_DENIED' });
    expect(alert).toHaveBeenLastCalledWith('해당 메뉴에 대한 권한이 없습니다.');
    expect(navigate).toHaveBeenLastCalledWith('/member/login');

    navigate.mockReset();
    const error = await http.post('/api/c', { a: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 409,
      code: 'DUPLICATE_EMAIL',
      message: '이미 가입된 이메일입니다.',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('calls that opt out of auth handling neither refresh nor redirect', async () => {
    saveSession(loginResult());
    const calls = fakeFetch({ '/api/x': [{ status: 401, body: { error: 'REQUIRED_LOGIN' } }, expired] });
    await expect(http.get('/api/x', { handleAuthErrors: false })).rejects.toMatchObject({
      code: 'REQUIRED_LOGIN',
    });
    await expect(http.get('/api/x', { handleAuthErrors: false, session: false })).rejects.toMatchObject({
      code: 'ERROR_TOKEN_ACCESS',
    });
    expect(calls.map((call) => call.session)).toEqual(['member', null]);
    expect(navigate).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });
});
