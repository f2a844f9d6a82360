import { installFakeBrowser, loginResult } from '../testing/fakeBrowser';
import { getCookie, removeCookie, setCookie } from './cookies';
import {
  activeRole,
  checkExpiry,
  clearSession,
  EXPIRES_KEY,
  readSession,
  roleOf,
  saveSession,
  SESSION_ROLES,
  subscribe,
} from './sessionStore';

describe('cookie helper', () => {
  beforeEach(() => installFakeBrowser());

  it('round-trips values with separators and removes them', () => {
    setCookie('rememberEmail', 'a+b@x.kr; =', { maxAgeSeconds: 60 });
    expect(getCookie('rememberEmail')).toBe('a+b@x.kr; =');
    expect(getCookie('remember')).toBeNull();
    removeCookie('rememberEmail');
    expect(getCookie('rememberEmail')).toBeNull();
  });
});

describe('session store', () => {
  let browser: ReturnType<typeof installFakeBrowser>;
  beforeEach(() => {
    browser = installFakeBrowser();
  });

  it('names the cookie after roleSet[0]', () => {
    expect(roleOf({ roleSet: ['ADMIN'] })).toBe('admin');
    expect(roleOf({ roleSet: ['SELLER'] })).toBe('seller');
    expect(roleOf({ roleSet: ['GOLD'] })).toBe('member');
    expect(roleOf({ roleSet: [] })).toBe('member');
  });

  it('stores the whole member login for an hour with its expiry, and notifies subscribers', () => {
    const listener = jest.fn();
    const unsubscribe = subscribe(listener);
    const result = loginResult();
    expect(saveSession(result, browser.now.ms)).toBe('member');
    expect(listener).toHaveBeenCalled();
    expect(readSession('member')).toEqual(result);
    // Stable snapshot for useSyncExternalStore.
    expect(readSession('member')).toBe(readSession('member'));
    expect(browser.cookies.get('member')?.expires).toBe(browser.now.ms + 3600_000);
    expect(localStorage.getItem(EXPIRES_KEY)).toBe(String(browser.now.ms + 3600_000));
    unsubscribe();
  });

  it('keeps admin and seller logins apart; store pages act as member, admin, seller in that order', () => {
    saveSession(loginResult({ roleSet: ['SELLER'] }));
    expect(activeRole('/')).toBe('seller');
    saveSession(loginResult({ roleSet: ['ADMIN'] }));
    expect(activeRole('/')).toBe('admin');
    expect(localStorage.getItem(EXPIRES_KEY)).toBeNull();
    saveSession(loginResult());
    expect(activeRole('/')).toBe('member');
    clearSession('member');
    expect(readSession('member')).toBeNull();
    expect(localStorage.getItem(EXPIRES_KEY)).toBeNull();
    expect(activeRole('/')).toBe('admin');
  });

  it("acts as a console's own role on its pages, whoever else is signed in", () => {
    saveSession(loginResult());
    expect(activeRole('/seller')).toBeNull();
    saveSession(loginResult({ roleSet: ['SELLER'] }));
    saveSession(loginResult({ roleSet: ['ADMIN'] }));
    expect(activeRole('/seller/orders')).toBe('seller');
    expect(activeRole('/admin')).toBe('admin');
    expect(activeRole('/product/1')).toBe('member');
    expect(activeRole('/sellers-corner')).toBe('member');
  });

  it('never stores a token a script could read', () => {
    saveSession({ ...loginResult(), accessToken: 'a.b.c', refreshToken: 'r' } as never);
    expect(browser.cookies.get('member')?.value).not.toMatch(/accessToken|refreshToken|a\.b\.c/);
    expect(readSession('member')).toEqual(loginResult());
  });

  it('the expiry check removes the member login once the recorded time has passed', () => {
    saveSession(loginResult(), browser.now.ms);
    expect(checkExpiry(browser.now.ms + 3599_000)).toBe(false);
    expect(readSession('member')).not.toBeNull();
    expect(checkExpiry(browser.now.ms + 3600_000)).toBe(true);
    expect(readSession('member')).toBeNull();
    expect(localStorage.getItem(EXPIRES_KEY)).toBeNull();
    expect(checkExpiry(browser.now.ms + 3601_000)).toBe(false);
  });

  it('ignores a cookie that is not a login result', () => {
    setCookie('member', 'not json');
    expect(readSession('member')).toBeNull();
    setCookie('member', JSON.stringify({ mno: 1 }));
    expect(readSession('member')).toBeNull();
  });

  it('reads document.cookie once per change, however often a render reads the session', () => {
    saveSession(loginResult());
    const jar = Object.getOwnPropertyDescriptor(document, 'cookie')!;
    let reads = 0;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => {
        reads++;
        return jar.get!.call(document) as string;
      },
      set: jar.set,
    });
    const readEverything = () => {
      for (let i = 0; i < 25; i++) SESSION_ROLES.forEach((role) => readSession(role));
      return activeRole();
    };

    expect(readEverything()).toBe('member');
    expect(reads).toBe(1);

    // This tab's own write is read back at once.
    saveSession(loginResult({ mno: 2, roleSet: ['ADMIN'] }));
    expect(readSession('admin')?.mno).toBe(2);
    expect(readEverything()).toBe('member');
    expect(reads).toBe(2);

    // Another tab signs the member out: the next expiry check reads the cookies again and tells.
    browser.cookies.delete('member');
    const listener = jest.fn();
    subscribe(listener);
    expect(checkExpiry()).toBe(false);
    expect(listener).toHaveBeenCalled();
    expect(readEverything()).toBe('admin');
    expect(reads).toBe(3);
  });
});
