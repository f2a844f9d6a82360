import type { INestApplication } from '@nestjs/common';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { JsonLogger } from '@mkt/platform';
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

/** Copies the web build wrote next to its files (apps/web/vite.config.mts), best first. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof ENCODINGS)[number]['encoding'];

/** `/assets/index-x.js` for <root>/assets/index-x.js. */
function urlPathOf(root: string, file: string): string {
  return `/${relative(root, file).split(sep).join('/')}`;
}

/** URL path -> the encodings the build wrote for it. */
function findPrecompressed(root: string): Map<string, Set<Encoding>> {
  const found = new Map<string, Set<Encoding>>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const variant = ENCODINGS.find(({ suffix }) => entry.isFile() && entry.name.endsWith(suffix));
    if (!variant) continue;
    const file = join(entry.parentPath, entry.name.slice(0, -variant.suffix.length));
    const urlPath = urlPathOf(root, file);
    found.set(urlPath, (found.get(urlPath) ?? new Set()).add(variant.encoding));
  }
  return found;
}

/** Hashed assets are kept for a year without asking again; the other files (icons, banners) for an hour. */
function cacheControl(urlPath: string): string {
  return urlPath.startsWith(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/** The origin the visitor asked (behind a trusted proxy, the one it names). */
function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

/**
 * Serves the built web app: a brotli or gzip copy where the browser takes one, hashed assets cached
 * for good, and every path that is not a file as a page (storefront-pages.ts: rendered on the
 * server, and kept while the catalogue cache holds what it shows, or index.html), revalidated on
 * each visit, so a new deploy reaches open tabs at their next page load; and robots.txt and the
 * sitemap (crawler-files.ts). Canonical URLs, the pages kept and the sitemap name `publicUrl`'s
 * origin where it is given, else the one the request names (its Host header).
 */
export function serveWebApp(
  app: INestApplication,
  distDir: string,
  logger?: JsonLogger,
  publicUrl?: string,
): void {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index))
    throw new Error(`web app not built: ${index} is missing (run npm run build -w @mkt/web)`);
  const precompressed = findPrecompressed(root);
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
  const originOf = (req: Request) => publicOrigin ?? requestOrigin(req);

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const answer = (type: string, body: string | undefined) => {
      if (body === undefined) return void res.status(404).type('text/plain').send('Not Found');
      res.type(type).setHeader('Cache-Control', 'public, max-age=3600');
      res.send(body);
    };
    if (req.path === '/robots.txt') return answer('text/plain', robotsTxt(originOf(req)));
    if (req.path === SITEMAP_PATH)
      return void sitemapIndex(originOf(req), cache).then((xml) => answer('application/xml', xml), next);
    const sitemapPage = PRODUCT_SITEMAP_PATH.exec(req.path);
    if (sitemapPage)
      return void productSitemap(originOf(req), Number(sitemapPage[1]), cache).then(
        (xml) => answer('application/xml', xml),
        next,
      );
    next();
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const available = precompressed.get(req.path);
    if (!available) return next();
    res.vary('Accept-Encoding');
    const accepted = req.acceptsEncodings(
      ENCODINGS.map(({ encoding }) => encoding).filter((e) => available.has(e)),
    );
    const variant = ENCODINGS.find(({ encoding }) => encoding === accepted);
    if (!variant) return next();
    res.type(extname(req.path));
    res.setHeader('Content-Encoding', variant.encoding);
    res.sendFile(
      `${req.path}${variant.suffix}`,
      { root, headers: { 'Cache-Control': cacheControl(req.path) } },
      (error) => {
        if (error) next(error);
      },
    );
  });
  const files = express.static(root, {
    index: false,
    setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControl(urlPathOf(root, file))),
  });
  // The API's paths are never files: no disk lookup (a stat) on every API call.
  app.use((req: Request, res: Response, next: NextFunction) =>
    API_PATHS.test(req.path) ? next() : files(req, res, next),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PATHS.test(req.path)) return next();
    pages.answer(`${originOf(req)}${req.originalUrl}`, req.method, req.headers, res).catch(next);
  });
}
