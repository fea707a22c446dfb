import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { DisputedAfterRefundPayment, ReconciliationDifference } from './reconciliationApi';

const operator = testUser({ userId: 'op-1', type: 'operator', firstName: 'Olive', lastName: 'Operator', email: 'olive@example.com', phone: '(555) 555-0102' });

const missing: ReconciliationDifference = {
  differenceId: 'd-1',
  provider: 'stripe',
  connectedAccountId: 'acct_1',
  kind: 'missing_journal',
  reference: 'refund:acct_1/re_1',
  balanceTransactionId: 'txn_9',
  ledgerTransactionId: null,
  providerAmountCents: -30_000,
  ledgerAmountCents: null,
  occurredAt: '2024-03-05T15:00:00.000Z',
  firstFoundAt: '2024-03-06T04:00:00.000Z',
  lastFoundAt: '2024-03-06T04:00:00.000Z',
};

function withReport(
  differences: ReconciliationDifference[],
  lastRunAt: string | null = '2024-03-06T04:00:00.000Z',
  disputedAfterRefund: DisputedAfterRefundPayment[] = [],
) {
  mswServer.use(
    sessionOf(operator),
    http.get('/api/operator/reconciliation', () => HttpResponse.json({ status: 'success', lastRunAt, differences, disputedAfterRefund })),
  );
}

describe('Reconciliation page', () => {
  it('lists each open difference with what the provider and the ledger say', async () => {
    withReport([missing, { ...missing, differenceId: 'd-2', kind: 'extra_journal', reference: 'rent-payment:acct_1/ch_1', balanceTransactionId: null, ledgerTransactionId: 'j-1', providerAmountCents: null, ledgerAmountCents: 150_699 }]);
    renderRoute('/operator/reconciliation');

    const table = await screen.findByRole('table', { name: 'Open differences' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Missing from the ledger');
    expect(rows[0]).toHaveTextContent('refund:acct_1/re_1');
    expect(rows[0]).toHaveTextContent('-$300.00');
    expect(rows[1]).toHaveTextContent('Not at the provider');
    expect(rows[1]).toHaveTextContent('$1,506.99');
    expect(screen.getByText(/Last run Mar 6, 2024/)).toBeInTheDocument();
  });

  it('lists payments refunded and then disputed, with the amount at risk', async () => {
    withReport([], '2024-03-06T04:00:00.000Z', [
      {
        receiptId: 'r-1',
        paidAt: '2024-03-05T15:00:00.000Z',
        chargedCents: 150_699,
        landlordUserId: 'l-1',
        landlordName: 'Lena Landlord',
        tenantName: 'Sam Rivera',
        propertyAddress: '12 Garden Street',
        connectedAccountId: 'acct_1',
        chargeId: 'ch_1',
        refundedCents: 20_000,
        refundedAt: '2024-03-07T15:00:00.000Z',
        disputeOpenedAt: '2024-03-12T15:00:00.000Z',
        disputedCents: 150_699,
        atRiskCents: 20_000,
      },
    ]);
    renderRoute('/operator/reconciliation');

    const section = await screen.findByRole('region', { name: 'Refunded and disputed' });
    const [row] = within(within(section).getByRole('table', { name: 'Refunded and disputed payments' })).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Lena Landlord');
    expect(row).toHaveTextContent('Sam Rivera, $1,506.99 paid Mar 5, 2024');
    expect(row).toHaveTextContent('acct_1/ch_1');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.querySelector('.money')?.textContent ?? cell.textContent)).toEqual(['$200.00', '$1,506.99', '$200.00']);
    // Open differences are a separate matter: none here.
    expect(screen.getByRole('heading', { name: 'No open differences' })).toBeInTheDocument();
  });

  it('says when nothing is open, and starts a run on request', async () => {
    withReport([], null);
    let runs = 0;
    mswServer.use(
      http.post('/api/operator/reconciliation/runs', () => {
        runs += 1;
        return HttpResponse.json({ status: 'success' }, { status: 202 });
      }),
    );
    renderRoute('/operator/reconciliation');

    expect(await screen.findByRole('heading', { name: 'No open differences' })).toBeInTheDocument();
    expect(screen.getByText(/It has not run yet/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Refunded and disputed' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText(/Reconciliation started/)).toBeInTheDocument();
    expect(runs).toBe(1);
  });
});
