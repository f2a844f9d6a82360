import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_REQUIRED_MESSAGE } from '../shared/constants';
import { paths } from '../shared/routing/paths';
import { useSession, type SessionMember } from '../shared/session';

/** The checkout pages' member; logged out, they alert that login is required and go home (spec 001 section 6). */
export function useCheckoutMember(): SessionMember | null {
  const { member } = useSession();
  const navigate = useNavigate();
  const sentHome = useRef(false);

  useEffect(() => {
    if (member || sentHome.current) return;
    sentHome.current = true;
    window.alert(LOGIN_REQUIRED_MESSAGE);
    void navigate(paths.home, { replace: true });
  }, [member, navigate]);

  return member;
}
