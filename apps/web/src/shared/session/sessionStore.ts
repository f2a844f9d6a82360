import type { LoginResult } from '@mkt/contracts';
import { getCookie, removeCookie, setCookie } from './cookies';

/**
 * The login state, kept where the spec keeps it: the whole login result in a cookie named after
 * the role (member, seller, admin) for 1 hour; a member login also records its expiry in
 * localStorage ('expires'), checked every 500 ms. Plain module state plus a listener set, so React
 * reads it with useSyncExternalStore and the HTTP client reads it without React.
 */

export type SessionRole = 'member' | 'seller' | 'admin';

export const SESSION_ROLES: readonly SessionRole[] = ['member', 'seller', 'admin'];
/** The order the HTTP client looks for a bearer token in (spec section 6). */
export const CREDENTIAL_ORDER: readonly SessionRole[] = ['member', 'admin', 'seller'];

export const SESSION_COOKIE_SECONDS = 60 * 60;
export const EXPIRES_KEY = 'expires';
export const EXPIRY_CHECK_MS = 500;
export const LOGIN_EXPIRED_MESSAGE = '로그인이 만료되었습니다. 다시 로그인해 주세요.';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** ADMIN -> admin, SELLER -> seller, any grade (USER, SILVER, ...) -> member. */
export function roleOf(result: Pick<LoginResult, 'roleSet'>): SessionRole {
  const first = result.roleSet?.[0];
  if (first === 'ADMIN') return 'admin';
  if (first === 'SELLER') return 'seller';
  return 'member';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isLoginResult(value: unknown): value is LoginResult {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.accessToken === 'string' && typeof record.refreshToken === 'string';
}

// Parsed cookies are cached by their raw text so snapshots stay referentially stable.
const cache = new Map<SessionRole, { raw: string | null; value: LoginResult | null }>();

/** The stored login result of a role, or null. */
export function readSession(role: SessionRole): LoginResult | null {
  const raw = getCookie(role);
  const cached = cache.get(role);
  if (cached && cached.raw === raw) return cached.value;
  let value: LoginResult | null = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      value = isLoginResult(parsed) ? parsed : null;
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

/** Stores a successful login under its role's cookie for 1 hour; returns the role. */
export function saveSession(result: LoginResult, now = Date.now()): SessionRole {
  const role = roleOf(result);
  setCookie(role, JSON.stringify(result), { maxAgeSeconds: SESSION_COOKIE_SECONDS });
  if (role === 'member') storage()?.setItem(EXPIRES_KEY, String(now + SESSION_COOKIE_SECONDS * 1000));
  emit();
  return role;
}

/**
 * Replaces the tokens of a stored login (after a refresh: the refresh token rotates). The cookie
 * keeps the member's recorded expiry; admin and seller cookies get a fresh hour.
 */
export function updateTokens(role: SessionRole, tokens: SessionTokens, now = Date.now()): boolean {
  const current = readSession(role);
  if (!current) return false;
  const next: LoginResult = {
    ...current,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  };
  const seconds = role === 'member' ? memberSecondsLeft(now) : SESSION_COOKIE_SECONDS;
  setCookie(role, JSON.stringify(next), { maxAgeSeconds: seconds });
  emit();
  return true;
}

/**
 * Replaces visible fields of a stored login (after a profile edit); tokens, roleSet and the
 * member's recorded expiry are kept.
 */
export function updateStoredMember(
  role: SessionRole,
  fields: Partial<Omit<LoginResult, 'accessToken' | 'refreshToken' | 'roleSet'>>,
  now = Date.now(),
): boolean {
  const current = readSession(role);
  if (!current) return false;
  const next: LoginResult = {
    ...current,
    ...fields,
    accessToken: current.accessToken,
    refreshToken: current.refreshToken,
    roleSet: current.roleSet,
  };
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

/** The credential a request carries: the member cookie first, then admin, then seller. */
export function currentCredential(): { role: SessionRole; session: LoginResult } | null {
  for (const role of CREDENTIAL_ORDER) {
    const session = readSession(role);
    if (session) return { role, session };
  }
  return null;
}

/**
 * One tick of the expiry check: when the recorded member expiry has passed, the cookie and the
 * record are removed and true is returned (the caller alerts and reloads). It also notices cookie
 * changes made elsewhere (another tab, the browser expiring a cookie) and notifies subscribers.
 */
export function checkExpiry(now = Date.now()): boolean {
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

/** Starts the 500 ms expiry check; on expiry alerts and reloads. Returns the stop function. */
export function startExpiryWatch(
  onExpired: () => void = () => {
    window.alert(LOGIN_EXPIRED_MESSAGE);
    window.location.reload();
  },
): () => void {
  const timer = setInterval(() => {
    if (checkExpiry()) onExpired();
  }, EXPIRY_CHECK_MS);
  return () => clearInterval(timer);
}
