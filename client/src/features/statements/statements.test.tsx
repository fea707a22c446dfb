import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import type { Statement, StatementPayment, StatementRow } from '../../app/landlordStatementApi';
import { dismissAllToasts } from '../../components/toastStore';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { MonthlyOverview, StatementPropertyChoice, StatementSettings } from './statementsApi';

type OverviewMonth = MonthlyOverview['months'][number];

const gardenId = '3f1c7a2e-8d4b-4c1a-9e2f-1a2b3c4d5e6f';
const maple = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const strangersId = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const receiptId = '7d1e0c4a-5b2f-4e8d-9a3c-1f2e3d4c5b6a';
const otherReceiptId = 'c0ffee00-1234-4abc-8def-0123456789ab';

const garden: StatementPropertyChoice = {
  propertyId: gardenId,
  address: '12 Garden Street, Springfield, IL 62704',
  rentCents: 150_000,
  archived: false,
};
const mapleHouse: StatementPropertyChoice = {
  propertyId: maple,
  address: '4 Maple Avenue, Apt 2, Springfield, IL 62701',
  rentCents: 98_000,
  archived: true,
};

function signedInAsLandlord() {
  mswServer.use(sessionOf(testUser({ type: 'landlord', firstName: 'Lena', lastName: 'Landlord', email: 'lena@example.com' })));
}

/** GET and PUT /landlord/statements/settings as the server answers them; returns the PUT bodies. */
function withSettings(timeZone = 'America/Chicago', put: (body: { timeZone: string }) => Response | undefined = () => undefined) {
  let current: StatementSettings = { timeZone, defaultTimeZone: 'America/New_York' };
  const bodies: { timeZone: string }[] = [];
  mswServer.use(
    http.get('/api/landlord/statements/settings', () => HttpResponse.json({ status: 'success', settings: current })),
    http.put('/api/landlord/statements/settings', async ({ request }) => {
      const body = (await request.json()) as { timeZone: string };
      bodies.push(body);
      const refused = put(body);
      if (refused) return refused;
      current = { ...current, timeZone: body.timeZone };
      return HttpResponse.json({ status: 'success', settings: current });
    }),
  );
  return bodies;
}

function withProperties(rows: StatementPropertyChoice[] = [garden, mapleHouse]) {
  mswServer.use(http.get('/api/landlord/statements/properties', () => HttpResponse.json({ status: 'success', rows })));
}

const notFound = () => HttpResponse.json({ status: 'error', error: MESSAGES.notFound }, { status: 404 });
const serverError = () => HttpResponse.json({ status: 'error', error: MESSAGES.serviceUnavailable }, { status: 500 });

const month = (year: number, monthNumber: number, label: string, receivedCents: number, rentDueCents = 150_000): OverviewMonth => ({
  year,
  month: monthNumber,
  label,
  rentDueCents,
  lateFeesCents: 0,
  receivedCents,
  processingCents: 0,
  stillDueCents: Math.max(0, rentDueCents - receivedCents),
  fullAmountReceived: receivedCents >= rentDueCents,
  payments: receivedCents > 0 ? 1 : 0,
});

function withOverview(months: OverviewMonth[], property = garden) {
  const overview: MonthlyOverview = { property, timeZone: 'America/Chicago', months };
  mswServer.use(
    http.get(`/api/landlord/statements/properties/${property.propertyId}/months`, () => HttpResponse.json({ status: 'success', overview })),
  );
}

const row = (label: string, cents: Partial<StatementRow> = {}): StatementRow => ({
  label,
  rentDueCents: 150_000,
  lateFeesCents: 0,
  grossCents: 150_699,
  platformFeeCents: 699,
  receivedCents: 150_000,
  processingCents: 0,
  processorFeeCents: 4_400,
  netCents: 145_600,
  stillDueCents: 0,
  ...cents,
});

const payment = (overrides: Partial<StatementPayment> = {}): StatementPayment => ({
  receiptId,
  kind: 'rent_payment',
  paidAt: '2026-04-03T15:30:00.000Z',
  propertyAddress: garden.address,
  tenantName: 'Tina Tenant',
  description: 'Rent April 2026',
  grossCents: 150_699,
  platformFeeCents: 699,
  receivedCents: 150_000,
  processingCents: 0,
  processorFeeCents: 4_400,
  failureReason: null,
  automatic: false,
  ...overrides,
});

/** A statement as StatementReader.statement builds it for the query. */
function statementFor(query: URLSearchParams, overrides: Partial<Statement> = {}): Statement {
  const year = Number(query.get('year'));
  const monthNumber = query.get('month') ? Number(query.get('month')) : null;
  const propertyId = query.get('propertyId');
  const property = [garden, mapleHouse].find((choice) => choice.propertyId === propertyId);
  const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const rows =
    monthNumber !== null && !propertyId
      ? [{ ...row(garden.address), propertyId: gardenId }, { ...row(mapleHouse.address, { rentDueCents: 98_000, grossCents: 0, platformFeeCents: 0, receivedCents: 0, processorFeeCents: 0, netCents: 0, stillDueCents: 98_000 }), propertyId: maple }]
      : (monthNumber ? [monthNumber] : [1, 2, 3]).map((m) => ({ ...row(`${monthNames[m - 1]} ${year}`), year, month: m }));
  const totals = rows.reduce<StatementRow>(
    (total, next) => ({
      ...total,
      rentDueCents: total.rentDueCents + next.rentDueCents,
      grossCents: total.grossCents + next.grossCents,
      platformFeeCents: total.platformFeeCents + next.platformFeeCents,
      receivedCents: total.receivedCents + next.receivedCents,
      processingCents: total.processingCents + next.processingCents,
      processorFeeCents: total.processorFeeCents + next.processorFeeCents,
      netCents: total.netCents + next.netCents,
      stillDueCents: total.stillDueCents + next.stillDueCents,
    }),
    row('Total', { rentDueCents: 0, grossCents: 0, platformFeeCents: 0, receivedCents: 0, processorFeeCents: 0, netCents: 0 }),
  );
  const calendarRows = monthNames.map((name, index) => ({
    label: `${name} ${year}`,
    grossCents: index < 3 ? 150_699 : 0,
    platformFeeCents: index < 3 ? 699 : 0,
    receivedCents: index < 3 ? 150_000 : 0,
    processingCents: 0,
    processorFeeCents: index < 3 ? 4_400 : 0,
    netCents: index < 3 ? 145_600 : 0,
  }));
  return {
    kind: monthNumber === null ? 'yearly' : 'monthly',
    year,
    month: monthNumber,
    propertyId,
    scopeLabel: property?.address ?? 'All properties',
    periodLabel: monthNumber === null ? String(year) : `${monthNames[monthNumber - 1]} ${year}`,
    periodInWords:
      monthNumber === null
        ? `Payments made from 11 December ${year - 1} to 10 December ${year} count as ${year}; later ones count to the next year.`
        : `Payments made from 11 ${monthNames[(monthNumber + 10) % 12]} to 10 ${monthNames[monthNumber - 1]} count as ${monthNames[monthNumber - 1]}.`,
    timeZone: 'America/Chicago',
    generatedAt: '2026-05-04T15:30:00.000Z',
    rows,
    totals,
    payments: monthNumber === null ? [] : [payment()],
    calendarYear:
      monthNumber === null
        ? { rows: calendarRows, totals: { label: 'Total', grossCents: 452_097, platformFeeCents: 2_097, receivedCents: 450_000, processingCents: 0, processorFeeCents: 13_200, netCents: 436_800 } }
        : null,
    ...overrides,
  };
}

/** GET /landlord/statements/statement: answers with `answer` (by default a statement for the query); returns the queries asked. */
function withStatements(answer: (query: URLSearchParams) => Response = (query) => HttpResponse.json({ status: 'success', statement: statementFor(query) })) {
  const queries: string[] = [];
  mswServer.use(
    http.get('/api/landlord/statements/statement', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query.toString());
      return answer(query);
    }),
  );
  return queries;
}

// Toasts live in a module-level store, so every test starts without the previous test's toasts.
afterEach(() => act(() => dismissAllToasts()));

describe('Payment History: pick a property', () => {
  it('lists every property with its rent, removed ones flagged, each leading to its Monthly Overview', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties();
    renderRoute('/landlord/payment-history');

    const list = await screen.findByRole('list', { name: 'Properties' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveTextContent('12 Garden Street, Springfield, IL 62704');
    expect(links[0]).toHaveTextContent('Rent $1,500.00');
    expect(links[0]).toHaveAttribute('href', `/landlord/payment-history/${gardenId}`);
    expect(links[0]).not.toHaveTextContent('Removed');
    expect(links[1]).toHaveTextContent('Rent $980.00');
    expect(links[1]).toHaveTextContent('Removed');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Statements' })).toHaveAttribute('href', `/landlord/statements?year=${new Date().getFullYear()}`);
  });

  it('says No Payment History when the landlord has no properties', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties([]);
    renderRoute('/landlord/payment-history');

    expect(await screen.findByRole('heading', { name: 'No Payment History' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Properties' })).not.toBeInTheDocument();
  });

  it('shows skeleton rows while the properties load', async () => {
    signedInAsLandlord();
    withSettings();
    mswServer.use(
      http.get('/api/landlord/statements/properties', async () => {
        await delay('infinite');
        return HttpResponse.json({ status: 'success', rows: [] });
      }),
    );
    renderRoute('/landlord/payment-history');

    const loading = await screen.findByRole('list', { name: 'Loading properties' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading', { name: 'No Payment History' })).not.toBeInTheDocument();
  });

  it('says the properties didn’t load, and Try again loads them', async () => {
    signedInAsLandlord();
    withSettings();
    let calls = 0;
    mswServer.use(
      http.get('/api/landlord/statements/properties', () => {
        calls += 1;
        return calls === 1 ? serverError() : HttpResponse.json({ status: 'success', rows: [garden] });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/landlord/payment-history');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your properties didn’t load');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    const list = await screen.findByRole('list', { name: 'Properties' });
    expect(within(list).getByRole('link')).toHaveTextContent(garden.address);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('Monthly Overview', () => {
  it('lists months newest first: Full Amount Received, or what was received and what is still due', async () => {
    signedInAsLandlord();
    withSettings();
    withOverview([month(2026, 5, 'May 2026', 100_000), month(2026, 4, 'April 2026', 150_000), month(2026, 3, 'March 2026', 0)]);
    renderRoute(`/landlord/payment-history/${gardenId}`);

    expect(await screen.findByRole('heading', { level: 1, name: garden.address })).toBeInTheDocument();
    expect(screen.getByText((_, element) => element?.textContent === 'Rent $1,500.00 a month')).toBeInTheDocument();
    const months = within(screen.getByRole('list', { name: 'Months' })).getAllByRole('link');
    expect(months.map((link) => within(link).getByText(/\d{4}$/).textContent)).toEqual(['May 2026', 'April 2026', 'March 2026']);

    expect(months[0]).toHaveTextContent('Received $1,000.00');
    expect(months[0]).toHaveTextContent('Still due $500.00');
    expect(months[0]).not.toHaveTextContent('Full Amount Received');
    expect(months[1]).toHaveTextContent('Full Amount Received');
    expect(months[1]).not.toHaveTextContent('Still due');
    expect(months[2]).toHaveTextContent('Received $0.00');
    expect(months[2]).toHaveTextContent('Still due $1,500.00');

    expect(months[0]).toHaveAttribute('href', `/landlord/payment-history/${gardenId}/5/2026`);
    expect(months[2]).toHaveAttribute('href', `/landlord/payment-history/${gardenId}/3/2026`);
    expect(screen.getByRole('link', { name: 'Yearly statement' })).toHaveAttribute(
      'href',
      `/landlord/statements?year=${new Date().getFullYear()}&propertyId=${gardenId}`,
    );
  });

  it('shows what a bank is still sending as Processing, only in a month that has some', async () => {
    signedInAsLandlord();
    withSettings();
    withOverview([
      { ...month(2026, 5, 'May 2026', 0), processingCents: 150_000, stillDueCents: 0, payments: 1 },
      month(2026, 4, 'April 2026', 100_000),
    ]);
    renderRoute(`/landlord/payment-history/${gardenId}`);

    const months = within(await screen.findByRole('list', { name: 'Months' })).getAllByRole('link');
    expect(months[0]).toHaveTextContent('Received $0.00');
    expect(months[0]).toHaveTextContent('Processing $1,500.00');
    expect(months[0]).toHaveTextContent('Still due $0.00');
    expect(months[1]).not.toHaveTextContent('Processing');
  });

  it('says which payments count to each month, crossing the year when January does', async () => {
    signedInAsLandlord();
    withSettings();
    withOverview([month(2026, 1, 'January 2026', 150_000), month(2025, 12, 'December 2025', 150_000)]);
    renderRoute(`/landlord/payment-history/${gardenId}`);

    const months = within(await screen.findByRole('list', { name: 'Months' })).getAllByRole('link');
    expect(months[0]).toHaveTextContent('Payments made from 11 December 2025 to 10 January 2026 count as January 2026.');
    expect(months[1]).toHaveTextContent('Payments made from 11 November to 10 December count as December.');
  });

  it('shows the time zone billing months are read in', async () => {
    signedInAsLandlord();
    withSettings('America/Chicago');
    withOverview([month(2026, 5, 'May 2026', 150_000)]);
    renderRoute(`/landlord/payment-history/${gardenId}`);

    expect(await screen.findByText(/Dates are read in/)).toHaveTextContent('Dates are read in Central (Chicago) time.');
  });

  it('says No Payment History for a property without months', async () => {
    signedInAsLandlord();
    withSettings();
    withOverview([]);
    renderRoute(`/landlord/payment-history/${gardenId}`);

    expect(await screen.findByRole('heading', { name: 'No Payment History' })).toBeInTheDocument();
  });

  it('shows Property not found for a property that is not the landlord’s, without a retry', async () => {
    signedInAsLandlord();
    withSettings();
    mswServer.use(http.get(`/api/landlord/statements/properties/${strangersId}/months`, notFound));
    renderRoute(`/landlord/payment-history/${strangersId}`);

    expect(await screen.findByRole('heading', { name: 'Property not found' })).toBeInTheDocument();
    expect(screen.getByText('It may have been removed, or it belongs to another account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Yearly statement' })).not.toBeInTheDocument();
  });

  it('offers Try again when the months fail to load', async () => {
    signedInAsLandlord();
    withSettings();
    let calls = 0;
    mswServer.use(
      http.get(`/api/landlord/statements/properties/${gardenId}/months`, () => {
        calls += 1;
        return calls === 1
          ? serverError()
          : HttpResponse.json({ status: 'success', overview: { property: garden, timeZone: 'America/Chicago', months: [month(2026, 5, 'May 2026', 150_000)] } });
      }),
    );
    const user = userEvent.setup();
    renderRoute(`/landlord/payment-history/${gardenId}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The months didn’t load');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Full Amount Received')).toBeInTheDocument();
  });
});

describe('Payments Received in a month', () => {
  it('lists the month’s payments with the figures, each linking to its receipt', async () => {
    signedInAsLandlord();
    withSettings();
    const queries = withStatements((query) =>
      HttpResponse.json({
        status: 'success',
        statement: statementFor(query, {
          payments: [
            payment(),
            payment({ receiptId: otherReceiptId, tenantName: 'Tom Tenant', paidAt: '2026-03-28T18:00:00.000Z', receivedCents: 20_000, processorFeeCents: 0 }),
          ],
        }),
      }),
    );
    renderRoute(`/landlord/payment-history/${gardenId}/4/2026`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payments Received' })).toBeInTheDocument();
    expect(await screen.findByText(garden.address)).toBeInTheDocument();
    expect(screen.getByText('April 2026.')).toBeInTheDocument();
    expect(screen.getByText(/Payments made from 11 March to 10 April count as April\./)).toBeInTheDocument();
    expect(queries).toEqual([`year=2026&month=4&propertyId=${gardenId}`]);

    const payments = within(screen.getByRole('list', { name: 'Payments received' })).getAllByRole('link');
    expect(payments[0]).toHaveAccessibleName(/Tina Tenant.*View receipt/);
    expect(payments[0]).toHaveAttribute('href', `/landlord/payment-receipt/${receiptId}`);
    expect(payments[0]).toHaveTextContent('Apr 3, 2026');
    expect(payments[0]).toHaveTextContent('Processor fee $44.00');
    expect(payments[0]).toHaveTextContent('$1,500.00');
    expect(payments[1]).toHaveAttribute('href', `/landlord/payment-receipt/${otherReceiptId}`);
    expect(payments[1]).toHaveTextContent('Tom Tenant');
    expect(payments[1]).not.toHaveTextContent('Processor fee');

    expect(screen.getByRole('link', { name: 'Monthly statement (PDF)' })).toHaveAttribute(
      'href',
      `/api/landlord/statements/statement/download?year=2026&month=4&propertyId=${gardenId}&format=pdf`,
    );
    expect(screen.getByRole('link', { name: 'Monthly statement (PDF)' })).toHaveAttribute('download', 'rentwise-2026-04-12-garden-street.pdf');
    expect(screen.getByRole('link', { name: 'Monthly Overview' })).toHaveAttribute('href', `/landlord/payment-history/${gardenId}`);
  });

  it('shows a processing bank payment, a settled one and a failed one, each on one row, with the month’s Processing total', async () => {
    signedInAsLandlord();
    withSettings();
    withStatements((query) => {
      const statement = statementFor(query, {
        payments: [
          payment({ receivedCents: 0, platformFeeCents: 0, processingCents: 150_000, processorFeeCents: 0 }),
          payment({ receiptId: otherReceiptId, tenantName: 'Tom Tenant', grossCents: 98_000, platformFeeCents: 0, receivedCents: 0, processingCents: 98_000, processorFeeCents: 0 }),
          payment({ receiptId: otherReceiptId, kind: 'bank_debit_settled', tenantName: 'Tom Tenant', grossCents: 0, processingCents: -98_000, receivedCents: 97_301, processorFeeCents: 0 }),
          payment({
            receiptId: '5f0c6a2e-6a55-4c1e-9c0e-0000000fa11d',
            kind: 'bank_debit_failed',
            tenantName: 'Fay Failed',
            grossCents: -50_000,
            processingCents: -50_000,
            receivedCents: 0,
            processorFeeCents: 0,
            failureReason: 'The bank says this account is closed.',
          }),
        ],
      });
      return HttpResponse.json({ status: 'success', statement: { ...statement, totals: { ...statement.totals, processingCents: 150_000 } } });
    });
    renderRoute(`/landlord/payment-history/${gardenId}/4/2026`);

    const payments = within(await screen.findByRole('list', { name: 'Payments received' })).getAllByRole('link');
    expect(payments).toHaveLength(3);
    expect(payments[0]).toHaveTextContent('Processing $1,500.00');
    // The settlement is folded into its payment's row: one payment, received, no longer processing.
    expect(payments[1]).toHaveTextContent('Tom Tenant');
    expect(payments[1]).toHaveTextContent('Bank payment');
    expect(payments[1]).toHaveTextContent('$973.01');
    expect(payments[1]).not.toHaveTextContent('Processing');
    // A failure whose payment counted in another month stays a row of its own.
    expect(payments[2]).toHaveTextContent('Bank payment failed: Fay Failed');
    expect(payments[2]).toHaveTextContent('The bank says this account is closed.');
    const figures = screen.getByText('Processing', { selector: 'dt' }).closest('div');
    expect(figures).toHaveTextContent('$1,500.00');
  });

  it('marks each payment autopay made, on its way or settled, and no other', async () => {
    signedInAsLandlord();
    withSettings();
    withStatements((query) =>
      HttpResponse.json({
        status: 'success',
        statement: statementFor(query, {
          payments: [
            payment({ receivedCents: 0, platformFeeCents: 0, processingCents: 150_000, processorFeeCents: 0, automatic: true }),
            payment({ receiptId: otherReceiptId, tenantName: 'Tom Tenant', platformFeeCents: 0, receivedCents: 0, processingCents: 98_000, processorFeeCents: 0, automatic: true }),
            payment({ receiptId: otherReceiptId, kind: 'bank_debit_settled', tenantName: 'Tom Tenant', grossCents: 0, processingCents: -98_000, receivedCents: 98_000, processorFeeCents: 0, automatic: true }),
            payment({ receiptId: '5f0c6a2e-6a55-4c1e-9c0e-00000000ca4d', tenantName: 'Carl Card' }),
          ],
        }),
      }),
    );
    renderRoute(`/landlord/payment-history/${gardenId}/4/2026`);

    const payments = within(await screen.findByRole('list', { name: 'Payments received' })).getAllByRole('link');
    expect(payments).toHaveLength(3);
    expect(payments[0]).toHaveTextContent('Processing $1,500.00');
    expect(within(payments[0]).getByText('Autopay')).toHaveClass('autopay-tag');
    expect(payments[1]).toHaveTextContent('Bank payment');
    expect(within(payments[1]).getByText('Autopay')).toBeInTheDocument();
    expect(payments[2]).toHaveTextContent('Carl Card');
    expect(within(payments[2]).queryByText('Autopay')).not.toBeInTheDocument();
  });

  it('shows no Processing figure in a month without bank payments', async () => {
    signedInAsLandlord();
    withSettings();
    withStatements();
    renderRoute(`/landlord/payment-history/${gardenId}/4/2026`);

    expect(await screen.findByRole('list', { name: 'Payments received' })).toBeInTheDocument();
    expect(screen.queryByText('Processing', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('names a refund and links it to the receipt of the payment it refunds', async () => {
    signedInAsLandlord();
    withSettings();
    withStatements((query) =>
      HttpResponse.json({
        status: 'success',
        statement: statementFor(query, { payments: [payment({ kind: 'refund', receivedCents: -20_000, processorFeeCents: 0 })] }),
      }),
    );
    renderRoute(`/landlord/payment-history/${gardenId}/4/2026`);

    const refund = within(await screen.findByRole('list', { name: 'Payments received' })).getByRole('link');
    expect(refund).toHaveTextContent('Refund to Tina Tenant');
    expect(refund).toHaveTextContent('-$200.00');
    expect(refund).toHaveAttribute('href', `/landlord/payment-receipt/${receiptId}`);
  });

  it('names a correction (a refund that failed) as a correction, not a refund', async () => {
    signedInAsLandlord();
    withSettings();
    withStatements((query) =>
      HttpResponse.json({
        status: 'success',
        statement: statementFor(query, {
          payments: [payment({ kind: 'correction', description: 'Refund failed: Rent April 2026', receivedCents: 20_000, processorFeeCents: 0 })],
        }),
      }),
    );
    renderRoute(`/landlord/payment-history/${gardenId}/4/2026`);

    const correction = within(await screen.findByRole('list', { name: 'Payments received' })).getByRole('link');
    expect(correction).toHaveTextContent('Correction for Tina Tenant');
    expect(correction).toHaveTextContent('Refund failed: Rent April 2026');
    expect(correction).not.toHaveTextContent('Refund to');
    expect(correction).toHaveTextContent('$200.00');
  });

  it('dates each payment on the statement’s calendar, the one its month was counted on', async () => {
    signedInAsLandlord();
    withSettings('America/Chicago');
    // 10 April, 9:30 pm in Chicago: counted to April, and dated 10 April whatever the reader's own zone.
    withStatements((query) =>
      HttpResponse.json({ status: 'success', statement: statementFor(query, { payments: [payment({ paidAt: '2026-04-11T02:30:00.000Z' })] }) }),
    );
    renderRoute(`/landlord/payment-history/${gardenId}/4/2026`);

    const paid = within(await screen.findByRole('list', { name: 'Payments received' })).getByRole('link');
    expect(paid).toHaveTextContent('Apr 10, 2026');
  });

  it('says No payments this month when nothing arrived', async () => {
    signedInAsLandlord();
    withSettings();
    withStatements((query) => HttpResponse.json({ status: 'success', statement: statementFor(query, { payments: [] }) }));
    renderRoute(`/landlord/payment-history/${gardenId}/4/2026`);

    expect(await screen.findByRole('heading', { name: 'No payments this month' })).toBeInTheDocument();
  });

  it('shows Property not found for a property that is not the landlord’s', async () => {
    signedInAsLandlord();
    withSettings();
    withStatements(notFound);
    renderRoute(`/landlord/payment-history/${strangersId}/4/2026`);

    expect(await screen.findByRole('heading', { name: 'Property not found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Monthly statement (PDF)' })).not.toBeInTheDocument();
  });

  it('says No such month for a month that cannot be, without asking the server', async () => {
    signedInAsLandlord();
    withSettings();
    const queries = withStatements();
    renderRoute(`/landlord/payment-history/${gardenId}/13/2026`);

    expect(await screen.findByRole('heading', { name: 'No such month' })).toBeInTheDocument();
    expect(queries).toEqual([]);
  });
});

describe('Statements', () => {
  it('shows this year’s statement for all properties, with the calendar-year view and both downloads', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties();
    const year = new Date().getFullYear();
    const queries = withStatements();
    renderRoute(`/landlord/statements?year=${year}`);

    expect(await screen.findByText(`${year} · All properties`)).toBeInTheDocument();
    expect(queries).toEqual([`year=${year}`]);
    expect(screen.getByText(`Payments made from 11 December ${year - 1} to 10 December ${year} count as ${year}; later ones count to the next year.`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'By billing month' })).toBeInTheDocument();
    const byMonth = screen.getByRole('table', { name: `${year} statement` });
    expect(within(byMonth).getByRole('rowheader', { name: `January ${year}` })).toBeInTheDocument();
    expect(within(byMonth).getByRole('columnheader', { name: 'Still due' })).toBeInTheDocument();
    expect(within(byMonth).getByRole('row', { name: /^Total/ })).toHaveTextContent('$4,500.00');

    expect(screen.getByRole('heading', { name: `Calendar year ${year}, by payment date` })).toBeInTheDocument();
    const calendar = screen.getByRole('table', { name: `Calendar year ${year}` });
    expect(within(calendar).getAllByRole('row')).toHaveLength(14);
    expect(within(calendar).queryByRole('columnheader', { name: 'Still due' })).not.toBeInTheDocument();

    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(pdf).toHaveAttribute('href', `/api/landlord/statements/statement/download?year=${year}&format=pdf`);
    expect(pdf).toHaveAttribute('download', `rentwise-${year}-all-properties.pdf`);
    expect(csv).toHaveAttribute('href', `/api/landlord/statements/statement/download?year=${year}&format=csv`);
    expect(csv).toHaveAttribute('download', `rentwise-${year}-all-properties.csv`);
  });

  it('adds a Processing column only to a statement with a bank payment in it', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties();
    const year = new Date().getFullYear();
    withStatements((query) => {
      const statement = statementFor(query);
      const [first, ...rest] = statement.rows;
      return HttpResponse.json({
        status: 'success',
        statement: { ...statement, rows: [{ ...first, processingCents: 150_000 }, ...rest], totals: { ...statement.totals, processingCents: 150_000 } },
      });
    });
    renderRoute(`/landlord/statements?year=${year}`);

    const byMonth = await screen.findByRole('table', { name: `${year} statement` });
    expect(within(byMonth).getByRole('columnheader', { name: 'Processing' })).toBeInTheDocument();
    expect(within(byMonth).getByRole('row', { name: new RegExp(`^January ${year}`) })).toHaveTextContent('$1,500.00');
    expect(screen.getByText('Processing', { selector: 'dt' })).toBeInTheDocument();
  });

  it('shows no Processing column to a landlord paid only by card', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties();
    const year = new Date().getFullYear();
    withStatements();
    renderRoute(`/landlord/statements?year=${year}`);

    const byMonth = await screen.findByRole('table', { name: `${year} statement` });
    expect(within(byMonth).queryByRole('columnheader', { name: 'Processing' })).not.toBeInTheDocument();
    expect(screen.queryByText('Processing', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('switches to one property and one month, and the downloads follow', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties();
    const queries = withStatements();
    const user = userEvent.setup();
    const { router } = renderRoute('/landlord/statements?year=2025');
    await screen.findByText('2025 · All properties');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Property' }), garden.address);
    expect(await screen.findByText(`2025 · ${garden.address}`)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?year=2025&propertyId=${gardenId}`);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/landlord/statements/statement/download?year=2025&propertyId=${gardenId}&format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('download', 'rentwise-2025-12-garden-street.csv');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'April');
    expect(await screen.findByText(`April 2025 · ${garden.address}`)).toBeInTheDocument();
    expect(screen.getByText('Payments made from 11 March to 10 April count as April.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Calendar year/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/landlord/statements/statement/download?year=2025&month=4&propertyId=${gardenId}&format=pdf`,
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('download', 'rentwise-2025-04-12-garden-street.pdf');
    expect(queries).toEqual(['year=2025', `year=2025&propertyId=${gardenId}`, `year=2025&month=4&propertyId=${gardenId}`]);
  });

  it('shows a month for all properties by property, and back to the whole year', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties();
    withStatements();
    const user = userEvent.setup();
    renderRoute('/landlord/statements?year=2025&month=4');

    expect(await screen.findByText('April 2025 · All properties')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'By property' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'April 2025 statement' });
    expect(within(table).getByRole('row', { name: new RegExp(`^${mapleHouse.address}`) })).toHaveTextContent('$980.00');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('download', 'rentwise-2025-04-all-properties.csv');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Whole year');
    expect(await screen.findByText('2025 · All properties')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'By billing month' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calendar year 2025, by payment date' })).toBeInTheDocument();
  });

  it('shows an older year named by a link as the chosen year', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties();
    const queries = withStatements();
    renderRoute('/landlord/statements?year=2012');

    expect(await screen.findByText('2012 · All properties')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2012');
    expect(queries).toEqual(['year=2012']);
  });

  it('never shows the previous choice’s figures under a choice that failed', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties([garden, { ...mapleHouse, propertyId: strangersId }]);
    withStatements((query) =>
      query.get('propertyId') === strangersId ? notFound() : HttpResponse.json({ status: 'success', statement: statementFor(query) }),
    );
    const user = userEvent.setup();
    renderRoute('/landlord/statements?year=2025');
    await screen.findByText('2025 · All properties');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Property' }), mapleHouse.address);
    expect(await screen.findByRole('heading', { name: 'Statement not found' })).toBeInTheDocument();
    expect(screen.queryByText('2025 · All properties')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('says No Payment History for a period with nothing due or received', async () => {
    signedInAsLandlord();
    withSettings();
    withProperties();
    withStatements((query) =>
      HttpResponse.json({
        status: 'success',
        statement: statementFor(query, { rows: [], totals: row('Total', { rentDueCents: 0, grossCents: 0, platformFeeCents: 0, receivedCents: 0, processorFeeCents: 0, netCents: 0 }), calendarYear: null }),
      }),
    );
    renderRoute('/landlord/statements?year=2025&month=4');

    expect(await screen.findByRole('heading', { name: 'No Payment History' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('statement time zone', () => {
  it('saves the chosen zone and shows it, then loads the statements again', async () => {
    signedInAsLandlord();
    const bodies = withSettings('America/New_York');
    withProperties();
    let overviewLoads = 0;
    mswServer.use(
      http.get(`/api/landlord/statements/properties/${gardenId}/months`, () => {
        overviewLoads += 1;
        return HttpResponse.json({ status: 'success', overview: { property: garden, timeZone: 'America/New_York', months: [month(2026, 5, 'May 2026', 150_000)] } });
      }),
    );
    const user = userEvent.setup();
    renderRoute(`/landlord/payment-history/${gardenId}`);
    expect(await screen.findByText(/Dates are read in/)).toHaveTextContent('Dates are read in Eastern (New York) time.');
    await screen.findByText('Full Amount Received');

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const zone = screen.getByRole('combobox', { name: 'Time zone for billing months' });
    expect(zone).toHaveValue('America/New_York');
    expect(zone).toHaveAccessibleDescription(/on or before the 10th/);
    await user.selectOptions(zone, 'Pacific (Los Angeles)');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/Dates are read in/)).toHaveTextContent('Dates are read in Pacific (Los Angeles) time.');
    expect(bodies).toEqual([{ timeZone: 'America/Los_Angeles' }]);
    await waitFor(() => expect(overviewLoads).toBe(2));
  });

  it('keeps the form open with a message when the zone was not saved', async () => {
    signedInAsLandlord();
    const bodies = withSettings('America/New_York', () => serverError());
    withProperties();
    const user = userEvent.setup();
    renderRoute('/landlord/payment-history');

    await user.click(await screen.findByRole('button', { name: 'Change' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone for billing months' }), 'Hawaii (Honolulu)');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The time zone was not saved. Please try again.')).toBeInTheDocument();
    expect(bodies).toEqual([{ timeZone: 'Pacific/Honolulu' }]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(/Dates are read in/)).toHaveTextContent('Dates are read in Eastern (New York) time.');
  });

  it('offers a zone outside the list when that is the one saved', async () => {
    signedInAsLandlord();
    withSettings('Europe/Dublin');
    withProperties();
    const user = userEvent.setup();
    renderRoute('/landlord/payment-history');

    expect(await screen.findByText(/Dates are read in/)).toHaveTextContent('Dates are read in Europe/Dublin time.');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('combobox', { name: 'Time zone for billing months' })).toHaveValue('Europe/Dublin');
  });
});
