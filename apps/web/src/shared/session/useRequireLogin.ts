import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoginGate } from './useLoginGate';

/**
 * Returns `go(path)`: navigates to a login-gated page, or, when logged out, alerts that login is
 * required and goes to the login page instead.
 */
export function useRequireLogin(): (path: string) => void {
  const gate = useLoginGate();
  const navigate = useNavigate();
  return useCallback((path: string) => gate(() => navigate(path)), [gate, navigate]);
}
