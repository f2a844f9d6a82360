import type {
  JoinRequest,
  MemberDto,
  ModifyRequest,
  PageResult,
  SessionRole,
  SignedIn,
} from '@mkt/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { encodeBase64Id } from './base64Id';
import { http } from './http';

/** The member calls of the accounts screens (spec section 7). */

/**
 * POST /api/member/login: form fields username (the e-mail) and password. The server sets the
 * session's HttpOnly cookies when the account's role is `role` (`any`: whatever it is).
 */
export function loginRequest(email: string, password: string, role: SessionRole | 'any'): Promise<SignedIn> {
  const form = new URLSearchParams({ username: email, password });
  return http.post<SignedIn>('/api/member/login', form, { session: role, handleAuthErrors: false });
}

/** POST /api/member/password-reset: mails a reset link when the address has an account (the answer never tells). */
export function passwordResetRequest(email: string): Promise<unknown> {
  return http.post('/api/member/password-reset', { email }, { session: false, handleAuthErrors: false });
}

/** POST /api/member/password-reset/confirm: the link's token and the new password. */
export function passwordResetConfirm(token: string, password: string): Promise<unknown> {
  return http.post(
    '/api/member/password-reset/confirm',
    { token, password },
    { session: false, handleAuthErrors: false },
  );
}

/** POST /api/member/join. */
export function joinRequest(body: JoinRequest): Promise<MemberDto> {
  return http.post<MemberDto>('/api/member/join', body, { session: false, handleAuthErrors: false });
}

/** GET /api/member/info/{email}: own e-mail only. */
export function memberInfo(email: string, signal?: AbortSignal): Promise<MemberDto> {
  return http.get<MemberDto>(`/api/member/info/${encodeURIComponent(email)}`, { signal });
}

/** POST /api/member/check-password: `error` true means the password is wrong. */
export function checkPasswordRequest(email: string, password: string): Promise<{ error: boolean }> {
  return http.post<{ error: boolean }>('/api/member/check-password', { email, password });
}

/** PUT /api/member/modify: only the changed fields (plus now_pw and new_m_pw for a password change). */
export function modifyRequest(body: ModifyRequest): Promise<MemberDto> {
  return http.put<MemberDto>('/api/member/modify', body);
}

/** The admin's user management (spec 001 §2, §7). */
export const adminMemberKeys = {
  all: ['admin-members'] as const,
  list: (page: number) => ['admin-members', 'list', page] as const,
  one: (mno: number) => ['admin-members', 'one', mno] as const,
};

/** GET /api/member/list?page&size (admin). */
export function adminMemberListQuery(page: number, size: number) {
  return queryOptions({
    queryKey: adminMemberKeys.list(page),
    queryFn: () => http.get<PageResult<MemberDto>>('/api/member/list', { query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/{b64 mno} (admin). */
export function adminMemberQuery(mno: number) {
  return queryOptions({
    queryKey: adminMemberKeys.one(mno),
    queryFn: () => http.get<MemberDto>(`/api/admin/${encodeBase64Id(mno)}`),
  });
}

/** PUT /api/admin/ban/{b64 mno} or /api/admin/unban/{b64 mno} (admin): answers the member as it is now. */
export function setMemberBan(mno: number, banned: boolean): Promise<MemberDto> {
  return http.put<MemberDto>(`/api/admin/${banned ? 'ban' : 'unban'}/${encodeBase64Id(mno)}`);
}
