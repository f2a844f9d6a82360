import type { JoinRequest, LoginResult, MemberDto, ModifyRequest, PageResult } from '@mkt/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { encodeBase64Id } from './base64Id';
import { http } from './http';

/** The member calls of the accounts screens (spec section 7). */

/** POST /api/member/login: form fields username (the e-mail) and password. */
export function loginRequest(email: string, password: string): Promise<LoginResult> {
  const form = new URLSearchParams({ username: email, password });
  return http.post<LoginResult>('/api/member/login', form, { bearer: false, handleAuthErrors: false });
}

/** POST /api/member/logout with the login's own access token; the refresh token is revoked. */
export function logoutRequest(accessToken: string, refreshToken: string): Promise<unknown> {
  return http.post<unknown>(
    '/api/member/logout',
    { refreshToken },
    { bearer: accessToken, handleAuthErrors: false },
  );
}

/** POST /api/member/join. */
export function joinRequest(body: JoinRequest): Promise<MemberDto> {
  return http.post<MemberDto>('/api/member/join', body, { bearer: false, handleAuthErrors: false });
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
