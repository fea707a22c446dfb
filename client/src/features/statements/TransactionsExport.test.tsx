import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TRANSACTIONS_EXPORT_MESSAGES } from '@rentwise/libs/schemas/transactions-export.schema';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

/** The Statements page of a landlord, its statement still loading: the transactions download stands on its own. */
function statementsPage(year: number) {
  mswServer.use(
    sessionOf(testUser({ type: 'landlord', firstName: 'Lena', lastName: 'Landlord', email: 'lena@example.com' })),
    http.get('/api/landlord/statements/settings', () =>
      HttpResponse.json({ status: 'success', settings: { timeZone: 'America/New_York', defaultTimeZone: 'America/New_York' } }),
    ),
    http.get('/api/landlord/statements/properties', () => HttpResponse.json({ status: 'success', rows: [] })),
    http.get('/api/landlord/statements/statement', async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  );
  renderRoute(`/landlord/statements?year=${year}`);
}

describe('Transactions (CSV) on the Statements page', () => {
  it('downloads the page’s year, or another year chosen', async () => {
    statementsPage(2025);
    const link = await screen.findByRole('link', { name: 'Transactions (CSV)' });
    expect(link).toHaveAttribute('href', '/api/landlord/transactions.csv?year=2025');
    expect(link).toHaveAttribute('download', 'rentwise-transactions-2025.csv');

    await userEvent.selectOptions(screen.getByLabelText('Transactions of'), String(new Date().getFullYear()));
    expect(screen.getByRole('link', { name: 'Transactions (CSV)' })).toHaveAttribute('href', `/api/landlord/transactions.csv?year=${new Date().getFullYear()}`);
  });

  it('downloads chosen days, and says why it cannot when the last comes before the first', async () => {
    statementsPage(2025);
    await userEvent.selectOptions(await screen.findByLabelText('Transactions of'), 'Chosen days…');
    const first = screen.getByLabelText('First day');
    const last = screen.getByLabelText('Last day');
    await userEvent.clear(first);
    await userEvent.type(first, '2025-02-01');
    await userEvent.clear(last);
    await userEvent.type(last, '2025-03-31');
    const link = screen.getByRole('link', { name: 'Transactions (CSV)' });
    expect(link).toHaveAttribute('href', '/api/landlord/transactions.csv?from=2025-02-01&to=2025-03-31');
    expect(link).toHaveAttribute('download', 'rentwise-transactions-2025-02-01-to-2025-03-31.csv');

    await userEvent.clear(last);
    await userEvent.type(last, '2025-01-15');
    expect(screen.getByText(TRANSACTIONS_EXPORT_MESSAGES.endsBeforeStart)).toBeInTheDocument();
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('link', { name: 'Transactions (CSV)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transactions (CSV)' })).toBeDisabled();
  });
});
