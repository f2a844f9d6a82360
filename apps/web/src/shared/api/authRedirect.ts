/**
 * Where the HTTP client sends the visitor on an auth error, without knowing about pages: the app
 * registers a navigate function (the router's), tests register their own. Until one is registered
 * it falls back to a full page load. Alerts go through the same seam so tests can record them.
 */

export type AuthNavigate = (to: string) => void;
export type AuthAlert = (message: string) => void;

const fallbackNavigate: AuthNavigate = (to) => window.location.assign(to);
const fallbackAlert: AuthAlert = (message) => window.alert(message);

let navigateTo: AuthNavigate = fallbackNavigate;
let alertWith: AuthAlert = fallbackAlert;
let lastRedirectAt = -Infinity;

/** Several calls failing together (parallel queries) alert and redirect once. */
export const AUTH_REDIRECT_DEDUPE_MS = 1000;

/** Registers the navigate (and alert) functions; returns a function restoring the fallbacks. */
export function setAuthNavigator(navigate: AuthNavigate, alert?: AuthAlert): () => void {
  navigateTo = navigate;
  if (alert) alertWith = alert;
  lastRedirectAt = -Infinity;
  return () => {
    if (navigateTo === navigate) navigateTo = fallbackNavigate;
    if (alert && alertWith === alert) alertWith = fallbackAlert;
  };
}

/** Alerts (when a message is given) and navigates to `to`. */
export function redirectForAuth(to: string, message?: string, now = Date.now()): void {
  if (now - lastRedirectAt < AUTH_REDIRECT_DEDUPE_MS) return;
  lastRedirectAt = now;
  if (message) alertWith(message);
  navigateTo(to);
}
