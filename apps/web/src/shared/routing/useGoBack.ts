import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from './paths';

/** True when the app itself navigated here (React Router numbers its history entries from 0). */
export function hasInAppHistory(): boolean {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return false;
  const { idx } = state as { idx?: unknown };
  return typeof idx === 'number' && idx > 0;
}

/** Returns `goBack()`: one page back when there is in-app history, else home. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasInAppHistory()) void navigate(-1);
    else void navigate(paths.home, { replace: true });
  }, [navigate]);
}
