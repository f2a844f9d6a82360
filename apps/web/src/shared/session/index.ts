export { SessionProvider } from './SessionProvider';
export { useSession } from './useSession';
export { useLoginGate } from './useLoginGate';
export { useRequireLogin } from './useRequireLogin';
export { useCartCount } from './useCartCount';
export type { Session, SessionMember } from './session-context';
