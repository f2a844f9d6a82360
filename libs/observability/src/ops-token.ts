import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const OPS_TOKEN_HEADER = 'x-ops-token';

/** The operators' token of the application (an empty string: none, so its operations routes are off). */
export const OPS_TOKEN = Symbol('OPS_TOKEN');

/** OPS_TOKEN, the setting. */
export const opsTokenSetting = z.string().min(16, 'must be at least 16 characters');

/** Lets a call through only with the operators' token; every other caller finds nothing (404). */
@Injectable()
export class OpsTokenGuard implements CanActivate {
  constructor(@Inject(OPS_TOKEN) private readonly expected: string) {}

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers[OPS_TOKEN_HEADER];
    const given = typeof header === 'string' ? header : '';
    const matches =
      this.expected !== '' &&
      given.length === this.expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(this.expected));
    if (!matches) throw new NotFoundException();
    return true;
  }
}
