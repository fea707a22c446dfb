import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

const tenant = testUser({ userId: 'u-2', type: 'tenant', firstName: 'Theo', lastName: 'Tenant', email: 'theo@example.com' });

describe('the tenant’s reminder switch', () => {
  it('shows reminders on, and turns them off with the server', async () => {
    const puts: unknown[] = [];
    mswServer.use(
      sessionOf(tenant),
      http.get('/api/tenant/reminders', () => HttpResponse.json({ status: 'success', remindersOn: true })),
      http.put('/api/tenant/reminders', async ({ request }) => {
        const body = (await request.json()) as { remindersOn: boolean };
        puts.push(body);
        return HttpResponse.json({ status: 'success', remindersOn: body.remindersOn });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/tenant/info');

    const toggle = await screen.findByRole('switch', { name: /Rent reminders by email/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Rent reminders are off.')).toBeInTheDocument();
    expect(puts).toEqual([{ remindersOn: false }]);
    expect(screen.getByRole('switch', { name: /Rent reminders by email/ })).not.toBeChecked();
  });

  it('is not on a landlord’s page', async () => {
    mswServer.use(sessionOf(testUser({ type: 'landlord' })));
    renderRoute('/landlord/info');
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
