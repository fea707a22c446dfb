import '@fontsource-variable/inter';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { createAppRouter, routes } from './app/router';
import { sessionApi } from './app/session';
import { createAppStore } from './app/store';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const store = createAppStore();
// Nearly every page first asks who is signed in. index.html preloads the answer beside this code
// and this fetch takes it, so a signed-in page can ask for its own data as soon as it renders (on a
// phone, the round trip overlaps the code's download instead of following it).
void store.dispatch(sessionApi.endpoints.validateSession.initiate(undefined, { subscribe: false }));

const app = () => (
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={createAppRouter()} />
    </Provider>
  </StrictMode>
);

/**
 * The page's lazy modules, loaded into its routes: a prerendered page is hydrated by a first render
 * that shows the page itself, not the router's fallback while the page's code loads (its chunks are
 * already on their way: the prerendered page's after-first-paint script asks for them with the main chunk).
 */
async function loadPageModules(): Promise<void> {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

if (rootElement.hasChildNodes()) {
  // Served prerendered, this code asked for once the page was painted (client/vite-plugins/
  // prerenderPages.ts): React takes over the page the phone already shows, keeping what was typed
  // into it meanwhile. In a transition, as below: in slices, not one long task.
  void loadPageModules().then(() => startTransition(() => void hydrateRoot(rootElement, app())));
} else {
  const root = createRoot(rootElement);
  // A transition renders in slices that yield to the browser between them, so the first render on a
  // slow phone is no one long task (Lighthouse's total blocking time) and input is handled meanwhile.
  startTransition(() => root.render(app()));
}
