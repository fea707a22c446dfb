import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../app/session';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import type { ReconciliationDifference } from './reconciliationApi';

const operator: SessionUser = {
  userId: 'op-1',
  type: 'operator',
  firstName: 'Olive',
  lastName: 'Operator',
  email: 'olive@example.com',
  phone: '(555) 555-0102',
  photoUrl: null,
  lastLoginAt: null,
};

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

function withReport(differences: ReconciliationDifference[], lastRunAt: string | null = '2024-03-06T04:00:00.000Z') {
  mswServer.use(
    http.get('/api/account/validate', () => HttpResponse.json({ status: 'success', isValid: true, user: operator })),
    http.get('/api/operator/reconciliation', () => HttpResponse.json({ status: 'success', lastRunAt, differences })),
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
    await userEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText(/Reconciliation started/)).toBeInTheDocument();
    expect(runs).toBe(1);
  });
});
