import { http } from './http';

/**
 * Counts a visit for the admin dashboard. No body; cookies go along. Its failures only reach the
 * console (spec section 8), so auth errors never alert or redirect here.
 */
export function postVisitorLog(): Promise<unknown> {
  return http.post<unknown>('/api/admin/visitor/log', undefined, {
    credentials: 'include',
    handleAuthErrors: false,
  });
}
