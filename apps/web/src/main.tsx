// Global styles first, so component styles (imported by the components) come later in the cascade.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { prefetchHome } from './home/homeQueries';
import { paths } from './shared/routing/paths';

const container = document.getElementById('root');
if (!container) throw new Error('#root element is missing from index.html');

const queryClient = createQueryClient();
if (window.location.pathname === paths.home) prefetchHome(queryClient);

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
