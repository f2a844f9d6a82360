import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { SessionContext, type Session, type SessionMember } from './session-context';

/**
 * Holds the login state. Login itself (cookies, token refresh, expiry check) arrives in a later
 * issue; until then nobody is logged in and the header renders the logged-out state.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [member, setMember] = useState<SessionMember | null>(null);

  const logout = useCallback(() => {
    if (!member) {
      window.alert('이미 로그아웃되었습니다.');
      return;
    }
    setMember(null);
    window.alert('로그아웃되었습니다.');
  }, [member]);

  const value = useMemo<Session>(() => ({ member, logout }), [member, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
