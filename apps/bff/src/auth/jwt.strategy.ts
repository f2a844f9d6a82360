import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { IncomingMessage } from 'node:http';
import type { Role } from '@mkt/contracts';
import { AuthErrors } from '@mkt/contracts';
import type { ErrorBody } from '@mkt/http';
import { ACCESS_TOKEN_ISSUER, accessTokenKey } from './access-tokens';
import type { RefreshSessions, SessionClaims, SessionEndReason } from './refresh-sessions';
import { accessCookie, parseCookies, SPEC_SESSION_COOKIES, webSessionRole } from './session-cookies';

interface AccessTokenPayload {
  sub: string;
  email: string;
  role: Role;
  roleSet: string[];
  iat: number;
  /** When it was signed, in ms (tokens signed before this field existed have only `iat`). */
  authAt?: number;
  /** The refresh session (family) it belongs to. */
  sid?: string;
}

/**
 * The access token of a cookie: our web app's HttpOnly cookie of the role its call names, else
 * the spec client's own session cookie (JSON with `accessToken`), member first, then admin, then
 * seller. Cookie-authenticated writes must come from our own pages (see same-site-writes).
 */
function fromSessionCookie(request: IncomingMessage): string | null {
  const cookies = parseCookies(request);
  const role = webSessionRole(request);
  if (role) return role === 'any' ? null : (cookies.get(accessCookie(role)) ?? null);
  for (const name of SPEC_SESSION_COOKIES) {
    const value = cookies.get(name);
    if (!value) continue;
    try {
      const { accessToken } = JSON.parse(decodeURIComponent(value)) as { accessToken?: unknown };
      if (typeof accessToken === 'string') return accessToken;
    } catch {
      // Not a session: try the next one.
    }
  }
  return null;
}

const ENDED_MESSAGES: Record<SessionEndReason, string> = {
  banned: '이용이 정지된 계정입니다. 고객센터로 문의해 주세요.',
  'password-changed': '비밀번호가 변경되어 로그아웃되었습니다. 새 비밀번호로 다시 로그인해 주세요.',
  'password-reset': '비밀번호가 재설정되어 로그아웃되었습니다. 새 비밀번호로 다시 로그인해 주세요.',
  logout: '로그아웃되었습니다. 다시 로그인해 주세요.',
  reuse: '보안을 위해 로그아웃되었습니다. 다시 로그인해 주세요.',
};

/** 401 ERROR_SESSION_ENDED: the token's session was ended; the message says why. */
export function sessionEnded(reason: SessionEndReason): HttpException {
  return new HttpException(
    { error: AuthErrors.sessionEnded, message: ENDED_MESSAGES[reason] } satisfies ErrorBody,
    HttpStatus.UNAUTHORIZED,
  );
}

/** Access tokens (HS256, our issuer), from the bearer header or else a session cookie, become the request's user. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    secret: string,
    private readonly sessions: RefreshSessions,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([
        ExtractJwt.fromAuthHeaderAsBearerToken(),
        fromSessionCookie,
      ]),
      // passport-jwt hands it to jsonwebtoken as is; its typings predate key objects.
      secretOrKey: accessTokenKey(secret) as unknown as Buffer,
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      ignoreExpiration: false,
    });
  }

  /** A token of a session that was ended (logout, ban, password change, a copied refresh token) signs nobody in. */
  async validate(payload: AccessTokenPayload): Promise<SessionClaims> {
    const mno = Number(payload.sub);
    const ended = await this.sessions.endedReason(mno, payload.sid, payload.authAt ?? payload.iat * 1000);
    if (ended) throw sessionEnded(ended);
    return { mno, email: payload.email, role: payload.role, roleSet: payload.roleSet };
  }
}
