import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { AuthorizeNetAccountView } from '../../app/authorizeNetAccountApi';
import type { DisputedAfterRefundPayment, Payout } from './payoutsApi';

const landlord = testUser({ type: 'landlord', firstName: 'Lena', lastName: 'Landlord', email: 'lena@example.com' });

/** On Stripe, with no Authorize.Net account, unless a test says otherwise. */
function withAuthorizeNetAccount(view: Partial<AuthorizeNetAccountView> = {}) {
  const answer: AuthorizeNetAccountView = { environment: 'production', cardGateway: 'stripe', account: null, ...view };
  mswServer.use(http.get('/api/landlord/authorize-net-account', () => HttpResponse.json({ status: 'success', ...answer })));
}

const signedInAsLandlord = () => {
  mswServer.use(sessionOf(landlord));
  withAuthorizeNetAccount();
};

const march: Payout = {
  payoutId: 'po_sandbox_march',
  amountCents: 196_530,
  status: 'paid',
  initiatedAt: '2024-03-06T15:00:00.000Z',
  expectedArrivalAt: '2024-03-08T15:00:00.000Z',
  paidAt: '2024-03-08T16:00:00.000Z',
  lines: [
    {
      kind: 'charge',
      tenantName: 'Sam Rivera',
      propertyAddress: '12 Garden Street, Springfield, IL 62704',
      month: 'March 2024',
      amountCents: 145_630,
      grossCents: 150_699,
      feeCents: 5_069,
      occurredAt: '2024-03-05T15:00:00.000Z',
      disputedAfterRefund: false,
    },
    {
      kind: 'charge',
      tenantName: 'Ada Chen',
      propertyAddress: '4 Maple Avenue, Apt 2, Springfield, IL 62701',
      month: 'March 2024',
      amountCents: 95_900,
      grossCents: 98_000,
      feeCents: 2_100,
      occurredAt: '2024-03-05T18:00:00.000Z',
      disputedAfterRefund: false,
    },
    {
      kind: 'refund',
      tenantName: 'Ada Chen',
      propertyAddress: '4 Maple Avenue, Apt 2, Springfield, IL 62701',
      month: 'March 2024',
      amountCents: -45_000,
      grossCents: -45_000,
      feeCents: 0,
      occurredAt: '2024-03-06T09:00:00.000Z',
      disputedAfterRefund: false,
    },
  ],
};

const april: Payout = {
  payoutId: 'po_sandbox_april',
  amountCents: 145_630,
  status: 'in_transit',
  initiatedAt: '2024-04-06T15:00:00.000Z',
  expectedArrivalAt: '2024-04-08T15:00:00.000Z',
  paidAt: null,
  lines: [{ ...march.lines[0], month: 'April 2024', occurredAt: '2024-04-05T15:00:00.000Z' }],
};

function withPayouts(payouts: Payout[], disputedAfterRefund: DisputedAfterRefundPayment[] = []) {
  let calls = 0;
  mswServer.use(
    http.get('/api/landlord/payouts', () => {
      calls += 1;
      return HttpResponse.json({ status: 'success', payouts, disputedAfterRefund });
    }),
  );
  return { calls: () => calls };
}

describe('Payouts page', () => {
  it('lists each deposit with its total, its dates and the payments it is made of', async () => {
    signedInAsLandlord();
    withPayouts([april, march]);
    renderRoute('/landlord/payouts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    const deposits = await screen.findAllByRole('article');
    expect(deposits).toHaveLength(2);

    const [newest, older] = deposits;
    expect(within(newest).getByRole('heading', { name: '$1,456.30' })).toBeInTheDocument();
    expect(within(newest).getByText('On its way')).toBeInTheDocument();
    expect(within(newest).getByText('Apr 6, 2024')).toBeInTheDocument();

    expect(within(older).getByRole('heading', { name: '$1,965.30' })).toBeInTheDocument();
    expect(within(older).getByText('Paid', { selector: '.status-pill' })).toBeInTheDocument();
    const dates = within(older).getByText('Initiated').closest('dl');
    expect(dates).toHaveTextContent('InitiatedMar 6, 2024');
    expect(dates).toHaveTextContent('ExpectedMar 8, 2024');
    expect(dates).toHaveTextContent('PaidMar 8, 2024');

    const table = within(older).getByRole('table', { name: 'What the $1,965.30 deposit contains' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Sam Rivera12 Garden Street, Springfield, IL 62704March 2024$1,456.30$1,506.99 less $50.69 fees',
      'Ada Chen4 Maple Avenue, Apt 2, Springfield, IL 62701March 2024$959.00$980.00 less $21.00 fees',
      'Refund to Ada Chen4 Maple Avenue, Apt 2, Springfield, IL 62701March 2024-$450.00',
      'Deposit total$1,965.30',
    ]);
    expect(within(older).getByText('po_sandbox_march')).toBeInTheDocument();
  });

  it('names how each payment was paid, a bank payment as such, and links each line to its receipt', async () => {
    signedInAsLandlord();
    const samsCard = '0b7e3f52-5d1e-4c0a-9f3e-1a2b3c4d5e6f';
    const adasBank = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const june: Payout = {
      ...march,
      payoutId: 'po_sandbox_june',
      amountCents: 294_431,
      lines: [
        { ...march.lines[0], method: 'card', paidWith: 'Visa •••• 4242', receiptId: samsCard },
        {
          ...march.lines[1],
          method: 'bank_debit',
          paidWith: 'Bank payment •••• 6789',
          receiptId: adasBank,
          grossCents: 150_000,
          feeCents: 1_199,
          amountCents: 148_801,
        },
      ],
    };
    withPayouts([june]);
    renderRoute('/landlord/payouts');

    const table = await screen.findByRole('table', { name: 'What the $2,944.31 deposit contains' });
    const [card, bankPayment] = within(table).getAllByRole('row').slice(1);
    expect(within(card).getByRole('rowheader')).toHaveTextContent('Sam RiveraVisa •••• 4242');
    expect(within(card).getByRole('link', { name: 'Sam Rivera' })).toHaveAttribute('href', `/landlord/payment-receipt/${samsCard}`);
    expect(within(bankPayment).getByRole('rowheader')).toHaveTextContent('Ada ChenBank payment •••• 6789');
    expect(within(bankPayment).getByRole('link', { name: 'Ada Chen' })).toHaveAttribute('href', `/landlord/payment-receipt/${adasBank}`);
    expect(bankPayment).toHaveTextContent('$1,488.01$1,500.00 less $11.99 fees');
  });

  it('calls a bank payment returned after it settled a return, not a dispute, and leaves a line about no payment unlinked', async () => {
    signedInAsLandlord();
    const returned: Payout = {
      ...april,
      amountCents: -151_500,
      lines: [
        {
          ...march.lines[1],
          kind: 'dispute',
          method: 'bank_debit',
          paidWith: 'Bank payment •••• 9559',
          receiptId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
          grossCents: -150_000,
          feeCents: 1_500,
          amountCents: -151_500,
        },
        { ...march.lines[2], kind: 'other', tenantName: null, propertyAddress: null, month: null, method: null, paidWith: null, receiptId: null, amountCents: 0, grossCents: 0 },
      ],
    };
    withPayouts([returned]);
    renderRoute('/landlord/payouts');

    const table = await screen.findByRole('table');
    const [bankReturn, adjustment] = within(table).getAllByRole('row').slice(1);
    expect(within(bankReturn).getByRole('link', { name: 'Bank payment returned: Ada Chen' })).toBeInTheDocument();
    expect(within(bankReturn).getByRole('rowheader')).toHaveTextContent('Bank payment •••• 9559');
    expect(within(adjustment).getByRole('rowheader')).toHaveTextContent(/^Adjustment$/);
    expect(within(adjustment).queryByRole('link')).not.toBeInTheDocument();
  });

  it('marks a payment refunded, then disputed, and says what to answer', async () => {
    signedInAsLandlord();
    const adasPayment = '5f0c6a5e-2b8d-4a47-9a8e-6a1d2c3b4e5f';
    const disputed: DisputedAfterRefundPayment = {
      receiptId: adasPayment,
      paidAt: '2024-03-05T18:00:00.000Z',
      chargedCents: 98_000,
      landlordUserId: landlord.userId,
      landlordName: 'Lena Landlord',
      tenantName: 'Ada Chen',
      propertyAddress: '4 Maple Avenue, Apt 2, Springfield, IL 62701',
      connectedAccountId: 'acct_1',
      chargeId: 'ch_1',
      refundedCents: 45_000,
      refundedAt: '2024-03-06T09:00:00.000Z',
      disputeOpenedAt: '2024-03-12T09:00:00.000Z',
      disputedCents: 98_000,
      atRiskCents: 45_000,
    };
    const lines = march.lines.map((line) => (line.tenantName === 'Ada Chen' ? { ...line, disputedAfterRefund: true } : line));
    withPayouts([{ ...march, lines }], [disputed]);
    renderRoute('/landlord/payouts');

    const notice = await screen.findByRole('region', { name: 'Disputed after refund' });
    expect(notice).toHaveTextContent('A refunded payment was disputed');
    expect(notice).toHaveTextContent('you are down the money twice until the dispute closes');
    expect(notice).toHaveTextContent('Ada Chen, 4 Maple Avenue, Apt 2, Springfield, IL 62701');
    expect(notice).toHaveTextContent('Refunded $450.00 on Mar 6, 2024, disputed $980.00 on Mar 12, 2024.');
    expect(within(notice).getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', `/landlord/payment-receipt/${adasPayment}`);

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const marked = rows.filter((row) => within(row).queryByText('Disputed after refund'));
    expect(marked.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Ada ChenDisputed after refund',
      'Refund to Ada ChenDisputed after refund',
    ]);
    expect(within(rows[0]).queryByText('Disputed after refund')).not.toBeInTheDocument();
  });

  it('shows no such notice when nothing was disputed after a refund', async () => {
    signedInAsLandlord();
    withPayouts([march]);
    renderRoute('/landlord/payouts');

    expect(await screen.findByRole('heading', { name: '$1,965.30' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Disputed after refund' })).not.toBeInTheDocument();
    expect(screen.queryByText('Disputed after refund')).not.toBeInTheDocument();
  });

  it('says a deposit is not paid yet rather than showing an empty date', async () => {
    signedInAsLandlord();
    withPayouts([april]);
    renderRoute('/landlord/payouts');

    const deposit = await screen.findByRole('article');
    expect(within(deposit).getByText('Paid').nextElementSibling).toHaveTextContent('—');
  });

  it('explains the empty page before the first payout', async () => {
    signedInAsLandlord();
    withPayouts([]);
    renderRoute('/landlord/payouts');

    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeInTheDocument();
    expect(screen.getByText(/each deposit appears here/)).toBeInTheDocument();
  });

  it('shows placeholders while loading, and a retry that works after a failure', async () => {
    signedInAsLandlord();
    let fail = true;
    mswServer.use(
      http.get('/api/landlord/payouts', async () => {
        await delay(30);
        if (fail) return HttpResponse.json({ status: 'error', error: MESSAGES.serviceUnavailable }, { status: 500 });
        return HttpResponse.json({ status: 'success', payouts: [march], disputedAfterRefund: [] });
      }),
    );
    renderRoute('/landlord/payouts');

    expect(await screen.findByLabelText('Loading payouts')).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Your payouts didn’t load');

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '$1,965.30' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leads to the landlord’s own Authorize.Net account, whose settled batches are the deposits of a landlord on it', async () => {
    signedInAsLandlord();
    withPayouts([march]);
    const { router } = renderRoute('/landlord/payouts');

    const section = await screen.findByRole('region', { name: 'Card payments through Authorize.Net' });
    await userEvent.click(within(section).getByRole('link', { name: 'Connect account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Card Payments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/landlord/authorize-net');
  });

  it('says a landlord on Authorize.Net finds each settled batch here', async () => {
    signedInAsLandlord();
    withAuthorizeNetAccount({
      cardGateway: 'authorize_net',
      account: { apiLoginId: '9vE2hKz7Wq', publicClientKey: '3cF8nM2pL5rT7wX9yA1bD4e', webhookUrl: 'https://rentwise.test/w', savedAt: '2026-03-02T15:04:00.000Z', savedByName: null },
    });
    withPayouts([march]);
    renderRoute('/landlord/payouts');

    const section = await screen.findByRole('region', { name: 'Card payments through Authorize.Net' });
    expect(await within(section).findByText(/each settled batch is a deposit here/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Manage account' })).toHaveAttribute('href', '/landlord/authorize-net');
  });

  it('is opened from the landlord dashboard tile, and asks the server again on each visit', async () => {
    signedInAsLandlord();
    const payouts = withPayouts([march]);
    mswServer.use(
      http.get('/api/landlord/statements/statement', () => HttpResponse.json({ status: 'error', error: MESSAGES.serviceUnavailable }, { status: 500 })),
    );
    const { router } = renderRoute('/landlord/dashboard');

    await userEvent.click(await screen.findByRole('link', { name: /Payouts/ }));
    expect(await screen.findByRole('heading', { name: '$1,965.30' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/landlord/payouts');

    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('link', { name: /Payouts/ });
    await userEvent.click(screen.getByRole('link', { name: /Payouts/ }));
    await screen.findByRole('heading', { name: '$1,965.30' });
    expect(payouts.calls()).toBe(2);
  });
});
