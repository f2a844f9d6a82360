import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_REQUIRED_MESSAGE } from '../constants';
import { paths } from '../routing/paths';
import { useSession } from './useSession';

/**
 * Returns `go(path)`: navigates to a login-gated page, or, when logged out, alerts that login is
 * required and goes to the login page instead.
 */
export function useRequireLogin(): (path: string) => void {
  const { member } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (path: string) => {
      if (member) {
        navigate(path);
        return;
      }
      window.alert(LOGIN_REQUIRED_MESSAGE);
      navigate(paths.login);
    },
    [member, navigate],
  );
}
