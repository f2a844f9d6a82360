import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult, MemberDto, SignedIn } from '@mkt/contracts';
import { loginResultSchema, roleSetOf, sessionRoleOf, signedInSchema } from '@mkt/contracts';
import { z } from 'zod';
import { signAccessToken } from './access-tokens';
import { AUTH_SETTINGS, type AuthSettings } from './auth-settings';
import type { SessionClaims } from './refresh-sessions';
import { RefreshSessions } from './refresh-sessions';
import { setSessionCookies, webSessionRole } from './session-cookies';

function claimsOf(member: MemberDto): SessionClaims {
  return { mno: member.mno, email: member.email, role: member.role, roleSet: roleSetOf(member) };
}

/** A sign-in's answer: the tokens, or (our web app, `X-Mkt-Session`) the member, the tokens in cookies. */
export const signInAnswerSchema = z.union([loginResultSchema, signedInSchema]);

/** Turns a member who proved who they are (password or social provider) into a signed-in session. */
@Injectable()
export class SignIn {
  constructor(
    private readonly sessions: RefreshSessions,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {}

  /**
   * The login answer. The spec's client gets the tokens in it; our web app (`X-Mkt-Session`) gets
   * them as HttpOnly cookies of the account's role, and no session at all when the page asked for
   * another role (a shopper's account at the seller's login).
   */
  async answer(
    member: MemberDto,
    request: FastifyRequest,
    response: FastifyReply,
  ): Promise<LoginResult | SignedIn> {
    const wanted = webSessionRole(request);
    const claims = claimsOf(member);
    const signedIn: SignedIn = { ...member, roleSet: claims.roleSet };
    if (wanted === null) {
      const refresh = await this.sessions.start(claims);
      return {
        ...signedIn,
        accessToken: this.accessToken(member, refresh.family),
        refreshToken: refresh.token,
      };
    }
    const role = sessionRoleOf(claims.roleSet);
    if (wanted !== 'any' && wanted !== role) return signedIn;
    const refresh = await this.sessions.start(claims);
    setSessionCookies(response, role, this.accessToken(member, refresh.family), refresh.token);
    return signedIn;
  }

  /** A fresh access token from the member as read now (a changed role or grade shows at once). */
  accessToken(member: MemberDto, family: string): string {
    return signAccessToken(claimsOf(member), this.settings.jwtSecret, family);
  }
}
