import { useContext } from 'react';
import { SessionContext, type Session } from './session-context';

const LOGGED_OUT: Session = { member: null, logout: () => undefined };

/** The current session; `{ member: null }` when logged out (or outside a SessionProvider). */
export function useSession(): Session {
  return useContext(SessionContext) ?? LOGGED_OUT;
}
