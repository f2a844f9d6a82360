import { ROOT_CATEGORY, type CategoryDto, type StorefrontData } from '@mkt/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router-dom';
import { RENDERED_ROUTE_IDS } from '../app/router';
import { NOT_FOUND_TITLE, parsePno } from '../product-detail/ProductDetailPage';
import { chainFrom, depthsToLoad } from '../product-list/categoryChain';
import { parseListState, productListParams } from '../product-list/listState';
import { chainNames } from '../product-list/useCategoryChain';
import { categoryKeys } from '../shared/api/categories';
import { HttpError } from '../shared/api/http';
import { productKeys } from '../shared/api/products';
import { reviewKeys } from '../shared/api/reviews';
import { listHead, notFoundHead, productHead, type PageHead } from './pageHead';

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
    context.status = 404;
    if (pno !== undefined)
      await context.queryClient.prefetchQuery({
        queryKey: productKeys.detail(pno),
        queryFn: () => Promise.reject(new HttpError(404, NOT_FOUND_TITLE, null, 'NOT_FOUND')),
        retry: false,
      });
    return notFoundHead(NOT_FOUND_TITLE, url);
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
  [RENDERED_ROUTE_IDS.productDetail]: productDetail,
  [RENDERED_ROUTE_IDS.productList]: productList,
};

/** Their modules, as Vite's manifest names them: the page's style sheets go into the rendered head. */
export const SERVER_RENDERED_MODULES: Record<string, string> = {
  [RENDERED_ROUTE_IDS.productDetail]: 'src/product-detail/ProductDetailPage.tsx',
  [RENDERED_ROUTE_IDS.productList]: 'src/product-list/ProductListPage.tsx',
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
