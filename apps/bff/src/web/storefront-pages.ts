import { HttpException, HttpStatus } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type {
  BoardListQuery,
  BoardPage,
  RenderedPage,
  RenderStorefrontPage,
  Slice,
  StorefrontData,
} from '@mkt/contracts';
import {
  boardListQuerySchema,
  productListQuerySchema,
  STOREFRONT_RENDERER_PATH,
  toPageResult,
} from '@mkt/contracts';
import type { JsonLogger } from '@mkt/observability';
import { parseInput } from '@mkt/http';
import type { CatalogReadCache } from '../catalog/catalog-read-cache';
import { randomSample } from '../catalog/random-sample';
import type { BoardClient } from '../services/board.client';
import type { CatalogClient } from '../services/catalog.client';
import { PageBytes, PageReads, preferredEncoding, type RenderedPages } from './rendered-pages';

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
 * What the renderer reads for one page: the catalogue answers the BFF caches (a product's reviews
 * from catalog), and the public notices and FAQs from board, as the API answers a visitor; each read
 * noted in `reads`, which tells whether and until when the page may be kept.
 */
export function cachedStorefrontData(
  cache: CatalogReadCache,
  catalog: CatalogClient,
  board: BoardClient,
): (reads: PageReads) => StorefrontData {
  /** A page of public posts (`page` checked as the API checks it), in the API's page shape. */
  const publicPosts = async <T>(page: BoardPage, read: (query: BoardListQuery) => Promise<Slice<T>>) => {
    const query = parseInput(boardListQuerySchema, page);
    const slice = await read(query);
    return toPageResult(slice.items, slice.totalCount, query);
  };
  return (reads) => {
    /** Board's answers and random draws are not the catalogue cache's: a page with them is not kept. */
    const notKept = <T>(answer: T): T => {
      reads.uncacheable = true;
      return answer;
    };
    return {
      product: (pno) => {
        reads.products.add(pno);
        return nullWhenNotFound(cache.product(pno));
      },
      reviewRating: (pno) => {
        reads.products.add(pno);
        return catalog.reviewRating(pno);
      },
      products: (query) => {
        const checked = parseInput(productListQuerySchema, query);
        reads.showsList = true;
        if (!cache.keepsList(checked)) reads.uncacheable = true;
        return cache.products(checked);
      },
      categoriesAtDepth: (depth) => cache.categoriesAtDepth(depth),
      subCategories: (ctno) => cache.subCategories(ctno),
      randomCategories: async (count, depth) =>
        notKept(randomSample(await cache.categoriesWithAncestorsAtDepth(depth), count)),
      notices: (page) => notKept(publicPosts(page, (query) => board.notices(query))),
      notice: (nno) => notKept(nullWhenNotFound(board.notice(nno, false))),
      faqs: (page) => notKept(publicPosts(page, (query) => board.faqs(query))),
    };
  };
}

/** A rendered document's bytes. */
function bytesOf(page: RenderedPage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.once('finish', () => resolve(Buffer.concat(chunks))).once('error', reject);
    page.pipe(sink);
  });
}

export interface StorefrontPagesOptions {
  render: RenderStorefrontPage | undefined;
  /** The built index.html: the client-rendered shell, and the document pages are rendered into. */
  shell: string;
  /** The data access for one page's render, noting what it reads. */
  data: (reads: PageReads) => StorefrontData;
  /** Where rendered pages are kept; each is rendered afresh when absent. */
  kept?: RenderedPages;
  logger?: JsonLogger;
}

/**
 * Answers a page of the web app: rendered on the server where the renderer renders it (the
 * storefront's pages), else, and whenever rendering fails, the shell the browser renders itself;
 * compressed as the browser takes it. Needs only Node's request headers and response: whatever
 * HTTP framework the BFF runs on calls it.
 */
export class StorefrontPages {
  private readonly shell: PageBytes;

  constructor(private readonly options: StorefrontPagesOptions) {
    this.shell = new PageBytes(200, Buffer.from(options.shell));
  }

  async answer(
    url: string,
    method: string,
    headers: IncomingHttpHeaders,
    res: ServerResponse,
  ): Promise<void> {
    const page = (await this.page(url)) ?? this.shell;
    const encoding = preferredEncoding(headers['accept-encoding']);
    const body = encoding ? await page.in(encoding) : page.html;
    res.statusCode = page.status;
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', [res.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(method === 'HEAD' ? undefined : body);
  }

  /** The page kept for `url`, or rendered now (and kept where it may be); null for the shell. */
  private async page(url: string): Promise<PageBytes | null> {
    const { render, kept } = this.options;
    if (!render) return null;
    const found = kept?.get(url);
    if (found) return found;
    const version = kept?.version();
    const reads = new PageReads();
    try {
      const rendered = await render({ url, template: this.options.shell, data: this.options.data(reads) });
      if (!rendered) return null;
      const page = new PageBytes(rendered.status, await bytesOf(rendered));
      if (version !== undefined) kept?.keep(url, page, reads, version);
      return page;
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
