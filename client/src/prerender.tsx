import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './app/router';
import { createAppStore } from './app/store';

/**
 * A signed-out page as the client's first render makes it, for the build to put into index.html
 * (client/vite-plugins/prerenderPages.ts), so that a phone paints it before the main chunk has run; main.tsx
 * then hydrates it. The same tree as main.tsx's, with the router's static twin: no session answer
 * yet, no toasts, no hydration data (the pages have no loaders, and the CSP allows no inline script).
 */
export async function prerender(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerender: ${path} answers ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Provider store={createAppStore()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
  );
}
