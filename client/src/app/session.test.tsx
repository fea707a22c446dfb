import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '../test/mswServer';
import { renderRoute } from '../test/renderRoute';
import { sessionOf, testUser } from '../test/session';
import { api } from './api';
import { sessionApi } from './session';
import { createAppStore } from './store';

const landlord = testUser({ userId: 'u-1', type: 'landlord', firstName: 'Lena', lastName: 'Landlord', email: 'lena@example.com' });

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, void>({ query: () => '/probe' }),
    signIn: build.mutation<unknown, void>({ query: () => ({ url: '/account/login', method: 'POST' }) }),
  }),
  overrideExisting: true,
});

describe('the session', () => {
  it('counts any 401 as an ended session', async () => {
    mswServer.use(sessionOf(landlord), http.get('/api/probe', () => HttpResponse.json({}, { status: 401 })));
    const store = createAppStore();
    await store.dispatch(sessionApi.endpoints.validateSession.initiate());
    expect(sessionApi.endpoints.validateSession.select()(store.getState()).data?.isValid).toBe(true);

    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(sessionApi.endpoints.validateSession.select()(store.getState()).data).toMatchObject({ isValid: false, user: null });
  });

  it('does not count a refused sign-in (401: wrong password) as an ended session', async () => {
    mswServer.use(sessionOf(null), http.post('/api/account/login', () => HttpResponse.json({}, { status: 401 })));
    const store = createAppStore();
    await store.dispatch(probeApi.endpoints.signIn.initiate());
    expect(sessionApi.endpoints.validateSession.select()(store.getState()).data).toBeUndefined();
  });

  it('does not count a 401 that arrives after signing out as an ended session (the page is on its way home)', async () => {
    mswServer.use(
      sessionOf(landlord),
      http.post('/api/account/logout', () => HttpResponse.json({ status: 'success' })),
      http.get('/api/probe', () => HttpResponse.json({}, { status: 401 })),
    );
    const store = createAppStore();
    await store.dispatch(sessionApi.endpoints.validateSession.initiate());
    await store.dispatch(sessionApi.endpoints.signOut.initiate(undefined, { fixedCacheKey: 'sign-out' }));

    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(sessionApi.endpoints.validateSession.select()(store.getState()).data?.isValid).toBe(true);
  });
});

describe('signed-in route sets', () => {
  it('send a visitor without a session to /home-redirect', async () => {
    mswServer.use(sessionOf(null));
    const { router } = renderRoute('/landlord/dashboard');
    expect(await screen.findByRole('heading', { name: 'Your session has ended' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home-redirect');
  });

  it('sign a person out to the home page, not to "Your session has ended", and then forget their answers', async () => {
    let signedIn = true;
    mswServer.use(
      http.get('/api/account/validate', () => HttpResponse.json({ status: 'success', isValid: signedIn, user: signedIn ? landlord : null })),
      http.post('/api/account/logout', () => {
        signedIn = false;
        return HttpResponse.json({ status: 'success' });
      }),
    );
    const { router, store } = renderRoute('/landlord/dashboard');
    await screen.findByRole('heading', { name: 'Lena Landlord' });

    await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Account' })).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(sessionApi.endpoints.validateSession.select()(store.getState()).data?.user ?? null).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it("send a person to their own dashboard from another role's page", async () => {
    mswServer.use(sessionOf(landlord));
    const { router } = renderRoute('/tenant/payment');
    expect(await screen.findByRole('heading', { name: 'Lena Landlord' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/landlord/dashboard');
  });

  it('send an unknown page of the set to its dashboard', async () => {
    mswServer.use(
      sessionOf({ ...landlord, type: 'tenant', firstName: 'Tia' }),
      http.get('/api/tenant/residence', () => HttpResponse.json({ status: 'success', residence: null })),
      http.get('/api/tenant/balance', () => HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 })),
    );
    const { router } = renderRoute('/tenant/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Tia Landlord' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tenant/dashboard');
  });

  it('offer a retry, not a redirect, when the session cannot be checked', async () => {
    mswServer.use(http.get('/api/account/validate', () => HttpResponse.error()));
    const { router } = renderRoute('/landlord/dashboard');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/landlord/dashboard');
  });

  it('send a page whose save is answered 401 to /home-redirect', async () => {
    mswServer.use(sessionOf(landlord), http.post('/api/account/update-user', () => HttpResponse.json({}, { status: 401 })));
    const user = userEvent.setup();
    const { router } = renderRoute('/landlord/info');
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('heading', { name: 'Your session has ended' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home-redirect');
  });

  it('send a signed-in person away from the sign-in page to their dashboard', async () => {
    mswServer.use(sessionOf(landlord));
    const { router } = renderRoute('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/dashboard'));
  });
});
