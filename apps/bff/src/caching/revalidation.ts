import type { FastifyInstance } from 'fastify';
import vary from 'vary';
import { mayUseSessionCookie, WEB_SESSION_HEADER } from '../auth/session-cookies';

const VARIES_BY = ['Authorization', 'Cookie', WEB_SESSION_HEADER];

/**
 * Every API answer is revalidated before a cache may reuse it: `no-cache` with the answer's ETag (`@fastify/etag`), so
 * a repeated read with `If-None-Match` answers 304 with no body. An answer to a caller who may be
 * signed in (a bearer header, a session cookie, our web app's session header) may show what only
 * they see (their cart, their secret inquiries): it is `private`, never kept by a shared cache. Every
 * answer varies by all three, so a shared cache never hands a visitor's answer to a member either.
 */
export function revalidateApiAnswers(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      const perMember = !!request.headers.authorization || mayUseSessionCookie(request);
      void reply
        .header('Cache-Control', perMember ? 'private, no-cache' : 'no-cache')
        .header('Vary', vary.append(String(reply.getHeader('Vary') ?? ''), VARIES_BY));
    }
    done();
  });
}
