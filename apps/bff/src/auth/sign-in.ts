import { Inject, Injectable } from '@nestjs/common';
import type { LoginResult, MemberDto } from '@mkt/contracts';
import { roleSetOf } from '@mkt/contracts';
import { signAccessToken } from './access-tokens';
import { AUTH_SETTINGS, type AuthSettings } from './auth-settings';
import type { SessionClaims } from './refresh-sessions';
import { RefreshSessions } from './refresh-sessions';

function claimsOf(member: MemberDto): SessionClaims {
  return { mno: member.mno, email: member.email, role: member.role, roleSet: roleSetOf(member) };
}

/** Turns a member who proved who they are (password or social provider) into a signed-in session. */
@Injectable()
export class SignIn {
  constructor(
    private readonly sessions: RefreshSessions,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {}

  /** The login answer: the member's fields, a new refresh session and an access token. */
  async start(member: MemberDto): Promise<LoginResult> {
    const claims = claimsOf(member);
    return {
      ...member,
      accessToken: signAccessToken(claims, this.settings.jwtSecret),
      refreshToken: await this.sessions.start(claims),
      roleSet: claims.roleSet,
    };
  }

  /** A fresh access token from the member as read now (a changed role or grade shows at once). */
  accessToken(member: MemberDto): string {
    return signAccessToken(claimsOf(member), this.settings.jwtSecret);
  }
}
