import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import type { SessionUser } from '../../app/session';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';

const tenant: SessionUser = {
  userId: 'u-2',
  type: 'tenant',
  firstName: 'Theo',
  lastName: 'Tenant',
  email: 'theo@example.com',
  phone: '(555) 555-0101',
  photoUrl: null,
  lastLoginAt: null,
};

const signedInAs = (user: SessionUser) =>
  http.get('/api/account/validate', () => HttpResponse.json({ status: 'success', isValid: true, user }));

describe('personal information', () => {
  it('answers an unchanged form without calling the server', async () => {
    let updates = 0;
    mswServer.use(
      signedInAs(tenant),
      http.post('/api/account/update-user', () => {
        updates++;
        return HttpResponse.json({ status: 'success', user: tenant });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/tenant/info');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
    expect(updates).toBe(0);
  });

  it('shows the email-taken message under the email field', async () => {
    mswServer.use(
      signedInAs(tenant),
      http.post('/api/account/update-user', () =>
        HttpResponse.json({ status: 'error', error: MESSAGES.emailTaken }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/tenant/info');
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.clear(screen.getByLabelText('Confirm email'));
    await user.type(screen.getByLabelText('Confirm email'), 'taken@example.com{Enter}');
    expect(await screen.findByText(MESSAGES.emailTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInvalid();
  });
});

describe('tenant dashboard', () => {
  it('shows the property address when the tenant has a residence, and nothing when not', async () => {
    mswServer.use(
      signedInAs(tenant),
      http.get('/api/tenant/residence', () =>
        HttpResponse.json({ status: 'success', residence: { propertyAddress: '12 Elm St, Springfield, IL 62701' } }),
      ),
    );
    renderRoute('/tenant/dashboard');
    expect(await screen.findByText('12 Elm St, Springfield, IL 62701')).toBeInTheDocument();
  });

  it('shows no address when the residence is unknown', async () => {
    mswServer.use(
      signedInAs(tenant),
      http.get('/api/tenant/residence', () => HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 })),
    );
    renderRoute('/tenant/dashboard');
    expect(await screen.findByRole('heading', { name: 'Theo Tenant' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.skeleton')).toBeNull());
    expect(document.querySelector('.dashboard-profile__address')).toBeNull();
  });
});
