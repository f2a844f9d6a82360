import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Third parties the web app loads: the postcode search widget (Daum) and PortOne's payment SDK. */
const POSTCODE = ['https://t1.daumcdn.net', 'https://*.daumcdn.net', 'https://postcode.map.daum.net'];
const PORTONE = ['https://cdn.iamport.kr', 'https://*.iamport.kr'];

/**
 * Security headers on every answer: a content security policy the web app passes (its own
 * scripts, and the two third parties above by name), no framing by other sites, `nosniff`, no
 * `X-Powered-By`. Inline styles stay allowed: server-rendered pages carry `style` attributes (the
 * home's slider and category tiles), which the policy governs. React in the browser sets styles
 * through the DOM (`element.style`), which it does not.
 */
const policy = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...POSTCODE, ...PORTONE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Product images are the store's own; the registration form previews files as blob: URLs.
      imgSrc: ["'self'", 'data:', 'blob:', ...POSTCODE],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // PortOne's SDK frames the chosen payment provider's own pages, on domains that vary by provider.
      frameSrc: ["'self'", ...POSTCODE, 'https:'],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  },
  // The payment window and the social sign-in return pages are opened from the store's pages.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // The spec's clients on other origins (CORS_ORIGINS) read the API, images included.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

/**
 * The headers helmet sets for the policy, worked out once: they are the same for every request,
 * and running helmet's dozen handlers on each one cost a cached read a tenth of its throughput.
 */
const SECURITY_HEADERS: readonly [string, string][] = (() => {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  policy({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
})();

/**
 * Sends them on every answer, streamed ones included (on the raw response), before any other hook
 * can answer. Not `@fastify/helmet`: it builds helmet's handlers again for every request (parsing the
 * whole policy), which cut a cached read's throughput by about two thirds.
 */
export function sendSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of SECURITY_HEADERS) reply.raw.setHeader(name, value);
    done();
  });
}
