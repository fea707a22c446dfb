import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailConfirmationSentMessage, MESSAGES } from '@rentwise/libs/messages';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

const tenant = testUser({ userId: 'u-2', type: 'tenant', firstName: 'Theo', lastName: 'Tenant', email: 'theo@example.com', phone: '(555) 555-0101' });

describe('personal information', () => {
  // The tenant's reminder switch under the form reads its setting (ReminderSwitch.test.tsx tests it).
  beforeEach(() => mswServer.use(http.get('/api/tenant/reminders', () => HttpResponse.json({ status: 'success', remindersOn: true }))));

  it('answers an unchanged form without calling the server', async () => {
    let updates = 0;
    mswServer.use(
      sessionOf(tenant),
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

  it('saves name and phone with the spec toast, asking no password', async () => {
    let sent: Record<string, unknown> = {};
    mswServer.use(
      sessionOf(tenant),
      http.post('/api/account/update-user', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 'success', user: { ...tenant, firstName: 'Thea' }, pendingEmail: null });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/tenant/info');
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Thea{Enter}');
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(sent).not.toHaveProperty('currentPassword');
  });

  it('asks for the current password for a new email, then says a link went to the new address', async () => {
    let sent: Record<string, unknown> = {};
    mswServer.use(
      sessionOf(tenant),
      http.post('/api/account/update-user', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 'success', user: tenant, pendingEmail: 'theo.new@example.com' });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/tenant/info');
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.clear(email);
    await user.type(email, 'Theo.New@example.com');
    await user.clear(screen.getByLabelText('Confirm email'));
    await user.type(screen.getByLabelText('Confirm email'), 'theo.new@example.com');
    await user.type(screen.getByLabelText('Current password'), 'my password {Enter}');

    const sentMessage = emailConfirmationSentMessage('theo.new@example.com');
    const notice = (await screen.findByText('Check your new email')).closest('[role="status"]');
    expect(notice).toHaveTextContent(sentMessage);
    expect(sent).toMatchObject({ email: 'theo.new@example.com', currentPassword: 'my password ' });
    // The email stays the one the person signs in with until the link is opened.
    expect(screen.getByLabelText('Email')).toHaveValue('theo@example.com');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.queryByText(MESSAGES.updated)).toBeNull();
  });

  it('shows a refused current password under its field', async () => {
    mswServer.use(
      sessionOf(tenant),
      http.post('/api/account/update-user', () =>
        HttpResponse.json({ status: 'error', error: MESSAGES.currentPasswordRequired }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/tenant/info');
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'theo.new@example.com');
    await user.clear(screen.getByLabelText('Confirm email'));
    await user.type(screen.getByLabelText('Confirm email'), 'theo.new@example.com{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.currentPasswordRequired)));
    expect(screen.getByLabelText('Current password')).toBeInvalid();
  });
});

// The balance card has its own tests (BalanceCard.test.tsx): here the tenant has no home to owe for.
const noBalance = http.get('/api/tenant/balance', () => HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 }));

describe('tenant dashboard', () => {
  it('shows the property address when the tenant has a residence, and nothing when not', async () => {
    mswServer.use(
      sessionOf(tenant),
      http.get('/api/tenant/residence', () =>
        HttpResponse.json({ status: 'success', residence: { propertyAddress: '12 Elm St, Springfield, IL 62701' } }),
      ),
      noBalance,
    );
    renderRoute('/tenant/dashboard');
    expect(await screen.findByText('12 Elm St, Springfield, IL 62701')).toBeInTheDocument();
  });

  it('shows no address when the residence is unknown', async () => {
    mswServer.use(
      sessionOf(tenant),
      http.get('/api/tenant/residence', () => HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 })),
      noBalance,
    );
    renderRoute('/tenant/dashboard');
    expect(await screen.findByRole('heading', { name: 'Theo Tenant' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.skeleton')).toBeNull());
    expect(document.querySelector('.dashboard-profile__address')).toBeNull();
  });
});
