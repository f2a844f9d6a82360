// Global styles first, so component styles (imported by the components) come later in the cascade.
import './styles/global.css';
import './shared/validation/zodWithoutEval';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { createAppRouter, loadMatchedPages } from './app/router';
import { readServerState } from './app/serverState';
import { prefetchHome } from './home/homeQueries';
import { paths } from './shared/routing/paths';

const container = document.getElementById('root');
if (!container) throw new Error('#root element is missing from index.html');

const queryClient = createQueryClient();
const serverState = readServerState();

function app() {
  return (
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </App>
    </StrictMode>
  );
}

if (serverState) {
  // A page the server rendered (server/renderPage.tsx): its data and its page's code first, so the
  // first render in the browser is the server's HTML. Hydrated as a transition: React yields to the
  // browser every few milliseconds instead of holding the main thread for the whole tree.
  hydrate(queryClient, serverState.queries);
  void loadMatchedPages(window.location).then(() =>
    startTransition(() => {
      hydrateRoot(container, app());
    }),
  );
} else {
  if (window.location.pathname === paths.home) prefetchHome(queryClient);
  createRoot(container).render(app());
}
