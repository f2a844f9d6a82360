import {
  BOARD_PAGE_SIZE,
  ROOT_CATEGORY,
  type CategoryDto,
  type PageResult,
  type StorefrontData,
} from '@mkt/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router-dom';
import { RENDERED_ROUTE_IDS } from '../app/router';
import {
  FAQS_TITLE,
  NOTICE_NOT_FOUND,
  NOTICES_TITLE,
  noticePageTitle,
  pageOfSearch,
} from '../board/boardPage';
import { homeCategoriesQuery, homeRowParams, homeRowQuery, HOME_ROWS } from '../home/homeQueries';
import { NOT_FOUND_TITLE, parsePno } from '../product-detail/ProductDetailPage';
import { chainFrom, depthsToLoad } from '../product-list/categoryChain';
import { parseListState, productListParams } from '../product-list/listState';
import { chainNames } from '../product-list/useCategoryChain';
import { categoryKeys } from '../shared/api/categories';
import {
  boardListQuery,
  boardPostOf,
  boardPostQuery,
  type BoardKind,
  type BoardPost,
} from '../shared/api/customerCentre';
import { HttpError } from '../shared/api/http';
import { productKeys } from '../shared/api/products';
import { reviewKeys } from '../shared/api/reviews';
import { HOME_CATEGORY_COUNT, HOME_CATEGORY_DEPTH, STORE_NAME } from '../shared/constants';
import {
  boardListHead,
  homeHead,
  listHead,
  noticeHead,
  notFoundHead,
  productHead,
  type PageHead,
} from './pageHead';

/** What the server's loaders work with (React Router's request context). */
export interface LoaderContext {
  queryClient: QueryClient;
  data: StorefrontData;
  /** The answer's status: a loader sets 404 for a page with nothing to show. */
  status: number;
}

type PageLoader = (args: {
  params: Record<string, string | undefined>;
  request: Request;
  context: LoaderContext;
}) => Promise<PageHead>;

/** A page with nothing to show: a 404 whose query holds the not-found error the browser would have had. */
async function notFound(
  context: LoaderContext,
  queryKey: readonly unknown[],
  message: string,
): Promise<void> {
  context.status = 404;
  await context.queryClient.prefetchQuery({
    queryKey,
    queryFn: () => Promise.reject(new HttpError(404, message, null, 'NOT_FOUND')),
    retry: false,
  });
}

/** The home: its rows, its category tiles and the header's top categories, as prefetchHome reads them. */
const home: PageLoader = async ({ request, context: { data, queryClient } }) => {
  const [rows, tiles, tops] = await Promise.all([
    Promise.all(HOME_ROWS.map((row) => data.products({ ...homeRowParams(row) }))),
    data.randomCategories(HOME_CATEGORY_COUNT, HOME_CATEGORY_DEPTH),
    data.subCategories(ROOT_CATEGORY),
  ]);
  HOME_ROWS.forEach((row, i) => queryClient.setQueryData(homeRowQuery(row).queryKey, rows[i]));
  queryClient.setQueryData(homeCategoriesQuery().queryKey, tiles);
  queryClient.setQueryData(categoryKeys.sub(ROOT_CATEGORY), tops);
  return homeHead(new URL(request.url).origin);
};

function mapPage<T, U>(page: PageResult<T>, map: (item: T) => U): PageResult<U> {
  return { ...page, dtoList: page.dtoList.map(map) };
}

/** A customer-centre list: the page of public posts its `?page=` names, under the key the page reads it by. */
function boardList(kind: BoardKind, title: string, description: string): PageLoader {
  return async ({ request, context: { data, queryClient } }) => {
    const url = new URL(request.url);
    const params = { page: pageOfSearch(url.searchParams), size: BOARD_PAGE_SIZE };
    const posts: PageResult<BoardPost> =
      kind === 'notice'
        ? mapPage(await data.notices(params), (dto) => boardPostOf('notice', dto))
        : mapPage(await data.faqs(params), (dto) => boardPostOf('faq', dto));
    queryClient.setQueryData(boardListQuery(kind, params).queryKey, posts);
    return boardListHead(title, description, params.page, url);
  };
}

/** A notice; a private, deleted or unknown one is a 404, as the browser shows it. */
const noticeDetail: PageLoader = async ({ params, request, context }) => {
  const url = new URL(request.url);
  const nno = Number(params.nno);
  const found = Number.isInteger(nno) && nno > 0 ? await context.data.notice(nno) : null;
  const query = boardPostQuery('notice', nno);
  if (!found) {
    if (Number.isInteger(nno) && nno > 0) await notFound(context, query.queryKey, NOTICE_NOT_FOUND);
    else context.status = 404;
    return notFoundHead(
      noticePageTitle(),
      `${NOTICE_NOT_FOUND} ${STORE_NAME}의 다른 공지사항을 확인하세요.`,
      url,
    );
  }
  const notice = boardPostOf('notice', found);
  context.queryClient.setQueryData(query.queryKey, notice);
  return noticeHead(notice, url);
};

/**
 * The product page: the product and its review count go into the query client under the keys the
 * page reads them by; a product not on sale is a 404 whose query holds the not-found error the
 * browser would have had.
 */
const productDetail: PageLoader = async ({ params, request, context }) => {
  const url = new URL(request.url);
  const pno = parsePno(params.pno);
  const product = pno === undefined ? null : await context.data.product(pno);
  if (pno === undefined || !product) {
    if (pno !== undefined) await notFound(context, productKeys.detail(pno), NOT_FOUND_TITLE);
    else context.status = 404;
    return notFoundHead(
      NOT_FOUND_TITLE,
      `${NOT_FOUND_TITLE}. ${STORE_NAME}에서 다른 특가 상품을 찾아보세요.`,
      url,
    );
  }
  const rating = await context.data.reviewRating(pno);
  context.queryClient.setQueryData(productKeys.detail(pno), product);
  context.queryClient.setQueryData(reviewKeys.count(pno), rating.count);
  return productHead(product, rating, url.origin);
};

/**
 * The product list: its page of products, and the category lists its pickers, banner and chain
 * read (useCategoryChain.ts), each under the key the page reads it by.
 */
const productList: PageLoader = async ({ request, context: { data, queryClient } }) => {
  const url = new URL(request.url);
  const state = parseListState(url.searchParams);
  const params = productListParams(state);
  const depths = depthsToLoad(state);
  const [list, tops, ...depthLists] = await Promise.all([
    data.products({ ...params }),
    data.subCategories(ROOT_CATEGORY),
    ...depths.map((depth) => data.categoriesAtDepth(depth)),
  ]);
  queryClient.setQueryData(productKeys.list(params), list);
  queryClient.setQueryData(categoryKeys.sub(ROOT_CATEGORY), tops);
  depths.forEach((depth, i) => queryClient.setQueryData(categoryKeys.depth(depth), depthLists[i]));

  const chain =
    state.ctno === undefined
      ? []
      : state.chain.length > 0
        ? state.chain
        : chainFrom(state.ctno, depthLists.flat());
  const levels: (CategoryDto[] | undefined)[] = [tops];
  for (const parent of chain.slice(0, 2)) {
    const children = await data.subCategories(parent);
    queryClient.setQueryData(categoryKeys.sub(parent), children);
    levels.push(children);
  }
  return listHead(state, list, chain, chainNames(chain, levels), url.origin);
};

/** The pages the server renders, by route id; every other page is the browser's. */
const SERVER_LOADERS: Record<string, PageLoader> = {
  [RENDERED_ROUTE_IDS.home]: home,
  [RENDERED_ROUTE_IDS.productDetail]: productDetail,
  [RENDERED_ROUTE_IDS.productList]: productList,
  [RENDERED_ROUTE_IDS.noticeList]: boardList(
    'notice',
    NOTICES_TITLE,
    `${STORE_NAME} ${NOTICES_TITLE}: 배송, 이벤트, 서비스 변경 등 새 소식을 확인하세요.`,
  ),
  [RENDERED_ROUTE_IDS.noticeDetail]: noticeDetail,
  [RENDERED_ROUTE_IDS.faqList]: boardList(
    'faq',
    FAQS_TITLE,
    `${STORE_NAME} ${FAQS_TITLE}: 주문, 배송, 교환과 환불에 대해 자주 묻는 질문과 답변입니다.`,
  ),
};

const BOARD_LAYOUT = 'src/board/BoardLayout.tsx';

/**
 * Their route modules (a layout's and the page's), as Vite's manifest names them: their style
 * sheets go into the rendered head. The home is in the entry chunk, whose sheet index.html links.
 */
export const SERVER_RENDERED_MODULES: Record<string, readonly string[]> = {
  [RENDERED_ROUTE_IDS.home]: [],
  [RENDERED_ROUTE_IDS.productDetail]: ['src/product-detail/ProductDetailPage.tsx'],
  [RENDERED_ROUTE_IDS.productList]: ['src/product-list/ProductListPage.tsx'],
  [RENDERED_ROUTE_IDS.noticeList]: [BOARD_LAYOUT, 'src/board/NoticeListPage.tsx'],
  [RENDERED_ROUTE_IDS.noticeDetail]: [BOARD_LAYOUT, 'src/board/NoticeDetailPage.tsx'],
  [RENDERED_ROUTE_IDS.faqList]: [BOARD_LAYOUT, 'src/board/FaqListPage.tsx'],
};

export function isServerRendered(routeId: string | undefined): routeId is string {
  return routeId !== undefined && routeId in SERVER_LOADERS;
}

/** The app's routes with the server's loaders on the pages it renders (copies: the app's stay as they are). */
export function withServerLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const loader = route.id ? SERVER_LOADERS[route.id] : undefined;
    return {
      ...route,
      ...(loader ? { loader: loader as unknown as LoaderFunction } : {}),
      ...(route.children ? { children: withServerLoaders(route.children) } : {}),
    } as RouteObject;
  });
}
