import { useEffect, type ReactNode } from 'react';
import { endServerSession } from '../api/http';
import { LOGIN_EXPIRED_MESSAGE, startExpiryWatch } from './sessionStore';

/**
 * Runs the session's expiry check (every 500 ms; when the member login's recorded expiry passes
 * it is removed, an alert says so and the page reloads). The state itself lives in the cookies
 * and is read with useSession().
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  useEffect(
    () =>
      startExpiryWatch(() => {
        window.alert(LOGIN_EXPIRED_MESSAGE);
        // The server's cookies of the member session go too, before the page reloads.
        void endServerSession('member')
          .catch(() => undefined)
          .finally(() => window.location.reload());
      }),
    [],
  );
  return children;
}
