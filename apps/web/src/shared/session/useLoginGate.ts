import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_REQUIRED_MESSAGE } from '../constants';
import { paths } from '../routing/paths';
import type { SessionMember } from './session-context';
import { readSession } from './sessionStore';

/**
 * Returns `gate(action)`: runs `action` with the signed-in member, or, when logged out, alerts that
 * login is required and goes to the login page instead. The login is read when the action comes,
 * not from the last render: on a page the server rendered, the first renders after hydration still
 * show the server's state (nobody signed in).
 */
export function useLoginGate(): (action: (member: SessionMember) => void) => void {
  const navigate = useNavigate();
  return useCallback(
    (action: (member: SessionMember) => void) => {
      const member = readSession('member');
      if (member) {
        action(member);
        return;
      }
      window.alert(LOGIN_REQUIRED_MESSAGE);
      navigate(paths.login);
    },
    [navigate],
  );
}
