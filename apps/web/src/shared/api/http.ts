import { AuthErrors } from '@mkt/contracts';
import { activeRole, clearSession, sessionRenewal, type SessionRole } from '../session/sessionStore';
import { redirectForAuth } from './authRedirect';

/**
 * The storefront's HTTP client: same-origin fetch, JSON in and out. A non-2xx answer rejects with
 * an {@link HttpError} carrying the status and the server's `message`. No timeout (spec section 9).
 *
 * Every call names the session it acts as in `X-Mkt-Session`: on a console's pages that console's
 * role, elsewhere the member's, else the admin's, else the seller's (spec section 6). The tokens
 * themselves are HttpOnly cookies the server set, which no script here can read. An expired
 * access token (ERROR_TOKEN_ACCESS) is refreshed once (one refresh at a time per role, across the
 * browser's tabs) and the call retried once; REQUIRED_LOGIN and ERROR_ACCESS_DENIED alert and send
 * the visitor to the login page; an ended session (ERROR_SESSION_ENDED: a ban, a password change elsewhere) signs that role
 * out, says why once, and goes to the role's login page (see ./authRedirect).
 */

/** The header naming the session a call acts as (the BFF's WEB_SESSION_HEADER). */
export const SESSION_HEADER = 'X-Mkt-Session';

/** Base path of every call: the BFF is served from the same origin as the web app. */
export const API_BASE = '';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON unless it is FormData or URLSearchParams. */
  body?: unknown;
  credentials?: RequestCredentials;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The session the call acts as: by default the page's (see the top of this file); `any` for a
   * sign-in that takes the account's own role; false for none.
   */
  session?: SessionRole | 'any' | false;
  /** false: no refresh-and-retry, alerts or redirects for auth errors (login, refresh, logout). */
  handleAuthErrors?: boolean;
}

export class HttpError extends Error {
  readonly status: number;
  /** The server's error code when it sends one (`error` or `err`, e.g. REQUIRED_LOGIN). */
  readonly code: string | undefined;
  /** The parsed response body. */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown, code?: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.code = code;
  }
}

/** Read by status, not class: a not-found the server rendered arrives as its JSON (app/serverState.ts). */
export function isNotFoundError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Partial<HttpError>).status === 404;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(body: unknown, response: Response): string {
  if (isRecord(body)) {
    const { message } = body;
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && message.length > 0) return message.map(String).join(', ');
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return `요청에 실패했습니다 (HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
}

function codeOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of ['err', 'error', 'code'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

export const LOGIN_REQUIRED_ALERT = '로그인이 필요합니다.';
export const ACCESS_DENIED_ALERT = '해당 메뉴에 대한 권한이 없습니다.';
export const LOGIN_PATH = '/member/login';

function send(path: string, options: RequestOptions, session: SessionRole | 'any' | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  if (session) headers.set(SESSION_HEADER, session);
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: encodeBody(options.body, headers),
    credentials: options.credentials ?? 'same-origin',
    signal: options.signal,
  });
}

async function toError(response: Response): Promise<HttpError> {
  const body = await readBody(response);
  return new HttpError(response.status, messageOf(body, response), body, codeOf(body));
}

const refreshing = new Map<SessionRole, Promise<boolean>>();

/** The login page of a role's session. */
export function loginPathOf(role: SessionRole): string {
  return role === 'member' ? LOGIN_PATH : `/${role}/login`;
}

/**
 * Runs `refresh` under the role's Web Lock, so the browser's tabs renew a session one at a time: a
 * tab whose call went out before another tab's refresh ended finds the session's renewal cookie
 * changed and skips its own. Without Web Locks (a plain-http address other than localhost) the tabs
 * may send the same refresh token at once, which the server answers alike within a grace
 * (RefreshSessions).
 */
async function oneRefreshAcrossTabs(
  role: SessionRole,
  renewalWhenSent: string | null,
  refresh: () => Promise<unknown>,
): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) {
    await refresh();
    return;
  }
  await locks.request(`mkt-refresh-${role}`, async () => {
    if (sessionRenewal(role) !== renewalWhenSent) return;
    await refresh();
  });
}

/**
 * GET /api/member/refresh as the role: the server rotates the role's HttpOnly cookies. Callers that
 * hit an expired token at the same time share one refresh, in this tab and across tabs (a call sent
 * when the session's renewal was `renewalWhenSent` is served by any renewal since). On failure the
 * role's login is cleared and the visitor is sent to the login page.
 */
export function refreshSession(role: SessionRole, renewalWhenSent: string | null): Promise<boolean> {
  let pending = refreshing.get(role);
  if (!pending) {
    pending = (async () => {
      try {
        await oneRefreshAcrossTabs(role, renewalWhenSent, () =>
          request('/api/member/refresh', { session: role, handleAuthErrors: false }),
        );
        return true;
      } catch {
        clearSession(role);
        redirectForAuth(loginPathOf(role));
        return false;
      }
    })().finally(() => {
      refreshing.delete(role);
    });
    refreshing.set(role, pending);
  }
  return pending;
}

/** POST /api/member/logout as the role: the server ends its session and clears its cookies. */
export function endServerSession(role: SessionRole): Promise<unknown> {
  return request('/api/member/logout', { method: 'POST', session: role, handleAuthErrors: false });
}

/** A session the server ended: sign the role out here too, say why once, and go to its login page. */
function signOutEnded(role: SessionRole, message: string): void {
  clearSession(role);
  void endServerSession(role).catch(() => undefined);
  redirectForAuth(loginPathOf(role), message);
}

/**
 * The auth handling of every call (see the top of this file), for callers that read the body
 * themselves (a stream): resolves with the successful response, body unread; rejects with an
 * {@link HttpError}.
 */
export async function authorizedFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const handle = options.handleAuthErrors !== false;
  const session = options.session === undefined ? activeRole() : options.session || null;
  const role = session === 'any' ? null : session;

  const renewalWhenSent = role ? sessionRenewal(role) : null;
  let response = await send(path, options, session);
  if (response.ok) return response;

  let error = await toError(response);
  if (handle && error.code === AuthErrors.tokenExpired && role) {
    if (await refreshSession(role, renewalWhenSent)) {
      response = await send(path, options, role);
      if (response.ok) return response;
      error = await toError(response);
    }
  }
  if (handle && error.code === AuthErrors.sessionEnded && role) {
    signOutEnded(role, error.message);
  } else if (handle && error.code === AuthErrors.requiredLogin) {
    redirectForAuth(`${LOGIN_PATH}?error=${AuthErrors.requiredLogin}`, LOGIN_REQUIRED_ALERT);
  } else if (handle && error.code === AuthErrors.accessDenied) {
    redirectForAuth(LOGIN_PATH, ACCESS_DENIED_ALERT);
  }
  throw error;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await authorizedFetch(path, options);
  // The server's contract (libs/contracts) is the source of truth for the shape.
  return (await readBody(response)) as T;
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
