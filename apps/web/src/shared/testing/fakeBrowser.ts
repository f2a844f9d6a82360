import type { SignedIn } from '@mkt/contracts';
import { rereadCookies } from '../session/cookies';

/** Test doubles for the node-environment unit tests of the session and the HTTP client. */

/** A document.cookie that behaves like the browser's for name=value, max-age and expiry. */
export function installFakeBrowser(): {
  cookies: Map<string, { value: string; expires: number }>;
  now: { ms: number };
  /** The page's path, which decides the session calls act as. */
  location: { pathname: string };
} {
  const now = { ms: Date.now() };
  const cookies = new Map<string, { value: string; expires: number }>();
  const document = {};
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () =>
      [...cookies.entries()]
        .filter(([, cookie]) => cookie.expires > now.ms)
        .map(([name, cookie]) => `${name}=${cookie.value}`)
        .join('; '),
    set: (text: string) => {
      const [pair, ...attributes] = text.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      let expires = Infinity;
      for (const attribute of attributes) {
        const [key, value] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') expires = now.ms + Number(value) * 1000;
      }
      if (expires <= now.ms) cookies.delete(name);
      else cookies.set(name, { value: pair.slice(eq + 1), expires });
    },
  });
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
  const location = { pathname: '/' };
  Object.assign(globalThis, { document, localStorage, location });
  // A new document: the cookies the last one had are not its.
  rereadCookies();
  return { cookies, now, location };
}

/** A login answer as the server gives our web app: the member and roleSet, no token. */
export function loginResult(overrides: Partial<SignedIn> = {}): SignedIn {
  return {
    mno: 1,
    email: 'user@dealmarket.kr',
    m_email: 'user@dealmarket.kr',
    m_name: '김딜러',
    m_nickname: '딜러',
    m_phoNum: '01012345678',
    def_addr: '(06236) 서울 강남구 테헤란로 123; 4층',
    isMan: true,
    ad_agree: false,
    info_agree: true,
    totalPay: 0,
    membership: ['USER'],
    birth: null,
    formSns: false,
    isBan: false,
    role: 'MEMBER',
    businessName: null,
    roleSet: ['USER'],
    ...overrides,
  };
}
