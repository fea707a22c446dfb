import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { UnpaidBalance } from './remindersApi';

const landlord = testUser({ userId: 'l-1', type: 'landlord', firstName: 'Dana', lastName: 'Whitaker', email: 'dana@example.com' });

const row = (tenantName: string, propertyAddress: string, balanceCents: number, daysLate: number): UnpaidBalance => ({
  tenantUserId: `t-${tenantName.split(' ')[0].toLowerCase()}`,
  tenantName,
  propertyId: `p-${tenantName.split(' ')[0].toLowerCase()}`,
  propertyAddress,
  balanceCents,
  daysLate,
});

function withBalances(rows: UnpaidBalance[]) {
  mswServer.use(sessionOf(landlord), http.get('/api/landlord/balances', () => HttpResponse.json({ status: 'success', rows })));
}

const tenantNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('Who owes what', () => {
  it('lists each tenant owing, largest balance first, each name opening their ledger, and sorts by any column', async () => {
    withBalances([row('Sam Rivera', '12 Elm St', 150_000, 12), row('Ana Cole', '9 Oak Ave', 5_000, 40), row('Jo Park', '100 Elm St', 300_000, 0)]);
    const user = userEvent.setup();
    renderRoute('/landlord/balances');

    expect(await screen.findByRole('heading', { name: 'Who Owes What' })).toBeInTheDocument();
    expect(tenantNames()).toEqual(['Jo Park', 'Sam Rivera', 'Ana Cole']);
    expect(screen.getByText('3 tenants owe', { exact: false })).toHaveTextContent('3 tenants owe $4,550.00 in all.');
    const [, jo] = screen.getAllByRole('row');
    expect(within(jo).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['100 Elm St', '$3,000.00', 'Not late']);
    expect(within(jo).getByRole('link', { name: 'Jo Park' })).toHaveAttribute('href', '/landlord/property/p-jo/tenants/t-jo/ledger');
    expect(screen.getByRole('columnheader', { name: /Balance/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Tenant' }));
    expect(tenantNames()).toEqual(['Ana Cole', 'Jo Park', 'Sam Rivera']);
    expect(screen.getByRole('columnheader', { name: /Tenant/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Tenant' }));
    expect(tenantNames()).toEqual(['Sam Rivera', 'Jo Park', 'Ana Cole']);
    await user.click(screen.getByRole('button', { name: 'Days late' }));
    expect(tenantNames()).toEqual(['Ana Cole', 'Sam Rivera', 'Jo Park']);
    expect(screen.getByText('40 days')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Property' }));
    expect(tenantNames()).toEqual(['Ana Cole', 'Sam Rivera', 'Jo Park']); // 9, 12, 100
  });

  it('says when nobody owes rent', async () => {
    withBalances([]);
    renderRoute('/landlord/balances');
    expect(await screen.findByRole('heading', { name: 'Nobody owes rent' })).toBeInTheDocument();
  });

  it('is a tile on the landlord dashboard', async () => {
    mswServer.use(
      sessionOf(landlord),
      http.get('/api/landlord/statements/statement', () => HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 })),
    );
    renderRoute('/landlord/dashboard');
    expect(await screen.findByRole('link', { name: /Who Owes What/ })).toHaveAttribute('href', '/landlord/balances');
  });
});

describe('A property’s reminders', () => {
  it('shows which reminders go out, and saves a kind turned off', async () => {
    let saved: unknown;
    const reminders = { dueSoon: true, dueToday: true, late: true, lateFee: true, weeklySummary: true };
    mswServer.use(
      sessionOf(landlord),
      http.get('/api/landlord/properties/p-1/reminders', () =>
        HttpResponse.json({ status: 'success', propertyId: 'p-1', propertyAddress: '123 Main St, Springfield, IL 62704', reminders }),
      ),
      http.put('/api/landlord/properties/p-1/reminders', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ status: 'success', propertyId: 'p-1', propertyAddress: '123 Main St, Springfield, IL 62704', reminders: saved });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/landlord/property/p-1/reminders');

    const dueToday = await screen.findByRole('checkbox', { name: /Rent due today/ });
    expect(screen.getByText('123 Main St, Springfield, IL 62704')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    await user.click(dueToday);
    await user.click(screen.getByRole('button', { name: 'Save Reminders' }));
    expect(await screen.findByText('Reminders saved.')).toBeInTheDocument();
    expect(saved).toEqual({ ...reminders, dueToday: false });
    expect(screen.getByRole('checkbox', { name: /Rent due today/ })).not.toBeChecked();
  });

  it('offers to try again when the settings do not load', async () => {
    mswServer.use(
      sessionOf(landlord),
      http.get('/api/landlord/properties/p-2/reminders', () => HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 })),
    );
    renderRoute('/landlord/property/p-2/reminders');
    expect(await screen.findByText('The reminders didn’t load')).toBeInTheDocument();
  });
});
