import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { TenantLedger } from './tenantLedgerApi';

const ledger: TenantLedger = {
  propertyId: '3f1c7a2e-8d4b-4c1a-9e2f-1a2b3c4d5e6f',
  propertyAddress: '12 Elm St, Springfield, IL 62701',
  tenantUserId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  tenantName: 'Theo Tenant',
  timeZone: 'America/New_York',
  balanceCents: 100_000,
  lines: [
    { journalId: 'j4', kind: 'rent_payment', occurredAt: '2025-04-20T15:00:00.000Z', date: '2025-04-20', what: 'Payment', amountCents: -50_000, balanceCents: 100_000, waived: false, voided: false },
    { journalId: 'j3', kind: 'rent_charge', occurredAt: '2025-04-01T04:00:00.000Z', date: '2025-04-01', what: 'Rent for April 2025', amountCents: 150_000, balanceCents: 150_000, waived: false, voided: false },
    { journalId: 'j2', kind: 'rent_payment', occurredAt: '2025-03-03T15:00:00.000Z', date: '2025-03-03', what: 'Payment', amountCents: -150_000, balanceCents: 0, waived: false, voided: false },
    { journalId: 'j1', kind: 'rent_charge', occurredAt: '2025-03-01T05:00:00.000Z', date: '2025-03-01', what: 'Rent for March 2025', amountCents: 150_000, balanceCents: 150_000, waived: false, voided: false },
  ],
};

function withLedger(answer: () => Response) {
  mswServer.use(sessionOf(testUser({ type: 'tenant' })), http.get('/api/tenant/ledger', answer));
}

describe('the tenant’s ledger', () => {
  it('lists every line newest first with its date, amount and the balance after it, and downloads as CSV', async () => {
    withLedger(() => HttpResponse.json({ status: 'success', ledger }));
    renderRoute('/tenant/ledger');
    const table = await screen.findByRole('table', { name: 'Your ledger, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Apr 20, 2025Payment−$500.00Balance $1,000.00',
      'Apr 1, 2025Rent for April 2025$1,500.00Balance $1,500.00',
      'Mar 3, 2025Payment−$1,500.00Balance $0.00',
      'Mar 1, 2025Rent for March 2025$1,500.00Balance $1,500.00',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ledger' })).toBeInTheDocument();
    expect(screen.getByText('12 Elm St, Springfield, IL 62701')).toBeInTheDocument();
    expect(screen.getByText('$1,000.00', { selector: 'strong' }).parentElement).toHaveTextContent('Balance due: $1,000.00');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/tenant/ledger.csv');
  });

  it('shows about two years of lines, and the earlier ones on request', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({ ...ledger.lines[1], journalId: `c${index}`, what: `Line ${index}` }));
    withLedger(() => HttpResponse.json({ status: 'success', ledger: { ...ledger, lines } }));
    const user = userEvent.setup();
    renderRoute('/tenant/ledger');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 48);
    await user.click(screen.getByRole('button', { name: 'Show 12 earlier lines' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 60);
    expect(within(table).getByRole('rowheader', { name: 'Line 59' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /earlier line/ })).toBeNull();
  });

  it('says a credit is a credit', async () => {
    withLedger(() =>
      HttpResponse.json({ status: 'success', ledger: { ...ledger, balanceCents: -2_500, lines: [{ ...ledger.lines[0], amountCents: -2_500, balanceCents: -2_500 }] } }),
    );
    renderRoute('/tenant/ledger');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Balance $25.00 credit');
    expect(screen.getByText('$25.00', { selector: 'strong' }).parentElement).toHaveTextContent('Credit: $25.00');
  });

  it('shows what fills an empty ledger, and offers a retry when it does not load', async () => {
    withLedger(() => HttpResponse.json({ status: 'success', ledger: { ...ledger, balanceCents: 0, lines: [] } }));
    const first = renderRoute('/tenant/ledger');
    expect(await screen.findByRole('heading', { name: 'Nothing in your ledger yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    first.unmount();

    let calls = 0;
    withLedger(() => {
      calls += 1;
      return calls === 1 ? HttpResponse.json({ status: 'error', error: 'Internal' }, { status: 500 }) : HttpResponse.json({ status: 'success', ledger });
    });
    const user = userEvent.setup();
    renderRoute('/tenant/ledger');
    expect(await screen.findByText('Your ledger didn’t load')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Your ledger, newest first' })).toBeInTheDocument();
  });
});
