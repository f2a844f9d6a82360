import type { PageResult, ProductDetailDto, ProductSummaryDto, ReviewRatingDto } from '@mkt/contracts';
import { discountedPrice, formatWon } from '@mkt/pricing';
import { noticePageTitle } from '../board/boardPage';
import { HOME_ROWS } from '../home/homeQueries';
import { productImageUrl } from '../product/ProductImage';
import { productName } from '../product-detail/PurchasePanel';
import { listTitle } from '../product-list/ListBanner';
import { listSearch, parseListState, type ListState } from '../product-list/listState';
import type { BoardPost } from '../shared/api/customerCentre';
import { formatNumber } from '../shared/text/format';
import { STORE_NAME } from '../shared/constants';
import { documentTitle } from '../shared/ui/useDocumentTitle';

/** What a server-rendered page puts in its <head> for a shared link's preview and for crawlers. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonicalUrl: string;
  noindex?: boolean;
  /** Open Graph properties (`og:title`, `product:price:amount`), in order. */
  openGraph?: [property: string, content: string][];
  /** Twitter card fields (`twitter:card`), in order. */
  twitter?: [name: string, content: string][];
  /** schema.org objects, each a JSON-LD script. */
  structuredData?: object[];
}

const DESCRIPTION_MAX = 150;

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** A product page's head: its name, sale price and main image for previews, and schema.org `Product`. */
export function productHead(product: ProductDetailDto, rating: ReviewRatingDto, origin: string): PageHead {
  const name = productName(product);
  const salePrice = discountedPrice(product.p_price, product.p_salePer);
  const url = `${origin}/product/${product.pno}`;
  const image = product.productImage[0] && `${origin}${productImageUrl(product.productImage[0].pi_name)}`;
  const description = shorten(
    `${name} ${formatWon(salePrice)}${product.p_salePer > 0 ? ` (${product.p_salePer}% 할인)` : ''}. ${product.pContent}`,
    DESCRIPTION_MAX,
  );
  const offer = {
    '@type': 'Offer',
    url,
    price: salePrice,
    priceCurrency: 'KRW',
    availability: `https://schema.org/${product.p_stock > 0 ? 'InStock' : 'OutOfStock'}`,
    seller: { '@type': 'Organization', name: product.businessName || STORE_NAME },
  };
  return {
    title: documentTitle(name),
    description,
    canonicalUrl: url,
    openGraph: [
      ['og:type', 'product'],
      ['og:site_name', STORE_NAME],
      ['og:title', name],
      ['og:description', description],
      ['og:url', url],
      ...(image ? [['og:image', image] as [string, string]] : []),
      ['product:price:amount', String(salePrice)],
      ['product:price:currency', 'KRW'],
    ],
    twitter: [
      ['twitter:card', image ? 'summary_large_image' : 'summary'],
      ['twitter:title', name],
      ['twitter:description', description],
      ...(image ? [['twitter:image', image] as [string, string]] : []),
    ],
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name,
        sku: String(product.pno),
        url,
        ...(image ? { image: [image] } : {}),
        ...(product.pContent ? { description: shorten(product.pContent, 500) } : {}),
        offers: offer,
        ...(rating.count > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: Math.round(rating.average * 10) / 10,
                reviewCount: rating.count,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    ],
  };
}

const listUrl = (origin: string, state: ListState) => `${origin}/product/list${listSearch(state)}`;

/** The list of one category, as a link from the breadcrumb names it. */
function categoryList(chain: readonly number[]): ListState {
  return {
    ...parseListState(new URLSearchParams()),
    ctno: chain.at(-1),
    depth: chain.length,
    chain: [...chain],
  };
}

/** A product list page's head; a category's with its breadcrumb (schema.org `BreadcrumbList`). */
export function listHead(
  state: ListState,
  list: PageResult<ProductSummaryDto>,
  chain: readonly number[],
  categoryNames: readonly string[],
  origin: string,
): PageHead {
  const title = listTitle(state, categoryNames);
  const breadcrumb =
    categoryNames.length > 0
      ? {
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: STORE_NAME, item: `${origin}/` },
            ...categoryNames.map((name, i) => ({
              '@type': 'ListItem',
              position: i + 2,
              name,
              item: listUrl(origin, categoryList(chain.slice(0, i + 1))),
            })),
          ],
        }
      : undefined;
  return {
    title: documentTitle(title),
    description: `${title}: ${STORE_NAME}의 특가 상품 ${formatNumber(list.totalCount)}개를 만나보세요.`,
    canonicalUrl: listUrl(origin, { ...state, chain: [...chain] }),
    structuredData: breadcrumb ? [breadcrumb] : [],
  };
}

/** The home: its rows named in its description. */
export function homeHead(origin: string): PageHead {
  return {
    title: documentTitle(),
    description: `${STORE_NAME}: ${HOME_ROWS.map((row) => row.title).join(', ')}을 매일 새로운 특가로 만나보세요.`,
    canonicalUrl: `${origin}/`,
  };
}

/** A customer-centre list (notices, FAQs); a page past the first is its own URL. */
export function boardListHead(title: string, description: string, page: number, url: URL): PageHead {
  return {
    title: documentTitle(title),
    description,
    canonicalUrl: `${url.origin}${url.pathname}${page > 1 ? `?page=${page}` : ''}`,
  };
}

/** A notice: titled as the browser titles it, its text the description. */
export function noticeHead(notice: BoardPost, url: URL): PageHead {
  return {
    title: documentTitle(noticePageTitle(notice.title)),
    description: shorten(notice.body, DESCRIPTION_MAX),
    canonicalUrl: `${url.origin}${url.pathname}`,
  };
}

/** A page with nothing to index (a deleted or unknown product or notice): titled as the browser titles it. */
export function notFoundHead(title: string, description: string, url: URL): PageHead {
  return {
    title: documentTitle(title),
    description,
    canonicalUrl: `${url.origin}${url.pathname}`,
    noindex: true,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside a <script>: no `<` that could close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The tags index.html's title and description give way to. */
export function headHtml(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.openGraph ?? []).map(([property, content]) => meta('property', property, content)),
    ...(head.twitter ?? []).map(([name, content]) => meta('name', name, content)),
    ...(head.structuredData ?? []).map(
      (data) => `<script type="application/ld+json">${scriptJson(data)}</script>`,
    ),
  ].join('\n    ');
}
