import type { SignedIn } from '@mkt/contracts';
import type { SessionRole } from './sessionStore';

/** The signed-in member: the login result (without tokens) as stored in the member cookie. */
export type SessionMember = SignedIn;

export interface Session {
  /** The member login; null while logged out. */
  member: SessionMember | null;
  /** The admin and seller logins of the console pages. */
  admin: SignedIn | null;
  seller: SignedIn | null;
  /**
   * Logs in with e-mail and password and stores the result under its role's cookie. With
   * `expectRole`, a result of another role is not stored and rejects with {@link WrongRoleError}.
   */
  login: (email: string, password: string, expectRole?: SessionRole) => Promise<SignedIn>;
  /** Member logout: alerts '이미 로그아웃되었습니다.' or '로그아웃되었습니다.'. */
  logout: () => void;
  /** Clears a role's login (cookie and server refresh token); false when it was not logged in. */
  logoutRole: (role: SessionRole) => boolean;
}

export class WrongRoleError extends Error {
  readonly role: SessionRole;

  constructor(role: SessionRole) {
    super(`the account is a ${role} account`);
    this.name = 'WrongRoleError';
    this.role = role;
  }
}
