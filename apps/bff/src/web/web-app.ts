import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { JsonLogger } from '@mkt/observability';
import { streamedResponse } from '@mkt/http';
import { CatalogReadCache } from '../catalog/catalog-read-cache';
import { BoardClient } from '../services/board.client';
import { CatalogClient } from '../services/catalog.client';
import { PRODUCT_SITEMAP_PATH, productSitemap, robotsTxt, SITEMAP_PATH, sitemapIndex } from './crawler-files';
import { RenderedPages } from './rendered-pages';
import { cachedStorefrontData, loadStorefrontRenderer, StorefrontPages } from './storefront-pages';

/** Paths the BFF answers itself; everything else a browser GETs is the single-page app. */
const API_PATHS = /^\/(api|images|metrics)(\/|$)/;

/** Vite names the files under /assets/ by their content's hash: a new build never reuses a name. */
const HASHED_ASSETS = '/assets/';

/** `/assets/index-x.js` for <root>/assets/index-x.js. */
function urlPathOf(root: string, file: string): string {
  return `/${relative(root, file).split(sep).join('/')}`;
}

/** Hashed assets are kept for a year without asking again; the other files (icons, banners) for an hour. */
function cacheControl(urlPath: string): string {
  return urlPath.startsWith(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/** The origin the visitor asked (behind a trusted proxy, the one it names). */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Serves the built web app: its files (`@fastify/static`: a brotli or gzip copy where the browser
 * takes one, hashed assets cached for good), and every other path as a page (storefront-pages.ts:
 * rendered on the server, and kept while the catalogue cache holds what it shows, or index.html),
 * revalidated on each visit, so a new deploy reaches open tabs at their next page load; and
 * robots.txt and the sitemap (crawler-files.ts). Canonical URLs, the pages kept and the sitemap name
 * `publicUrl`'s origin where it is given, else the one the request names (its Host header). Call
 * before the app's `init()`.
 */
export async function serveWebApp(
  app: NestFastifyApplication,
  distDir: string,
  logger?: JsonLogger,
  publicUrl?: string,
): Promise<void> {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index))
    throw new Error(`web app not built: ${index} is missing (run npm run build -w @mkt/web)`);
  const cache = app.get(CatalogReadCache);
  const pages = new StorefrontPages({
    render: loadStorefrontRenderer(root),
    shell: readFileSync(index, 'utf8'),
    data: cachedStorefrontData(cache, app.get(CatalogClient), app.get(BoardClient)),
    // As much memory again as the catalogue cache's.
    kept: cache.maxBytes() > 0 ? new RenderedPages(cache, cache.maxBytes()) : undefined,
    logger,
  });
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  const originOf = (request: FastifyRequest) => publicOrigin ?? requestOrigin(request);

  // A route per file found at start (no wildcard), so that every other path is a page below.
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Swagger UI's files are served by another instance of the plugin.
    decorateReply: false,
    setHeaders: (reply, file) => void reply.header('Cache-Control', cacheControl(urlPathOf(root, file))),
  });

  const answer = (reply: FastifyReply, type: string, body: string | undefined) =>
    body === undefined
      ? reply.code(404).type('text/plain').send('Not Found')
      : reply.type(type).header('Cache-Control', 'public, max-age=3600').send(body);
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0];
    // The API's unknown paths are the API's 404, never a page.
    if (API_PATHS.test(path)) return reply.callNotFound();
    if (path === '/robots.txt') return answer(reply, 'text/plain', robotsTxt(originOf(request)));
    if (path === SITEMAP_PATH)
      return answer(reply, 'application/xml', await sitemapIndex(originOf(request), cache));
    const sitemapPage = PRODUCT_SITEMAP_PATH.exec(path);
    if (sitemapPage)
      return answer(
        reply,
        'application/xml',
        await productSitemap(originOf(request), Number(sitemapPage[1]), cache),
      );
    // Node's response: the page is streamed as React renders it.
    await pages.answer(
      `${originOf(request)}${request.url}`,
      request.method,
      request.headers,
      streamedResponse(reply),
    );
  };
  app
    .getHttpAdapter()
    .getInstance()
    .route({ method: ['GET', 'HEAD'], url: '/*', handler: page });
}
