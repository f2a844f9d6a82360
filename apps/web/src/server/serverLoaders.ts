import type { StorefrontData } from '@mkt/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router-dom';
import { RENDERED_ROUTE_IDS } from '../app/router';
import { NOT_FOUND_TITLE, parsePno } from '../product-detail/ProductDetailPage';
import { HttpError } from '../shared/api/http';
import { productKeys } from '../shared/api/products';
import { reviewKeys } from '../shared/api/reviews';
import { notFoundHead, productHead, type PageHead } from './pageHead';

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

/** The pages the server renders, by route id; every other page is the browser's. */
const SERVER_LOADERS: Record<string, PageLoader> = {
  [RENDERED_ROUTE_IDS.productDetail]: productDetail,
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
