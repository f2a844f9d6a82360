import { http } from './http';

/** Counts a visit for the admin dashboard. No body; cookies go along. */
export function postVisitorLog(): Promise<unknown> {
  return http.post<unknown>('/api/admin/visitor/log', undefined, { credentials: 'include' });
}
