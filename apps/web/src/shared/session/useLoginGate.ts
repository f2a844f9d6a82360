import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_REQUIRED_MESSAGE } from '../constants';
import { paths } from '../routing/paths';
import type { SessionMember } from './session-context';
import { useSession } from './useSession';

/**
 * Returns `gate(action)`: runs `action` with the signed-in member, or, when logged out, alerts that
 * login is required and goes to the login page instead.
 */
export function useLoginGate(): (action: (member: SessionMember) => void) => void {
  const { member } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (action: (member: SessionMember) => void) => {
      if (member) {
        action(member);
        return;
      }
      window.alert(LOGIN_REQUIRED_MESSAGE);
      navigate(paths.login);
    },
    [member, navigate],
  );
}
