import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../app/router';
import { createAppStore } from '../app/store';

/** Renders the real app routes at `initialPath`, with a fresh store for every test. */
export function renderRoute(initialPath: string) {
  const store = createAppStore();
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router, store };
}
