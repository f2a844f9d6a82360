import type { SessionRole, SignedIn } from '@mkt/contracts';
import { SESSION_ROLES, sessionRenewedCookie, sessionRoleOf } from '@mkt/contracts';
import { getCookie, removeCookie, rereadCookies, setCookie } from './cookies';

/**
 * The login state, kept where the spec keeps it: the login result in a cookie named after the role
 * (member, seller, admin) for 1 hour; a member login also records its expiry in localStorage
 * ('expires'), checked every 500 ms. The tokens are not in it: the server keeps them in HttpOnly
 * cookies of the role, which no script reads. Plain module state plus a listener set, so React
 * reads it with useSyncExternalStore and the HTTP client reads it without React.
 */

export type { SessionRole };
export { SESSION_ROLES };
/** The order the HTTP client picks a session in on the store's pages (spec section 6). */
export const CREDENTIAL_ORDER: readonly SessionRole[] = ['member', 'admin', 'seller'];
/** Pages of a console act as that console's role, whoever else is signed in. */
const CONSOLE_ROLES: readonly { prefix: string; role: SessionRole }[] = [
  { prefix: '/seller', role: 'seller' },
  { prefix: '/admin', role: 'admin' },
];

export const SESSION_COOKIE_SECONDS = 60 * 60;
export const EXPIRES_KEY = 'expires';
export const EXPIRY_CHECK_MS = 500;
export const LOGIN_EXPIRED_MESSAGE = '로그인이 만료되었습니다. 다시 로그인해 주세요.';

/** ADMIN -> admin, SELLER -> seller, any grade (USER, SILVER, ...) -> member. */
export function roleOf(result: Pick<SignedIn, 'roleSet'>): SessionRole {
  return sessionRoleOf(result.roleSet);
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isSignedIn(value: unknown): value is SignedIn {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.mno === 'number' && Array.isArray(record.roleSet);
}

// Parsed cookies are cached by their raw text so snapshots stay referentially stable.
const cache = new Map<SessionRole, { raw: string | null; value: SignedIn | null }>();

/** The stored login result of a role, or null. */
export function readSession(role: SessionRole): SignedIn | null {
  const raw = getCookie(role);
  const cached = cache.get(role);
  if (cached && cached.raw === raw) return cached.value;
  let value: SignedIn | null = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      value = isSignedIn(parsed) ? parsed : null;
    } catch {
      value = null;
    }
  }
  cache.set(role, { raw, value });
  return value;
}

const listeners = new Set<() => void>();

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Remaining lifetime of the member cookie, from the recorded expiry (1 hour when none is recorded). */
function memberSecondsLeft(now: number): number {
  const expires = Number(storage()?.getItem(EXPIRES_KEY));
  if (!Number.isFinite(expires) || expires <= now) return SESSION_COOKIE_SECONDS;
  return Math.ceil((expires - now) / 1000);
}

/** Stores a successful login under its role's cookie for 1 hour (never a token); returns the role. */
export function saveSession(result: SignedIn, now = Date.now()): SessionRole {
  const role = roleOf(result);
  // A spec-shaped answer may carry tokens: they never go where a script can read them.
  const visible: Record<string, unknown> = { ...result };
  delete visible.accessToken;
  delete visible.refreshToken;
  setCookie(role, JSON.stringify(visible), { maxAgeSeconds: SESSION_COOKIE_SECONDS });
  if (role === 'member') storage()?.setItem(EXPIRES_KEY, String(now + SESSION_COOKIE_SECONDS * 1000));
  emit();
  return role;
}

/**
 * Replaces visible fields of a stored login (after a profile edit); tokens, roleSet and the
 * member's recorded expiry are kept.
 */
export function updateStoredMember(
  role: SessionRole,
  fields: Partial<Omit<SignedIn, 'roleSet'>>,
  now = Date.now(),
): boolean {
  const current = readSession(role);
  if (!current) return false;
  const next: SignedIn = { ...current, ...fields, roleSet: current.roleSet };
  const seconds = role === 'member' ? memberSecondsLeft(now) : SESSION_COOKIE_SECONDS;
  setCookie(role, JSON.stringify(next), { maxAgeSeconds: seconds });
  emit();
  return true;
}

export function clearSession(role: SessionRole): void {
  removeCookie(role);
  if (role === 'member') storage()?.removeItem(EXPIRES_KEY);
  emit();
}

/**
 * When the server last renewed the role's session cookies, as the jar holds it now (read afresh:
 * another tab may have renewed them); null when it never said.
 */
export function sessionRenewal(role: SessionRole): string | null {
  rereadCookies();
  return getCookie(sessionRenewedCookie(role));
}

/**
 * The session a call of the current page acts as: on a console's pages that console's role (signed
 * in or not); elsewhere the member's, else the admin's, else the seller's (spec section 6).
 */
export function activeRole(
  pathname = typeof location === 'undefined' ? '/' : location.pathname,
): SessionRole | null {
  const consolePage = CONSOLE_ROLES.find(
    ({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
  if (consolePage) return readSession(consolePage.role) ? consolePage.role : null;
  return CREDENTIAL_ORDER.find((role) => readSession(role)) ?? null;
}

/**
 * One tick of the expiry check: when the recorded member expiry has passed, the cookie and the
 * record are removed and true is returned (the caller alerts and reloads). It also notices cookie
 * changes made elsewhere (another tab, the browser expiring a cookie: the cookies are read again)
 * and notifies subscribers.
 */
export function checkExpiry(now = Date.now()): boolean {
  rereadCookies();
  const store = storage();
  const recorded = store?.getItem(EXPIRES_KEY);
  if (recorded) {
    const expires = Number(recorded);
    if (!Number.isFinite(expires) || expires <= now) {
      removeCookie('member');
      store?.removeItem(EXPIRES_KEY);
      emit();
      return true;
    }
  }
  const before = SESSION_ROLES.map((role) => cache.get(role)?.value);
  const changed = SESSION_ROLES.some((role, i) => readSession(role) !== before[i]);
  if (changed) emit();
  return false;
}

/** What a person does that may act on the login: the cookies are read again before any handler of it. */
const INTERACTIONS = ['click', 'keydown', 'submit'] as const;

/**
 * Starts the 500 ms expiry check; on expiry alerts and reloads. A click, key or form submission
 * first has the cookies read again, so what it does sees a login ended elsewhere (another tab, a
 * cleared cookie) at once, not at the next check. Returns the stop function.
 */
export function startExpiryWatch(
  onExpired: () => void = () => {
    window.alert(LOGIN_EXPIRED_MESSAGE);
    window.location.reload();
  },
): () => void {
  const timer = setInterval(() => {
    if (checkExpiry()) onExpired();
  }, EXPIRY_CHECK_MS);
  for (const type of INTERACTIONS) document.addEventListener(type, rereadCookies, true);
  return () => {
    clearInterval(timer);
    for (const type of INTERACTIONS) document.removeEventListener(type, rereadCookies, true);
  };
}
