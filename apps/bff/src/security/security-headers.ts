import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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
const applySecurityHeaders = helmet({
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
 * Sends them on every answer, streamed ones included (on the raw response), before any other hook
 * can answer. Helmet's handler is built once here: `@fastify/helmet` builds it again for every
 * request (parsing the whole policy), which cut a cached read's throughput by about two thirds.
 */
export function sendSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) =>
    applySecurityHeaders(request.raw, reply.raw, () => done()),
  );
}
