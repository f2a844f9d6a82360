import type { LoginResult } from '@mkt/contracts';
import { useSyncExternalStore } from 'react';
import { loginRequest, logoutRequest } from '../api/members';
import { WrongRoleError, type Session } from './session-context';
import { clearSession, readSession, roleOf, saveSession, subscribe, type SessionRole } from './sessionStore';

export const LOGGED_OUT_MESSAGE = '로그아웃되었습니다.';
export const ALREADY_LOGGED_OUT_MESSAGE = '이미 로그아웃되었습니다.';

async function login(email: string, password: string, expectRole?: SessionRole): Promise<LoginResult> {
  const result = await loginRequest(email, password);
  const role = roleOf(result);
  if (expectRole && role !== expectRole) {
    // Not stored: give the issued refresh token back.
    void logoutRequest(result.accessToken, result.refreshToken).catch(() => undefined);
    throw new WrongRoleError(role);
  }
  saveSession(result);
  return result;
}

function logoutRole(role: SessionRole): boolean {
  const session = readSession(role);
  clearSession(role);
  if (!session) return false;
  // The cookie is already gone; the server-side revocation may fail without consequence.
  void logoutRequest(session.accessToken, session.refreshToken).catch(() => undefined);
  return true;
}

function logout(): void {
  window.alert(logoutRole('member') ? LOGGED_OUT_MESSAGE : ALREADY_LOGGED_OUT_MESSAGE);
}

const readMember = () => readSession('member');
const readAdmin = () => readSession('admin');
const readSeller = () => readSession('seller');
const readNone = () => null;

/** The current session, read from the role cookies and re-rendered when they change. */
export function useSession(): Session {
  const member = useSyncExternalStore(subscribe, readMember, readNone);
  const admin = useSyncExternalStore(subscribe, readAdmin, readNone);
  const seller = useSyncExternalStore(subscribe, readSeller, readNone);
  return { member, admin, seller, login, logout, logoutRole };
}
