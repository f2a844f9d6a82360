import type { RouteObject } from 'react-router-dom';

/** What a page's module gives its route: the page to render. */
type PageRoute = Pick<RouteObject, 'Component' | 'element'>;

/**
 * A page's code could not be fetched: most often a redeploy replaced the chunk the open tab
 * knows by name, else the network dropped. Reloading fetches the current index.html and chunks.
 */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('페이지를 불러오지 못했습니다.', { cause });
    this.name = 'PageLoadError';
  }
}

/**
 * A route's `lazy`: its module is a chunk of its own, fetched on the first visit. A failed fetch
 * reaches the route's error element as a {@link PageLoadError}.
 */
export function onDemand(load: () => Promise<PageRoute>): () => Promise<PageRoute> {
  return () =>
    load().catch((cause: unknown) => {
      throw new PageLoadError(cause);
    });
}
