import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page the server rendered hands the browser: the TanStack Query answers it rendered with,
 * so the browser hydrates with the same data instead of asking again. A JSON data block (not a
 * script that runs: the content security policy allows no inline scripts).
 */
export interface ServerState {
  queries: DehydratedState;
}

export const SERVER_STATE_ELEMENT_ID = 'mkt-server-state';

/**
 * The server's state on a page it rendered; none on the client-rendered shell. Its answers count as
 * fetched now, however long ago the page was rendered: the BFF keeps a rendered page only while
 * what it shows is unchanged (apps/bff/src/web/rendered-pages.ts), so they are current.
 */
export function readServerState(now = Date.now()): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  const { queries } = JSON.parse(element.textContent) as ServerState;
  return {
    queries: {
      ...queries,
      queries: queries.queries.map((query) => ({
        ...query,
        state: {
          ...query.state,
          ...(query.state.dataUpdatedAt ? { dataUpdatedAt: now } : {}),
          ...(query.state.errorUpdatedAt ? { errorUpdatedAt: now } : {}),
        },
      })),
    },
  };
}
