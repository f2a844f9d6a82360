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

/** The server's state on a page it rendered; none on the client-rendered shell. */
export function readServerState(): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as ServerState) : undefined;
}
