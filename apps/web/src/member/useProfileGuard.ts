import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGoBack } from '../shared/routing/useGoBack';
import { LOGIN_REQUIRED_MESSAGE } from '../shared/constants';
import { paths } from '../shared/routing/paths';
import { readSession, useSession, type SessionMember } from '../shared/session';
import { SNS_CANNOT_MODIFY_MESSAGE } from './profileMessages';

/**
 * The profile screens' entry check, once on open: logged out alerts that login is required and
 * goes to the login page; a social sign-in member alerts that SNS members cannot edit and goes
 * back (home when the sign-in itself brought them here). Returns the member the page may serve, or null while it is being sent away.
 */
export function useProfileGuard(): SessionMember | null {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const checked = useRef(false);
  const { member } = useSession();
  const allowed = member && !member.formSns ? member : null;

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const current = readSession('member');
    if (!current) {
      window.alert(LOGIN_REQUIRED_MESSAGE);
      void navigate(paths.login, { replace: true });
    } else if (current.formSns) {
      window.alert(SNS_CANNOT_MODIFY_MESSAGE);
      goBack();
    }
  }, [navigate, goBack]);

  return allowed;
}
