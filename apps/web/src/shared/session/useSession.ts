import type { SignedIn } from '@mkt/contracts';
import { useSyncExternalStore } from 'react';
import { endServerSession } from '../api/http';
import { loginRequest } from '../api/members';
import { WrongRoleError, type Session } from './session-context';
import { clearSession, readSession, roleOf, saveSession, subscribe, type SessionRole } from './sessionStore';

export const LOGGED_OUT_MESSAGE = '로그아웃되었습니다.';
export const ALREADY_LOGGED_OUT_MESSAGE = '이미 로그아웃되었습니다.';

async function login(email: string, password: string, expectRole?: SessionRole): Promise<SignedIn> {
  const result = await loginRequest(email, password, expectRole ?? 'any');
  const role = roleOf(result);
  // The server started no session for an account of another role.
  if (expectRole && role !== expectRole) throw new WrongRoleError(role);
  saveSession(result);
  return result;
}

function logoutRole(role: SessionRole): boolean {
  const session = readSession(role);
  clearSession(role);
  if (!session) return false;
  // The state is already gone; the server ends the session and clears its HttpOnly cookies.
  void endServerSession(role).catch(() => undefined);
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
