import type { BoardListQuery } from '@mkt/contracts';

/** The rows a reader may see: private ones only for readers allowed them (admins, the BFF decides). */
export function visibleTo(includePrivate: boolean): { isPrivate?: false } {
  return includePrivate ? {} : { isPrivate: false };
}

/** `skip` and `take` of a 1-based page. */
export function pageOf(query: Pick<BoardListQuery, 'page' | 'size'>): { skip: number; take: number } {
  return { skip: (query.page - 1) * query.size, take: query.size };
}
