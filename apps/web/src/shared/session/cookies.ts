/**
 * A tiny cookie helper on document.cookie: values are URI-encoded, every cookie lives on path=/
 * with SameSite=Lax. Reads and writes `document` lazily, so the module loads outside a browser.
 */

/**
 * document.cookie as last read. The browser serialises the whole jar at each read and a render
 * reads the session cookies dozens of times, so it is read once per change: again after this tab
 * writes a cookie, and after `rereadCookies()` says the jar may have changed otherwise (another
 * tab, an expiry: the session's 500 ms check and each click, key or submission say so).
 */
let jar: string | undefined;

/** The next read reads document.cookie again. */
export function rereadCookies(): void {
  jar = undefined;
}

export interface CookieOptions {
  /** Lifetime in seconds; omitted for a session cookie. */
  maxAgeSeconds?: number;
}

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  jar ??= document.cookie;
  for (const part of jar.split(';')) {
    const pair = part.trim();
    if (!pair.startsWith(prefix)) continue;
    try {
      return decodeURIComponent(pair.slice(prefix.length));
    } catch {
      return null;
    }
  }
  return null;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) {
    const seconds = Math.max(0, Math.floor(options.maxAgeSeconds));
    parts.push(`max-age=${seconds}`, `expires=${new Date(Date.now() + seconds * 1000).toUTCString()}`);
  }
  document.cookie = parts.join('; ');
  rereadCookies();
}

export function removeCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=; path=/; SameSite=Lax; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  rereadCookies();
}
