import { HttpException, HttpStatus } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { RenderStorefrontPage, StorefrontData } from '@mkt/contracts';
import { productListQuerySchema, STOREFRONT_RENDERER_PATH } from '@mkt/contracts';
import type { JsonLogger } from '@mkt/platform';
import { parseInput } from '@mkt/platform';
import type { CatalogReadCache } from '../catalog/catalog-read-cache';
import type { CatalogClient } from '../services/catalog.client';

/** The web build's server renderer; none when the build has none (the shell answers every page). */
export function loadStorefrontRenderer(distDir: string): RenderStorefrontPage | undefined {
  const file = join(distDir, STOREFRONT_RENDERER_PATH);
  if (!existsSync(file)) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built file found at run time
  return (require(file) as { renderStorefrontPage: RenderStorefrontPage }).renderStorefrontPage;
}

/** What the renderer reads, from the catalogue answers the BFF caches (a product's reviews from catalog). */
export function cachedStorefrontData(cache: CatalogReadCache, catalog: CatalogClient): StorefrontData {
  return {
    product: (pno) =>
      cache.product(pno).catch((error: unknown) => {
        if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) return null;
        throw error;
      }),
    reviewRating: (pno) => catalog.reviewRating(pno),
    products: (query) => cache.products(parseInput(productListQuerySchema, query)),
    categoriesAtDepth: (depth) => cache.categoriesAtDepth(depth),
    subCategories: (ctno) => cache.subCategories(ctno),
  };
}

export interface StorefrontPagesOptions {
  render: RenderStorefrontPage | undefined;
  /** The built index.html: the client-rendered shell, and the document pages are rendered into. */
  shell: string;
  data: StorefrontData;
  logger?: JsonLogger;
}

/**
 * Answers a page of the web app: rendered on the server where the renderer renders it (the
 * storefront's pages), else, and whenever rendering fails, the shell the browser renders itself.
 * Needs only Node's response: whatever HTTP framework the BFF runs on calls it.
 */
export class StorefrontPages {
  constructor(private readonly options: StorefrontPagesOptions) {}

  async answer(url: string, method: string, res: ServerResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    const page = await this.rendered(url);
    if (!page) {
      res.statusCode = 200;
      res.end(method === 'HEAD' ? undefined : this.options.shell);
      return;
    }
    res.statusCode = page.status;
    if (method === 'HEAD') res.end();
    else page.pipe(res);
  }

  private async rendered(url: string) {
    if (!this.options.render) return null;
    try {
      return await this.options.render({ url, template: this.options.shell, data: this.options.data });
    } catch (error) {
      this.options.logger?.warn(
        'server rendering failed; the page is answered as the client-rendered shell',
        {
          url,
          error: error instanceof Error ? error.message : String(error),
        },
      );
      return null;
    }
  }
}
