import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AutopayView } from '../../app/tenantAutopayApi';
import type { TenantBalance } from '../../app/tenantBalanceApi';
import { autopayViewFixture } from '../../test/autopay';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

const receiptId = '7d1e0c4a-5b2f-4e8d-9a3c-1f2e3d4c5b6a';
const tenant = testUser({ type: 'tenant', firstName: 'Theo', lastName: 'Tenant' });

function balanceOf(overrides: Partial<TenantBalance> = {}): TenantBalance {
  return {
    balanceCents: 150_000,
    // The first moment of December 1st in New York: still November 30th in UTC.
    nextDue: { dueAt: '2025-12-01T05:00:00.000Z', amountCents: 150_000 },
    timeZone: 'America/New_York',
    lastPayment: {
      receiptId,
      paidAt: '2025-11-03T15:00:00.000Z',
      chargedCents: 150_699,
      description: 'Rent payment: 12 Elm St',
      status: 'processing',
      failureReason: null,
      automatic: false,
    },
    ...overrides,
  };
}

/** Autopay off; by default the landlord takes neither bank debits nor cards for it, so the card says nothing of it. */
const autopayOf = (overrides: Partial<AutopayView> = {}): AutopayView => autopayViewFixture({ offered: false, cardOffered: false, ...overrides });

function withDashboard(answer: () => Response, autopay: AutopayView = autopayOf()) {
  mswServer.use(
    sessionOf(tenant),
    http.get('/api/tenant/residence', () => HttpResponse.json({ status: 'success', residence: null })),
    http.get('/api/tenant/balance', answer),
    http.get('/api/tenant/autopay', () => HttpResponse.json({ status: 'success', autopay })),
  );
}

const balanceCard = async () => (await screen.findByRole('heading', { name: /Balance due|all paid up|Credit/ })).closest('section') as HTMLElement;

describe('the tenant dashboard’s balance card', () => {
  it('shows the balance due, the next due date on the landlord’s calendar, and the last payment with its status', async () => {
    withDashboard(() => HttpResponse.json({ status: 'success', balance: balanceOf() }));
    renderRoute('/tenant/dashboard');
    const card = within(await balanceCard());
    expect(card.getByRole('heading', { name: 'Balance due' })).toBeInTheDocument();
    expect(card.getByText('$1,500.00', { selector: '.balance-card__amount' })).toBeInTheDocument();
    expect(card.getByText('Next due').nextElementSibling).toHaveTextContent('Dec 1, 2025 · $1,500.00');
    expect(card.getByRole('link', { name: '$1,506.99 on Nov 3, 2025' })).toHaveAttribute('href', `/tenant/payment-receipt/${receiptId}`);
    expect(card.getByText('Processing')).toHaveClass('status-pill');
    expect(card.getByRole('link', { name: 'Pay rent' })).toHaveAttribute('href', '/tenant/payment');
    expect(card.getByRole('link', { name: 'View ledger' })).toHaveAttribute('href', '/tenant/ledger');
    // The payment tile says both ways of paying.
    expect(screen.getByRole('link', { name: /Make a payment/ })).toHaveTextContent('Pay your rent by card or bank account');
  });

  it('says the tenant is all paid up, and names a credit as a credit', async () => {
    withDashboard(() => HttpResponse.json({ status: 'success', balance: balanceOf({ balanceCents: 0, lastPayment: null }) }));
    const first = renderRoute('/tenant/dashboard');
    const paidUp = within(await balanceCard());
    expect(paidUp.getByRole('heading', { name: 'You’re all paid up' })).toBeInTheDocument();
    expect(paidUp.getByText('Last payment').nextElementSibling).toHaveTextContent('None yet');
    first.unmount();

    withDashboard(() => HttpResponse.json({ status: 'success', balance: balanceOf({ balanceCents: -25_000 }) }));
    renderRoute('/tenant/dashboard');
    const credit = within(await balanceCard());
    expect(credit.getByRole('heading', { name: 'Credit' })).toBeInTheDocument();
    expect(credit.getByText('$250.00')).toBeInTheDocument();
    expect(credit.getByText('You paid ahead: it counts toward your next rent.')).toBeInTheDocument();
  });

  it('says when autopay pays next, about how much, linked to the autopay page', async () => {
    withDashboard(
      () => HttpResponse.json({ status: 'success', balance: balanceOf() }),
      // 6:00 on December 29 in New York, 3 days before January's rent is due.
      autopayOf({ isOn: true, offered: true, next: { period: '2026-01', debitAt: '2025-12-29T11:00:00.000Z', estimatedCents: 150_000, skipped: false } }),
    );
    renderRoute('/tenant/dashboard');
    const card = within(await balanceCard());
    const autopay = await card.findByRole('link', { name: 'Dec 29, 2025 for about $1,500.00' });
    expect(autopay).toHaveAttribute('href', '/tenant/autopay');
    expect(card.getByText('Autopay').tagName).toBe('DT');
  });

  it('offers to set up autopay when it is off and the landlord takes bank debits, and says a skipped month', async () => {
    withDashboard(() => HttpResponse.json({ status: 'success', balance: balanceOf() }), autopayOf({ offered: true }));
    const first = renderRoute('/tenant/dashboard');
    expect(await within(await balanceCard()).findByRole('link', { name: 'Set up autopay' })).toHaveAttribute('href', '/tenant/autopay');
    first.unmount();

    withDashboard(
      () => HttpResponse.json({ status: 'success', balance: balanceOf() }),
      autopayOf({ isOn: true, offered: true, next: { period: '2026-01', debitAt: '2025-12-29T11:00:00.000Z', estimatedCents: 150_000, skipped: true } }),
    );
    renderRoute('/tenant/dashboard');
    expect(await within(await balanceCard()).findByRole('link', { name: 'January 2026 skipped' })).toBeInTheDocument();
  });

  it('offers to set up autopay where the landlord takes cards for it but not bank debits', async () => {
    withDashboard(() => HttpResponse.json({ status: 'success', balance: balanceOf() }), autopayOf({ cardOffered: true }));
    renderRoute('/tenant/dashboard');
    expect(await within(await balanceCard()).findByRole('link', { name: 'Set up autopay' })).toHaveAttribute('href', '/tenant/autopay');
  });

  it('says nothing of autopay where the landlord takes neither bank debits nor cards for it', async () => {
    let asked = false;
    withDashboard(() => HttpResponse.json({ status: 'success', balance: balanceOf() }));
    mswServer.use(
      http.get('/api/tenant/autopay', () => {
        asked = true;
        return HttpResponse.json({ status: 'success', autopay: autopayOf() });
      }),
    );
    renderRoute('/tenant/dashboard');
    const card = within(await balanceCard());
    await waitFor(() => expect(asked).toBe(true));
    expect(card.queryByText('Autopay')).toBeNull();
    expect(card.queryByRole('link', { name: 'Set up autopay' })).toBeNull();
  });

  it('shows a skeleton while loading, and a retry when the balance does not load', async () => {
    let calls = 0;
    withDashboard(() => {
      calls += 1;
      return calls === 1 ? HttpResponse.json({ status: 'error', error: 'Internal' }, { status: 500 }) : HttpResponse.json({ status: 'success', balance: balanceOf() });
    });
    const user = userEvent.setup();
    renderRoute('/tenant/dashboard');
    expect(await screen.findByLabelText('Loading your balance')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Your balance didn’t load')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Balance due' })).toBeInTheDocument();
  });

  it('shows no card for a tenant without a home', async () => {
    let answered = false;
    withDashboard(() => {
      answered = true;
      return HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 });
    });
    renderRoute('/tenant/dashboard');
    expect(await screen.findByRole('link', { name: /Make a payment/ })).toBeInTheDocument();
    await waitFor(() => expect(answered).toBe(true));
    await waitFor(() => expect(screen.queryByLabelText('Loading your balance')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay rent' })).toBeNull();
  });
});
