import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { TenancyLedger } from './tenancyLedgerApi';

const propertyId = '3f1c7a2e-8d4b-4c1a-9e2f-1a2b3c4d5e6f';
const tenantId = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const ledgerUrl = `/api/landlord/properties/${propertyId}/tenants/${tenantId}/ledger`;

const ledger: TenancyLedger = {
  propertyId,
  propertyAddress: '12 Garden Street, Springfield, IL 62704',
  tenantUserId: tenantId,
  tenantName: 'Tina Tenant',
  timeZone: 'America/New_York',
  balanceCents: 157_500,
  lines: [
    { journalId: 'j3', kind: 'late_fee', occurredAt: '2025-04-06T04:00:00.000Z', date: '2025-04-06', what: 'Late fee', amountCents: 7_500, balanceCents: 157_500, waived: false, voided: false },
    { journalId: 'j2', kind: 'rent_charge', occurredAt: '2025-04-01T04:00:00.000Z', date: '2025-04-01', what: 'Rent for April 2025', amountCents: 150_000, balanceCents: 150_000, waived: false, voided: false },
  ],
};

describe('the landlord’s ledger of a tenancy', () => {
  it('shows the tenant’s lines and balance, with the CSV to download', async () => {
    mswServer.use(sessionOf(testUser({ type: 'landlord' })), http.get(ledgerUrl, () => HttpResponse.json({ status: 'success', ledger })));
    renderRoute(`/landlord/property/${propertyId}/tenants/${tenantId}/ledger`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tina Tenant’s ledger' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    // A late fee offers the landlord its Waive action (decision 0040); other lines offer nothing.
    expect(rows.map((row) => row.textContent)).toEqual(['Apr 6, 2025Late feeWaive$75.00Balance $1,575.00', 'Apr 1, 2025Rent for April 2025$1,500.00Balance $1,500.00']);
    expect(within(rows[0]).getByRole('button', { name: 'Waive late fee of $75.00' })).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('$1,575.00', { selector: 'strong' }).parentElement).toHaveTextContent('Balance due: $1,575.00');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `${ledgerUrl}.csv`);
    expect(screen.getByRole('link', { name: 'Tenants' })).toHaveAttribute('href', `/landlord/property/${propertyId}/tenants`);
  });

  it('offers no Waive on a late fee already waived', async () => {
    const waived = {
      ...ledger,
      lines: [
        { journalId: 'j4', kind: 'late_fee_waiver' as const, occurredAt: '2025-04-08T15:00:00.000Z', date: '2025-04-08', what: 'Late fee waived: Paid by check', amountCents: -7_500, balanceCents: 150_000, waived: false, voided: false },
        { ...ledger.lines[0], waived: true, voided: false },
        ledger.lines[1],
      ],
    };
    mswServer.use(sessionOf(testUser({ type: 'landlord' })), http.get(ledgerUrl, () => HttpResponse.json({ status: 'success', ledger: waived })));
    renderRoute(`/landlord/property/${propertyId}/tenants/${tenantId}/ledger`);
    expect(await screen.findByRole('row', { name: /Late fee waived: Paid by check/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Waive/ })).not.toBeInTheDocument();
  });

  it('offers a recorded payment’s receipt, and Void until it is voided; and Record a Payment for the tenancy', async () => {
    const recorded = {
      ...ledger,
      balanceCents: 150_000,
      lines: [
        { journalId: 'v1', kind: 'recorded_payment_void' as const, occurredAt: '2025-04-09T15:00:00.000Z', date: '2025-04-09', what: 'Recorded payment voided: The check bounced', amountCents: 50_000, balanceCents: 150_000, waived: false, voided: false },
        { journalId: 'k2', kind: 'recorded_payment' as const, occurredAt: '2025-04-05T04:00:00.000Z', date: '2025-04-05', what: 'Check #1234, recorded by landlord', amountCents: -50_000, balanceCents: 100_000, waived: false, voided: true },
        { journalId: 'k1', kind: 'recorded_payment' as const, occurredAt: '2025-04-03T04:00:00.000Z', date: '2025-04-03', what: 'Cash, recorded by landlord', amountCents: -50_000, balanceCents: 150_000, waived: false, voided: false },
        { ...ledger.lines[1], balanceCents: 200_000, amountCents: 200_000 },
      ],
    };
    mswServer.use(sessionOf(testUser({ type: 'landlord' })), http.get(ledgerUrl, () => HttpResponse.json({ status: 'success', ledger: recorded })));
    renderRoute(`/landlord/property/${propertyId}/tenants/${tenantId}/ledger`);
    const cash = await screen.findByRole('row', { name: /Cash, recorded by landlord/ });
    expect(within(cash).getByRole('link', { name: 'Receipt of Cash, recorded by landlord' })).toHaveAttribute('href', '/landlord/payment-receipt/k1');
    expect(within(cash).getByRole('button', { name: 'Void payment of $500.00' })).toBeInTheDocument();
    const check = screen.getByRole('row', { name: /Check #1234, recorded by landlord/ });
    expect(within(check).getByText('Voided')).toHaveClass('status-pill--neutral');
    expect(within(check).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Recorded payment voided/ })).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record a Payment' })).toHaveAttribute('href', `/landlord/property/${propertyId}/tenants/${tenantId}/record-payment`);
  });

  it('says so when the ledger is not the landlord’s', async () => {
    mswServer.use(
      sessionOf(testUser({ type: 'landlord' })),
      http.get(ledgerUrl, () => HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 })),
    );
    renderRoute(`/landlord/property/${propertyId}/tenants/${tenantId}/ledger`);
    expect(await screen.findByText('This ledger isn’t one of yours')).toBeInTheDocument();
  });

  it('is linked from each tenant on the property’s tenants page', async () => {
    mswServer.use(
      sessionOf(testUser({ type: 'landlord' })),
      http.get(`/api/landlord/properties/${propertyId}/tenants`, () =>
        HttpResponse.json({
          status: 'success',
          property: { propertyId, address: ledger.propertyAddress, rentCents: 150_000 },
          rows: [{ tenantId, propertyId, firstName: 'Tina', lastName: 'Tenant', email: 'tina@example.com', phone: '(503) 555-0142', hasSignedIn: true, startedAt: '2025-03-01T05:00:00.000Z' }],
        }),
      ),
      http.get('/api/landlord/autopay', () => HttpResponse.json({ status: 'success', tenants: [] })),
    );
    renderRoute(`/landlord/property/${propertyId}/tenants`);
    expect(await screen.findByRole('link', { name: 'Ledger of Tina Tenant' })).toHaveAttribute('href', `/landlord/property/${propertyId}/tenants/${tenantId}/ledger`);
  });
});
