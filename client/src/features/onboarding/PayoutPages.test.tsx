import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';

describe('/landlord/oAuth (back from the payment provider)', () => {
  it('passes the state and the code to the server and shows the created page', async () => {
    let sent: unknown;
    mswServer.use(
      http.post('/api/onboarding/payout-account/confirm', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'success', payoutStatus: 'active' });
      }),
    );
    const { router } = renderRoute('/landlord/oAuth?scope=read_write&code=ac_123&state=c3RhdGVfeHl6');

    await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/stripe-account/created'));
    expect(sent).toEqual({ state: 'c3RhdGVfeHl6', code: 'ac_123' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payout account connected' })).toBeInTheDocument();
    expect(screen.getByText(/complete step 2 in the first email/)).toBeInTheDocument();
  });

  it('goes to the error page when the server cannot confirm the account', async () => {
    mswServer.use(
      http.post('/api/onboarding/payout-account/confirm', () => HttpResponse.json({ status: 'error', error: 'No' }, { status: 409 })),
      http.get('/api/onboarding/config', () => HttpResponse.json({ status: 'success', supportEmail: 'help@rentwise.test' })),
    );
    const { router } = renderRoute('/landlord/oAuth?state=c3RhdGVfeHl6');

    await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/stripe-account/error'));
    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t connect your payout account' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@rentwise.test' })).toHaveAttribute('href', 'mailto:help@rentwise.test');
  });

  it('goes to the error page without calling the server when the provider reports an error or there is no state', async () => {
    mswServer.use(http.get('/api/onboarding/config', () => HttpResponse.json({ status: 'success', supportEmail: 'help@rentwise.test' })));
    for (const path of ['/landlord/oAuth?error=access_denied&state=abc', '/landlord/oAuth']) {
      const { router, unmount } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/stripe-account/error'));
      unmount();
    }
  });
});

describe('/landlord/stripe-account/error', () => {
  it('explains an expired or used step-1 link and where to ask for a new one', async () => {
    mswServer.use(http.get('/api/onboarding/config', () => HttpResponse.json({ status: 'success', supportEmail: 'help@rentwise.test' })));
    renderRoute('/landlord/stripe-account/error?reason=link');

    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@rentwise.test' })).toBeInTheDocument();
  });
});
