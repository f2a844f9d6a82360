import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Role } from '@mkt/contracts';
import { ACCESS_TOKEN_ISSUER } from './access-tokens';
import type { RefreshSessions, SessionClaims } from './refresh-sessions';

interface AccessTokenPayload {
  sub: string;
  email: string;
  role: Role;
  roleSet: string[];
  iat: number;
  /** When it was signed, in ms (tokens signed before this field existed have only `iat`). */
  authAt?: number;
}

/** The session cookies the web client keeps (JSON with `accessToken`), in the order the spec's client prefers them. */
const SESSION_COOKIES = ['member', 'admin', 'seller'];

/**
 * The access token of a session cookie, for the calls the spec's client makes with cookies only
 * (SameSite=Lax cookies: other sites' pages cannot make a browser send them with a POST).
 */
function fromSessionCookie(request: { headers: { cookie?: string } }): string | null {
  const cookies = new Map(
    (request.headers.cookie ?? '').split(';').map((part): [string, string] => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  for (const name of SESSION_COOKIES) {
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
      secretOrKey: secret,
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      ignoreExpiration: false,
    });
  }

  /** A token of sessions that were ended since (a ban, a password change) no longer signs anybody in. */
  async validate(payload: AccessTokenPayload): Promise<SessionClaims | false> {
    const mno = Number(payload.sub);
    if (await this.sessions.endedSince(mno, payload.authAt ?? payload.iat * 1000)) return false;
    return { mno, email: payload.email, role: payload.role, roleSet: payload.roleSet };
  }
}
