import type { PageResult, ProductSummaryDto } from '@mkt/contracts';
import { MAX_PAGE_SIZE, productListQuerySchema } from '@mkt/contracts';
import type { CatalogReadCache } from '../catalog/catalog-read-cache';

/**
 * What crawlers read besides the pages: robots.txt, and the sitemap, an index over child sitemaps
 * of the products on sale, each one page of the product list (oldest first), so no answer reads
 * more than one page of products however many there are.
 */

/**
 * Pages a crawler has no business in: the consoles, my page, the cart, checkout and the API. Each is
 * a path prefix, without a trailing slash so that each section's own page (`/admin`, `/mypage`,
 * `/payment`) is closed with the pages under it.
 */
const CLOSED_TO_CRAWLERS = ['/admin', '/seller', '/mypage', '/cart', '/payment', '/api'];

export const SITEMAP_PATH = '/sitemap.xml';
/** A child sitemap: `/sitemap/products-3.xml` lists the third page of products. */
export const PRODUCT_SITEMAP_PATH = /^\/sitemap\/products-([1-9]\d{0,5})\.xml$/;
const productSitemapPath = (page: number) => `/sitemap/products-${page}.xml`;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...CLOSED_TO_CRAWLERS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

/** One page of the products on sale, oldest first; undefined for a page the product list never has (past its last possible page). */
async function productsPage(
  cache: CatalogReadCache,
  page: number,
  size: number,
): Promise<PageResult<ProductSummaryDto> | undefined> {
  const query = productListQuerySchema.safeParse({ page, size, sortBy: 'pno', sort: 'asc' });
  return query.success ? cache.products(query.data) : undefined;
}

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export async function sitemapIndex(origin: string, cache: CatalogReadCache): Promise<string> {
  const totalCount = (await productsPage(cache, 1, 1))?.totalCount ?? 0;
  const pages = Math.ceil(totalCount / MAX_PAGE_SIZE);
  const children = Array.from(
    { length: pages },
    (_, i) => `<sitemap><loc>${escapeXml(`${origin}${productSitemapPath(i + 1)}`)}</loc></sitemap>`,
  );
  return `${XML_HEADER}\n<sitemapindex xmlns="${SITEMAP_NS}">\n${children.join('\n')}\n</sitemapindex>\n`;
}

/** A child sitemap; undefined past the last page. */
export async function productSitemap(
  origin: string,
  page: number,
  cache: CatalogReadCache,
): Promise<string | undefined> {
  const products = (await productsPage(cache, page, MAX_PAGE_SIZE))?.dtoList ?? [];
  if (products.length === 0) return undefined;
  const urls = products.map(
    (product) => `<url><loc>${escapeXml(`${origin}/product/${product.pno}`)}</loc></url>`,
  );
  return `${XML_HEADER}\n<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}
