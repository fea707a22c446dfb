import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import { encodeEmailParam } from '@rentwise/libs/base64-email';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

const tenant = testUser({ userId: 'u-2', type: 'tenant', firstName: 'Theo', lastName: 'Tenant', email: 'theo@example.com', phone: '(555) 555-0101' });

const signedOut = sessionOf(null);

describe('sign in', () => {
  it('shows the spec message when the server refuses the credentials', async () => {
    mswServer.use(
      signedOut,
      http.post('/api/account/login', () => HttpResponse.json({ status: 'error', error: 'x' }, { status: 401 })),
    );
    const user = userEvent.setup();
    renderRoute('/sign-in');
    await user.type(await screen.findByLabelText('Email'), 'theo@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });

  it('shows the cooling-off message on 429', async () => {
    mswServer.use(
      signedOut,
      http.post('/api/account/login', () =>
        HttpResponse.json({ status: 'error', error: MESSAGES.tooManyAttempts }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/sign-in');
    await user.type(await screen.findByLabelText('Email'), 'theo@example.com');
    await user.type(screen.getByLabelText('Password'), 'any-password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.tooManyAttempts);
  });

  it('takes a tenant to the payment screen on success (spec section 4)', async () => {
    mswServer.use(
      signedOut,
      http.post('/api/account/login', () => HttpResponse.json({ status: 'success', user: tenant })),
      http.get('/api/tenant/payment-setup', () =>
        HttpResponse.json({
          status: 'success',
          setup: {
            rentCents: 150000,
            processingFeeCents: 699,
            gateway: 'sandbox',
            publishableKey: null,
            connectedAccountId: null,
            canPay: true,
            cannotPayReason: null,
            signedInAt: new Date().toISOString(),
          },
        }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/sign-in');
    await user.type(await screen.findByLabelText('Email'), 'theo@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-password{Enter}');
    expect(await screen.findByRole('heading', { name: 'Make a Payment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tenant/payment');
  });
});

describe('password links', () => {
  it('reset password goes to the home page when the link has no email', async () => {
    mswServer.use(signedOut);
    const { router } = renderRoute('/account/reset-password?token=abcdefghijklmnopqrstuvwxyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('create password shows Already Activated for an active account', async () => {
    mswServer.use(
      signedOut,
      http.post('/api/account/check-activated', () =>
        HttpResponse.json({ status: 'success', activated: true, linkValid: false }),
      ),
    );
    renderRoute(`/account/create-password?email=${encodeEmailParam('theo@example.com')}&token=abcdefghijklmnopqrstuvwxyz`);
    expect(await screen.findByRole('heading', { name: 'Already Activated' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to sign-in' })).toHaveAttribute('href', '/sign-in');
  });

  it('create password checks the password rules before calling the server', async () => {
    let calls = 0;
    mswServer.use(
      signedOut,
      http.post('/api/account/check-activated', () =>
        HttpResponse.json({ status: 'success', activated: false, linkValid: true }),
      ),
      http.post('/api/account/set-password', () => {
        calls++;
        return HttpResponse.json({ status: 'success' });
      }),
    );
    const user = userEvent.setup();
    renderRoute(`/account/create-password?email=${encodeEmailParam('theo@example.com')}&token=abcdefghijklmnopqrstuvwxyz`);
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short{Enter}');
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long-enough-one');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-two{Enter}');
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls).toBe(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-one{Enter}');
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});

describe('confirming a new email', () => {
  const token = 'a'.repeat(43);

  it('changes nothing on opening; the button confirms and names the new email', async () => {
    let sent: unknown;
    mswServer.use(
      signedOut,
      http.post('/api/account/confirm-email', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'success', email: 'theo.new@example.com' });
      }),
    );
    const user = userEvent.setup();
    renderRoute(`/account/confirm-email?token=${token}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm Email' }));
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(sent).toEqual({ token });
    expect(screen.getByText('theo.new@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/sign-in');
  });

  it('says how to get a new link when this one is used or expired', async () => {
    mswServer.use(
      signedOut,
      http.post('/api/account/confirm-email', () =>
        HttpResponse.json({ status: 'error', error: MESSAGES.linkInvalid }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute(`/account/confirm-email?token=${token}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.linkInvalid);
    expect(screen.getByRole('alert')).toHaveTextContent('change your email again on Personal Information');
  });

  it('opens for a signed-in person too', async () => {
    mswServer.use(sessionOf(tenant));
    const { router } = renderRoute(`/account/confirm-email?token=${token}`);
    expect(await screen.findByRole('button', { name: 'Confirm Email' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/confirm-email'));
  });
});
