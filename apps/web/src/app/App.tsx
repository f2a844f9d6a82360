import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { SessionProvider } from '../shared/session';

/**
 * Marks the app running (`<html data-hydrated>`): on a page the server rendered, its HTML responds to
 * clicks from then on. Renders nothing, in the server's tree as in the browser's: a child the
 * browser alone rendered would shift the ids `useId` gives (an `aria-controls` the server wrote
 * would then name no element).
 */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * The providers every page runs in, around the router: the browser's (main.tsx) or the server's
 * (server/renderPage.tsx). The client comes from the caller, which may fill it before this renders.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <MarkHydrated />
      </SessionProvider>
    </QueryClientProvider>
  );
}
