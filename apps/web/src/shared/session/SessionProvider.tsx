import { useEffect, type ReactNode } from 'react';
import { startExpiryWatch } from './sessionStore';

/**
 * Runs the session's expiry check (every 500 ms; when the member login's recorded expiry passes
 * it is removed, an alert says so and the page reloads). The state itself lives in the cookies
 * and is read with useSession().
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  useEffect(() => startExpiryWatch(), []);
  return children;
}
