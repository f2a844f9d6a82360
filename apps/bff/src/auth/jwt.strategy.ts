import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Role } from '@mkt/contracts';
import { ACCESS_TOKEN_ISSUER } from './access-tokens';
import type { SessionClaims } from './refresh-sessions';

interface AccessTokenPayload {
  sub: string;
  email: string;
  role: Role;
  roleSet: string[];
}

/** Bearer access tokens (HS256, our issuer) become the request's user. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(secret: string) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: secret,
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      ignoreExpiration: false,
    });
  }

  validate(payload: AccessTokenPayload): SessionClaims {
    return { mno: Number(payload.sub), email: payload.email, role: payload.role, roleSet: payload.roleSet };
  }
}
