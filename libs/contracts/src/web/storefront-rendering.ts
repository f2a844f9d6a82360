import type { Writable } from 'node:stream';
import type {
  CategoryDto,
  CategoryWithAncestorsDto,
  ProductDetailDto,
  ProductSummaryDto,
} from '../api/catalog';
import type { FaqDto, NoticeDto } from '../api/notices';
import type { PageResult } from '../api/paging';
import type { ReviewRatingDto } from '../api/reviews';

/**
 * The web app's server renderer (apps/web/src/server/renderPage.tsx, built into the web build's
 * `.ssr/render-page.cjs`) as its host (the BFF) calls it: a URL and the data access in, a whole
 * HTML document out, streamed.
 */

/** Where the renderer reads the catalogue (the host answers from what it caches) and the customer centre. */
export interface StorefrontData {
  /** A product on sale; null when there is none (never was, or deleted). */
  product(pno: number): Promise<ProductDetailDto | null>;
  reviewRating(pno: number): Promise<ReviewRatingDto>;
  /** A page of the product list, its query as `GET /api/product/list` takes it (and checks it). */
  products(query: Record<string, string | number | undefined>): Promise<PageResult<ProductSummaryDto>>;
  categoriesAtDepth(depth: number): Promise<CategoryDto[]>;
  subCategories(ctno: number): Promise<CategoryDto[]>;
  /** `count` categories of `depth` drawn at random, as `GET /api/categories/random` answers. */
  randomCategories(count: number, depth: number): Promise<CategoryWithAncestorsDto[]>;
  /** A page of the public notices, newest first. */
  notices(page: BoardPage): Promise<PageResult<NoticeDto>>;
  /** A public notice; null when there is none (never was, deleted, or private). */
  notice(nno: number): Promise<NoticeDto | null>;
  /** A page of the public FAQs, newest first. */
  faqs(page: BoardPage): Promise<PageResult<FaqDto>>;
}

export interface BoardPage {
  page: number;
  size: number;
}

export interface StorefrontRequest {
  /** The page's absolute URL, as the visitor asked for it (its origin names the canonical URLs). */
  url: string;
  /** The built index.html: the document the page is rendered into. */
  template: string;
  data: StorefrontData;
}

export interface RenderedPage {
  status: number;
  /** Writes the document into `destination`, then ends it. */
  pipe(destination: Writable): void;
}

/** The rendered page; null for a page the browser renders itself (the shell is its answer). */
export type RenderStorefrontPage = (request: StorefrontRequest) => Promise<RenderedPage | null>;

/** Where the web build puts the renderer (apps/web/vite.config.mts), under its output folder: a dot folder, never served as a file. */
export const STOREFRONT_RENDERER_PATH = '.ssr/render-page.cjs';
