import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { sessionApi } from './app/session';
import { createAppStore } from './app/store';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const store = createAppStore();
// Nearly every page first asks who is signed in. index.html preloads the answer beside this code
// and this fetch takes it, so a signed-in page can ask for its own data as soon as it renders (on a
// phone, the round trip overlaps the code's download instead of following it).
void store.dispatch(sessionApi.endpoints.validateSession.initiate(undefined, { subscribe: false }));

const root = createRoot(rootElement);
// A transition renders in slices that yield to the browser between them, so the first render on a
// slow phone is no one long task (Lighthouse's total blocking time) and input is handled meanwhile.
startTransition(() => {
  root.render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={createAppRouter()} />
      </Provider>
    </StrictMode>,
  );
});
