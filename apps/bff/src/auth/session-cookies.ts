import type { IncomingMessage } from 'node:http';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { SESSION_ROLES, sessionRenewedCookie, type SessionRole } from '@mkt/contracts';

/**
 * Our web app's sessions: the tokens live in HttpOnly cookies the server sets, one pair per role
 * (the spec keeps one session per role), so no script can read them. Every call of the web app
 * names the role it acts as in this header; without it these cookies sign nobody in. A page of
 * another site can neither set the header nor (SameSite=Strict) send the cookies.
 * `any` (a sign-in only) takes whatever role the account has.
 */
export const WEB_SESSION_HEADER = 'x-mkt-session';

/** A login lasts an hour, as the spec's cookie does; the access token inside is renewed by refresh. */
export const WEB_SESSION_SECONDS = 60 * 60;

export const accessCookie = (role: SessionRole) => `mkt-${role}-access`;
export const refreshCookie = (role: SessionRole) => `mkt-${role}-refresh`;
/** The refresh cookie goes only to refresh and logout. */
const REFRESH_PATH = '/api/member';

/** The cookies the spec's client writes itself (the whole login answer as JSON), in the order it prefers them. */
export const SPEC_SESSION_COOKIES = ['member', 'admin', 'seller'] as const;

// Secure: browsers keep such cookies on https and on http://localhost / 127.0.0.1 alike.
const base: CookieSerializeOptions = { httpOnly: true, secure: true, sameSite: 'strict' };
const scriptReadable: CookieSerializeOptions = { ...base, httpOnly: false, path: '/' };

export function parseCookies(request: Pick<IncomingMessage, 'headers'>): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

/** The role our web app's call acts as, `any` for a sign-in taking the account's role, null for other clients. */
export function webSessionRole(request: Pick<IncomingMessage, 'headers'>): SessionRole | 'any' | null {
  const value = request.headers[WEB_SESSION_HEADER];
  if (value === 'any') return 'any';
  return SESSION_ROLES.find((role) => role === value) ?? null;
}

/** Whether a call may be signed in by a cookie (ours or the spec client's) rather than a bearer header. */
export function mayUseSessionCookie(request: Pick<IncomingMessage, 'headers'>): boolean {
  if (webSessionRole(request)) return true;
  const cookies = parseCookies(request);
  return SPEC_SESSION_COOKIES.some((name) => cookies.has(name));
}

export function setSessionCookies(
  reply: FastifyReply,
  role: SessionRole,
  accessToken: string,
  refreshToken: string,
) {
  const maxAge = WEB_SESSION_SECONDS;
  reply.setCookie(accessCookie(role), accessToken, { ...base, path: '/', maxAge });
  reply.setCookie(refreshCookie(role), refreshToken, { ...base, path: REFRESH_PATH, maxAge });
  reply.setCookie(sessionRenewedCookie(role), String(Date.now()), { ...scriptReadable, maxAge });
}

export function clearSessionCookies(reply: FastifyReply, role: SessionRole) {
  reply.clearCookie(accessCookie(role), { ...base, path: '/' });
  reply.clearCookie(refreshCookie(role), { ...base, path: REFRESH_PATH });
  reply.clearCookie(sessionRenewedCookie(role), scriptReadable);
}
