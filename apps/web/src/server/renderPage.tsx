import type { RenderStorefrontPage } from '@mkt/contracts';
import { defaultShouldDehydrateQuery, dehydrate } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import { Transform } from 'node:stream';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { App } from '../app/App';
import { createQueryClient } from '../app/queryClient';
import { routes } from '../app/router';
import { SERVER_STATE_ELEMENT_ID, type ServerState } from '../app/serverState';
import { renderedPageDocument } from './pageAssets';
import { headHtml, scriptJson, type PageHead } from './pageHead';
import {
  isServerRendered,
  SERVER_RENDERED_MODULES,
  withServerLoaders,
  type LoaderContext,
} from './serverLoaders';

/** A page not ready by then (its data read and rendered) is abandoned: the host answers the shell instead. */
const RENDER_TIMEOUT_MS = 5_000;

const ROOT_ELEMENT = '<div id="root"></div>';
/** index.html's own title and description, which a rendered page replaces with its own. */
const TEMPLATE_HEAD = /\s*<title>[^<]*<\/title>|\s*<meta name="description"[^>]*>/g;

const serverRoutes = withServerLoaders(routes);
const handler = createStaticHandler(serverRoutes);

/** The whole app rendered, every part ready (no fallbacks left for the browser to fill), unless `deadline` passes first. */
function renderComplete(app: ReactNode, deadline: AbortSignal): Promise<PipeableStream> {
  return new Promise((resolve, reject) => {
    const abort = () => stream.abort(new Error('render timed out'));
    const stream = renderToPipeableStream(app, {
      onAllReady: () => {
        deadline.removeEventListener('abort', abort);
        resolve(stream);
      },
      onShellError: reject,
      onError: (error) => {
        deadline.removeEventListener('abort', abort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    // React starts rendering after this function returns: the callbacks above find `abort` set.
    if (deadline.aborted) abort();
    else deadline.addEventListener('abort', abort);
  });
}

function documentParts(template: string, page: string, head: PageHead, state: ServerState): [string, string] {
  const html = renderedPageDocument(
    template.replace(TEMPLATE_HEAD, '').replace('</head>', `  ${headHtml(head)}\n  </head>`),
    SERVER_RENDERED_MODULES[page] ?? [],
  );
  const at = html.indexOf(ROOT_ELEMENT);
  if (at < 0) throw new Error(`the page template has no ${ROOT_ELEMENT}`);
  const before = html.slice(0, at);
  const after = html.slice(at + ROOT_ELEMENT.length);
  const stateScript = `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${scriptJson(state)}</script>`;
  return [`${before}<div id="root">`, `</div>${stateScript}${after}`];
}

/**
 * Renders a storefront page the server renders (serverLoaders.ts) with the browser's components and
 * routes: React Router's static handler runs the page's loader, which fills the query client from
 * the host's data; the app renders with it; its queries go into the page for the browser to
 * hydrate with (main.tsx). Throws when the page cannot be rendered; the host then answers the shell.
 */
export const renderStorefrontPage: RenderStorefrontPage = async ({ url, template, data }) => {
  const location = new URL(url);
  const page = matchRoutes(serverRoutes, location.pathname)?.at(-1)?.route.id;
  if (!isServerRendered(page)) return null;

  const queryClient = createQueryClient();
  const requestContext: LoaderContext = { queryClient, data, status: 200 };
  // One deadline for the data and the render: a read that never answers abandons the page too.
  const deadline = AbortSignal.timeout(RENDER_TIMEOUT_MS);
  const context = await handler.query(new Request(location, { signal: deadline }), { requestContext });
  if (context instanceof Response) return null;
  if (context.errors) throw Object.values(context.errors)[0];
  const head = context.loaderData[page] as PageHead;

  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderComplete(
    <StrictMode>
      <App queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
    deadline,
  );
  const queries = dehydrate(queryClient, {
    // A not-found too: the browser shows it as the server did.
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error',
  });
  const [before, after] = documentParts(template, page, head, { queries });
  return {
    status: requestContext.status,
    pipe(destination) {
      const withEnd = new Transform({
        transform: (chunk, _encoding, done) => done(null, chunk),
        flush(done) {
          this.push(after);
          done();
        },
      });
      destination.write(before);
      withEnd.pipe(destination);
      stream.pipe(withEnd);
    },
  };
};
