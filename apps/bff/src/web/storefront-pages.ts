import { HttpException, HttpStatus } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { BoardListQuery, BoardPage, RenderStorefrontPage, Slice, StorefrontData } from '@mkt/contracts';
import {
  boardListQuerySchema,
  productListQuerySchema,
  STOREFRONT_RENDERER_PATH,
  toPageResult,
} from '@mkt/contracts';
import type { JsonLogger } from '@mkt/platform';
import { parseInput } from '@mkt/platform';
import type { CatalogReadCache } from '../catalog/catalog-read-cache';
import { randomSample } from '../catalog/random-sample';
import type { BoardClient } from '../services/board.client';
import type { CatalogClient } from '../services/catalog.client';

/** The web build's server renderer; none when the build has none (the shell answers every page). */
export function loadStorefrontRenderer(distDir: string): RenderStorefrontPage | undefined {
  const file = join(distDir, STOREFRONT_RENDERER_PATH);
  if (!existsSync(file)) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built file found at run time
  return (require(file) as { renderStorefrontPage: RenderStorefrontPage }).renderStorefrontPage;
}

/** What a service answers, or null where it answers 404. */
function nullWhenNotFound<T>(answer: Promise<T>): Promise<T | null> {
  return answer.catch((error: unknown) => {
    if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) return null;
    throw error;
  });
}

/**
 * What the renderer reads: the catalogue answers the BFF caches (a product's reviews from catalog),
 * and the public notices and FAQs from board, as the API answers a visitor.
 */
export function cachedStorefrontData(
  cache: CatalogReadCache,
  catalog: CatalogClient,
  board: BoardClient,
): StorefrontData {
  /** A page of public posts (`page` checked as the API checks it), in the API's page shape. */
  const publicPosts = async <T>(page: BoardPage, read: (query: BoardListQuery) => Promise<Slice<T>>) => {
    const query = parseInput(boardListQuerySchema, page);
    const slice = await read(query);
    return toPageResult(slice.items, slice.totalCount, query);
  };
  return {
    product: (pno) => nullWhenNotFound(cache.product(pno)),
    reviewRating: (pno) => catalog.reviewRating(pno),
    products: (query) => cache.products(parseInput(productListQuerySchema, query)),
    categoriesAtDepth: (depth) => cache.categoriesAtDepth(depth),
    subCategories: (ctno) => cache.subCategories(ctno),
    randomCategories: async (count, depth) =>
      randomSample(await cache.categoriesWithAncestorsAtDepth(depth), count),
    notices: (page) => publicPosts(page, (query) => board.notices(query)),
    notice: (nno) => nullWhenNotFound(board.notice(nno, false)),
    faqs: (page) => publicPosts(page, (query) => board.faqs(query)),
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
