import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthErrors } from '@mkt/contracts';
import type { ErrorBody } from '@mkt/http';
import { mayUseSessionCookie } from '../auth/session-cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  try {
    return request.headers.referer ? new URL(request.headers.referer).origin : null;
  } catch {
    return null;
  }
}

/**
 * A write signed in by a cookie (ours or the spec client's) must come from our own pages or an
 * allowed CORS origin: its `Origin` (or, lacking one, its Referer) names the host the call went
 * to or one of `allowedOrigins`. A form or script on another site, which the browser would send
 * with the cookie, is refused before anything happens. Bearer-token calls carry no ambient
 * credential and pass.
 */
export function refuseCrossSiteWrites(
  fastify: FastifyInstance,
  allowedOrigins: readonly string[] = [],
): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (
      SAFE_METHODS.has(request.method) ||
      !request.url.startsWith('/api/') ||
      request.headers.authorization ||
      !mayUseSessionCookie(request)
    ) {
      done();
      return;
    }
    const origin = originOf(request);
    let sameHost = false;
    try {
      sameHost = origin !== null && new URL(origin).host === request.headers.host;
    } catch {
      sameHost = false;
    }
    if (sameHost || (origin !== null && allowedOrigins.includes(origin))) {
      done();
      return;
    }
    void reply.code(403).send({
      error: AuthErrors.crossSite,
      message: '다른 사이트에서 보낸 요청은 처리할 수 없습니다.',
    } satisfies ErrorBody);
  });
}
