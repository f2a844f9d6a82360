import type { CanActivate, ExecutionContext } from '@nestjs/common';
import {
  applyDecorators,
  createParamDecorator,
  HttpException,
  HttpStatus,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@mkt/contracts';
import { AuthErrors, positiveIdSchema } from '@mkt/contracts';
import type { ErrorBody } from '@mkt/http';
import { parseInput } from '@mkt/http';
import { z } from 'zod';
import { ApiAccess } from '../openapi/api-doc';
import type { SessionClaims } from './refresh-sessions';

function refuse(status: HttpStatus, error: string, message: string): HttpException {
  return new HttpException({ error, message } satisfies ErrorBody, status);
}

/** 403 ERROR_ACCESS_DENIED: a wrong role, or somebody else's data. */
export function accessDenied(): HttpException {
  return refuse(HttpStatus.FORBIDDEN, AuthErrors.accessDenied, '해당 메뉴에 대한 권한이 없습니다.');
}

const tokenExpired = () =>
  refuse(HttpStatus.UNAUTHORIZED, AuthErrors.tokenExpired, '로그인 정보가 만료되었습니다.');

/** The refusal the token check itself made (ERROR_SESSION_ENDED), if any. */
function rethrowRefusal(error: unknown): void {
  if (error instanceof HttpException) throw error;
}

/**
 * A valid access token is required: none (or a bad one) is REQUIRED_LOGIN, an expired one
 * ERROR_TOKEN_ACCESS, one of an ended session ERROR_SESSION_ENDED.
 */
@Injectable()
export class AuthenticatedGuard extends AuthGuard('jwt') {
  override handleRequest<T = SessionClaims>(error: unknown, user: T | false, info: unknown): T {
    rethrowRefusal(error);
    if (user) return user;
    if (info instanceof Error && info.name === 'TokenExpiredError') throw tokenExpired();
    throw refuse(HttpStatus.UNAUTHORIZED, AuthErrors.requiredLogin, '로그인이 필요합니다.');
  }
}

export interface AccessRule {
  /** Roles allowed; absent means any signed-in user. */
  roles?: Role[];
  /** A route parameter that must name the caller (`mno` or `email`); admins pass. */
  owner?: 'mno' | 'email';
  /** The spec's client sends its `mno` in some bodies: one naming another member is refused. */
  bodyOwner?: boolean;
}

const ACCESS_RULE = 'mkt:access-rule';

const namedMember = z.object({ mno: positiveIdSchema.optional() });

/** 401 REQUIRED_LOGIN: the call needs a signed-in caller. */
export function loginRequired(): HttpException {
  return refuse(HttpStatus.UNAUTHORIZED, AuthErrors.requiredLogin, '로그인이 필요합니다.');
}

/**
 * Lets visitors (no token at all) through as nobody; a token that is sent must be valid, as for
 * {@link AuthenticatedGuard}, so an expired one is refreshed rather than read as a visitor.
 */
@Injectable()
export class VisitorOrSignedInGuard extends AuthenticatedGuard {
  override handleRequest<T = SessionClaims>(error: unknown, user: T | false, info: unknown): T {
    if (!user && info instanceof Error && info.message === 'No auth token') return undefined as T;
    return super.handleRequest(error, user, info);
  }
}

/** The route is public; {@link CallerIfAny} tells who is calling when somebody signed in is. */
export function VisitorOrSignedIn() {
  return applyDecorators(UseGuards(VisitorOrSignedInGuard), ApiAccess({ optional: true }));
}

/** The signed-in caller of a {@link VisitorOrSignedIn} route, or null for a visitor. */
export const CallerIfAny = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionClaims | null =>
    context.switchToHttp().getRequest<FastifyRequest & { user?: SessionClaims }>().user ?? null,
);

/** Checks the caller's role and that an `mno` or `email` in the path is the caller's own. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.get<AccessRule | undefined>(ACCESS_RULE, context.getHandler()) ?? {};
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest<{ Params: Record<string, string | undefined> }> & { user: SessionClaims }>();
    const user = request.user;
    if (rule.roles && !rule.roles.includes(user.role)) throw accessDenied();
    if (rule.owner && user.role !== 'ADMIN') {
      const value = String(request.params[rule.owner] ?? '');
      const own = rule.owner === 'mno' ? value === String(user.mno) : value.toLowerCase() === user.email;
      if (!own) throw accessDenied();
    }
    // Before the body's own validation (pipes run after guards): another member's body is a 403 first.
    if (rule.bodyOwner) {
      const { mno } = parseInput(namedMember, request.body);
      if (mno !== undefined && mno !== user.mno) throw accessDenied();
    }
    return true;
  }
}

/** The route needs a signed-in caller who satisfies `rule`. */
export function Authenticated(rule: AccessRule = {}) {
  return applyDecorators(
    SetMetadata(ACCESS_RULE, rule),
    UseGuards(AuthenticatedGuard, AccessGuard),
    ApiAccess(rule),
  );
}

/** The signed-in caller of an `@Authenticated` route. */
export const Caller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionClaims =>
    context.switchToHttp().getRequest<FastifyRequest & { user: SessionClaims }>().user,
);

/**
 * A public route that also reads who calls: a valid token names the caller, no token (or a bad
 * one) is a visitor. An expired token still answers ERROR_TOKEN_ACCESS, so the client refreshes
 * it and the member sees what is theirs; an ended session's answers ERROR_SESSION_ENDED, so the
 * client signs out at once.
 */
@Injectable()
export class CallerIfSignedInGuard extends AuthGuard('jwt') {
  override handleRequest<T = SessionClaims>(error: unknown, user: T | false, info: unknown): T | null {
    rethrowRefusal(error);
    if (user) return user;
    if (info instanceof Error && info.name === 'TokenExpiredError') throw tokenExpired();
    return null;
  }
}

/** The route is public and reads its caller through {@link CallerIfSignedInGuard}. */
export function CallerIfSignedInRoute() {
  return applyDecorators(UseGuards(CallerIfSignedInGuard), ApiAccess({ optional: true }));
}

/** The caller of a {@link CallerIfSignedInRoute}, or null for a visitor. */
export const CallerIfSignedIn = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionClaims | null =>
    context.switchToHttp().getRequest<FastifyRequest & { user?: SessionClaims | null }>().user ?? null,
);
