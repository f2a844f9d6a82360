export { SessionProvider } from './SessionProvider';
export { useSession, LOGGED_OUT_MESSAGE, ALREADY_LOGGED_OUT_MESSAGE } from './useSession';
export { useLoginGate } from './useLoginGate';
export { useRequireLogin } from './useRequireLogin';
export { useCartCount } from './useCartCount';
export { WrongRoleError } from './session-context';
export type { Session, SessionMember } from './session-context';
export {
  clearSession,
  readSession,
  roleOf,
  saveSession,
  updateStoredMember,
  type SessionRole,
} from './sessionStore';
export { getCookie, removeCookie, setCookie } from './cookies';
