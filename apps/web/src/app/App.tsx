import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../shared/session';

/**
 * The providers every page runs in, around the router: the browser's (main.tsx) or the server's
 * (server/renderPage.tsx). The client comes from the caller, which may fill it before this renders.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
