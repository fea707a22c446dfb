import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { DeclinedCardsByAddress, DeclinedCardsByTenant } from './declinedCardsApi';
import { formatDateTime } from './formatTime';

const operator = testUser({ userId: 'op-1', type: 'operator', firstName: 'Olive', lastName: 'Operator', email: 'olive@example.com', phone: '(555) 555-0102' });

const limitedTenant: DeclinedCardsByTenant = {
  tenantUserId: 't-1',
  name: 'Sam Rivera',
  email: 'sam@example.com',
  lastHour: 5,
  last24Hours: 7,
  lastDeclinedAt: '2026-05-04T15:10:00.000Z',
  limitedUntil: '2026-05-04T16:02:00.000Z',
};

const busyAddress: DeclinedCardsByAddress = {
  clientAddress: '203.0.113.9',
  tenants: 4,
  lastHour: 3,
  last24Hours: 9,
  lastDeclinedAt: '2026-05-04T15:12:00.000Z',
  limitedUntil: null,
};

function withReport(tenants: DeclinedCardsByTenant[], addresses: DeclinedCardsByAddress[]) {
  let reads = 0;
  mswServer.use(
    sessionOf(operator),
    http.get('/api/operator/declined-cards', () => {
      reads += 1;
      return HttpResponse.json({ status: 'success', perTenantLimit: 5, perAddressLimit: 5, tenants, addresses });
    }),
  );
  return () => reads;
}

describe('Declined cards page', () => {
  it('lists tenants and addresses with their counts, and until when payments wait', async () => {
    withReport([limitedTenant, { ...limitedTenant, tenantUserId: 't-2', name: null, email: null, lastHour: 2, last24Hours: 3, limitedUntil: null }], [busyAddress]);
    renderRoute('/operator/declined-cards');

    const tenants = await screen.findByRole('table', { name: 'Declined cards by tenant' }, { timeout: 5000 });
    const [limited, removed] = within(tenants).getAllByRole('row').slice(1);
    expect(within(limited).getByRole('rowheader')).toHaveTextContent('Sam Rivera');
    expect(limited).toHaveTextContent('sam@example.com');
    expect(within(limited).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '5',
      '7',
      formatDateTime(limitedTenant.lastDeclinedAt),
      `Waiting until ${formatDateTime(limitedTenant.limitedUntil!)}`,
    ]);
    expect(removed).toHaveTextContent('Account removed');
    expect(removed).toHaveTextContent('2 of 5 this hour');

    const addresses = screen.getByRole('table', { name: 'Declined cards by network address' });
    const [row] = within(addresses).getAllByRole('row').slice(1);
    expect(within(row).getByRole('rowheader')).toHaveTextContent('203.0.113.9');
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('4');
    expect(row).toHaveTextContent('3 of 5 this hour');
    expect(screen.getByText(/After 5 declined cards in an hour from one tenant, or 5 from one network address/)).toBeInTheDocument();
  });

  it('says when no one is near the limit, and reads again on Refresh', async () => {
    const reads = withReport([], []);
    const user = userEvent.setup();
    renderRoute('/operator/declined-cards');

    expect(await screen.findByRole('heading', { name: 'No one near the limit' }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('heading', { name: 'No one near the limit' });
    expect(reads()).toBe(2);
  });

  it('is linked from the registration queue', async () => {
    withReport([], []);
    mswServer.use(http.get('/api/onboarding/registrations', () => HttpResponse.json({ status: 'success', rows: [] })));
    renderRoute('/operator/registrations');
    expect(await screen.findByRole('link', { name: 'Declined cards' }, { timeout: 5000 })).toHaveAttribute('href', '/operator/declined-cards');
  });
});
