import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Statement, StatementRow } from '../../app/landlordStatementApi';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

const year = new Date().getFullYear();

function signedInAsLandlord() {
  mswServer.use(sessionOf(testUser({ type: 'landlord', firstName: 'Lena', lastName: 'Landlord', email: 'lena@example.com' })));
}

const monthRow = (month: number, rentDueCents: number, receivedCents: number): StatementRow => ({
  label: `${['January', 'February', 'March'][month - 1]} ${year}`,
  year,
  month,
  rentDueCents,
  lateFeesCents: 0,
  grossCents: receivedCents,
  platformFeeCents: 0,
  receivedCents,
  processingCents: 0,
  processorFeeCents: 0,
  netCents: receivedCents,
  stillDueCents: Math.max(0, rentDueCents - receivedCents),
});

/** This year's statement for all properties, as GET /landlord/statements/statement?year= answers it. */
function withYear(rows: StatementRow[]) {
  const sum = (key: keyof StatementRow) => rows.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  const statement: Statement = {
    kind: 'yearly',
    year,
    month: null,
    propertyId: null,
    scopeLabel: 'All properties',
    periodLabel: String(year),
    periodInWords: `Payments made from 11 December ${year - 1} to 10 December ${year} count as ${year}; later ones count to the next year.`,
    timeZone: 'America/New_York',
    generatedAt: new Date().toISOString(),
    rows,
    totals: {
      label: 'Total',
      rentDueCents: sum('rentDueCents'),
      lateFeesCents: sum('lateFeesCents'),
      grossCents: sum('grossCents'),
      platformFeeCents: 0,
      receivedCents: sum('receivedCents'),
      processingCents: sum('processingCents'),
      processorFeeCents: 0,
      netCents: sum('netCents'),
      stillDueCents: sum('stillDueCents'),
    },
    payments: [],
    calendarYear: null,
  };
  const queries: string[] = [];
  mswServer.use(
    http.get('/api/landlord/statements/statement', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json({ status: 'success', statement });
    }),
  );
  return queries;
}

const findTile = () => screen.findByRole('region', { name: `${year} at a glance` }, { timeout: 5_000 });

describe('landlord dashboard: this year at a glance', () => {
  it('shows received against due for the year, a chart by month and a link to the yearly statement', async () => {
    signedInAsLandlord();
    const queries = withYear([monthRow(1, 150_000, 150_000), monthRow(2, 150_000, 100_000), monthRow(3, 150_000, 0)]);
    renderRoute('/landlord/dashboard');

    const tile = await findTile();
    expect(queries).toEqual([`?year=${year}`]);
    expect(within(tile).getByText((_, element) => element?.textContent === 'Received $2,500.00 of $4,500.00 due')).toBeInTheDocument();
    const chart = within(tile).getByRole('img', { name: `Rent received against rent due by month in ${year}` });
    for (const monthTick of ['Jan', 'Feb', 'Mar']) expect(within(chart).getByText(monthTick)).toBeInTheDocument();
    // Due and Received for each month, less March's Received, which is nothing and draws no bar.
    expect(chart.querySelectorAll('.month-bars__bar')).toHaveLength(5);
    expect(within(tile).getByRole('link', { name: 'Yearly statement' })).toHaveAttribute('href', `/landlord/statements?year=${year}`);
    expect(within(tile).queryByText('No rent was due or received yet this year.')).not.toBeInTheDocument();
    // The tiles above it are still there.
    expect(screen.getByRole('link', { name: /Payment History/ })).toHaveAttribute('href', '/landlord/payment-history');
  });

  it('adds what banks are still sending, only when some bank payment is processing', async () => {
    signedInAsLandlord();
    withYear([monthRow(1, 150_000, 150_000), { ...monthRow(2, 150_000, 0), processingCents: 150_000, stillDueCents: 0 }]);
    renderRoute('/landlord/dashboard');

    const tile = await findTile();
    expect(within(tile).getByText((_, element) => element?.textContent === 'Received $1,500.00 of $3,000.00 due, $1,500.00 processing')).toBeInTheDocument();
  });

  it('says nothing was due or received yet when the year has no months', async () => {
    signedInAsLandlord();
    withYear([]);
    renderRoute('/landlord/dashboard');

    const tile = await findTile();
    expect(within(tile).getByText('No rent was due or received yet this year.')).toBeInTheDocument();
    expect(within(tile).getByText((_, element) => element?.textContent === 'Received $0.00 of $0.00 due')).toBeInTheDocument();
    expect(within(tile).queryByRole('img')).not.toBeInTheDocument();
  });

  it('says nothing was due or received yet when every month is empty (properties without tenants)', async () => {
    signedInAsLandlord();
    withYear([monthRow(1, 0, 0), monthRow(2, 0, 0)]);
    renderRoute('/landlord/dashboard');

    const tile = await findTile();
    expect(within(tile).getByText('No rent was due or received yet this year.')).toBeInTheDocument();
    expect(within(tile).queryByRole('img')).not.toBeInTheDocument();
  });

  it('leaves the tile out when the year does not load, and keeps the dashboard', async () => {
    signedInAsLandlord();
    let calls = 0;
    mswServer.use(
      http.get('/api/landlord/statements/statement', () => {
        calls += 1;
        return HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 });
      }),
    );
    renderRoute('/landlord/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Landlord' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() => expect(document.querySelector('.year-glance')).toBeNull());
    expect(screen.queryByRole('region', { name: `${year} at a glance` })).not.toBeInTheDocument();
  });
});
