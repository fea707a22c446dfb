import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AUTOPAY_MANDATE_VERSION, autopayCardAuthorizationText, autopayMandateText } from '@rentwise/libs/autopay';
import { MESSAGES } from '@rentwise/libs/messages';
import { SANDBOX_BANK_NAME } from '@rentwise/libs/sandbox-bank-accounts';
import type { AutopayView } from '../../app/tenantAutopayApi';
import { autopayViewFixture } from '../../test/autopay';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

const checking = { id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', bankName: 'Springfield Credit Union', last4: '6789' };
const savings = { id: '0a9b8c7d-6e5f-4a3b-9c1d-2e3f4a5b6c7d', bankName: 'First Bank', last4: '1234' };
const visa = { id: '7d6c5b4a-3f2e-4d1c-9b0a-8f7e6d5c4b3a', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const mastercard = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2029 };
const { tenantName, landlordName, propertyAddress } = autopayViewFixture().mandateTerms;
const terms = { tenantName, landlordName, propertyAddress };

/** Off, never set up: the landlord takes bank debits and the tenant saved two accounts. Rent is due on the 1st in New York. */
const viewOf = (overrides: Partial<AutopayView> = {}): AutopayView => autopayViewFixture({ savedBankAccounts: [checking, savings], ...overrides });

/** On from the checking account, 3 days before the 1st: January's rent at 6:00 on December 29 in New York. */
function onView(overrides: Partial<AutopayView> = {}): AutopayView {
  return viewOf({
    isOn: true,
    settings: { savedBankAccountId: checking.id, bankName: checking.bankName, last4: checking.last4, daysBeforeDue: 3, amount: { kind: 'balance' } },
    method: { kind: 'bank_account', savedBankAccountId: checking.id, bankName: checking.bankName, last4: checking.last4 },
    next: { period: '2027-01', debitAt: '2026-12-29T11:00:00.000Z', estimatedCents: 150_000, skipped: false },
    ...overrides,
  });
}

/** On from the saved Visa, otherwise as onView. */
const onByCardView = (overrides: Partial<AutopayView> = {}): AutopayView =>
  onView({
    savedCards: [visa],
    settings: { savedBankAccountId: null, bankName: null, last4: visa.last4, daysBeforeDue: 3, amount: { kind: 'balance' } },
    method: { kind: 'card', savedCardId: visa.id, brand: visa.brand, last4: visa.last4, expMonth: visa.expMonth, expYear: visa.expYear },
    ...overrides,
  });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** GET answers `view`; each write is recorded and answered by `answer` (by default the view it leads to). */
function withAutopay(view: AutopayView, answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const record = async ({ request }: { request: Request }) => {
    const call = { method: request.method, path: new URL(request.url).pathname, body: request.method === 'PUT' && request.headers.get('content-type') ? await request.json() : undefined };
    calls.push(call);
    return answer(call);
  };
  mswServer.use(
    sessionOf(testUser({ type: 'tenant', firstName: 'Theo', lastName: 'Tenant' })),
    http.get('/api/tenant/autopay', () => HttpResponse.json({ status: 'success', autopay: view })),
    http.put('/api/tenant/autopay', record),
    http.delete('/api/tenant/autopay', record),
    http.put('/api/tenant/autopay/skip', record),
  );
  return calls;
}

const success = (message: string, autopay: AutopayView) => HttpResponse.json({ status: 'success', message, autopay });

/**
 * The sandbox's bank link (its test accounts, verified at once) and POST /api/tenant/bank-accounts,
 * which saves the linked account (by default) or refuses it with `refuse`.
 */
function withBankLinkAndSave(refuse?: () => Response) {
  const links: Record<string, unknown>[] = [];
  const saves: unknown[] = [];
  mswServer.use(
    http.post('/sandbox/v1/bank_accounts', async ({ request }) => {
      const body = (await request.json()) as { accountNumber: string };
      links.push(body);
      return HttpResponse.json({ id: `pm_sandbox_${links.length}`, bankName: SANDBOX_BANK_NAME, last4: body.accountNumber.slice(-4), verification: 'verified' });
    }),
    http.post('/api/tenant/bank-accounts', async ({ request }) => {
      saves.push(await request.json());
      if (refuse) return refuse();
      return HttpResponse.json({ status: 'success', bankAccount: { id: linkedAccountId, bankName: SANDBOX_BANK_NAME, last4: '6789' } }, { status: 201 });
    }),
  );
  return { links, saves };
}

const linkedAccountId = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

/** Through the sandbox's stand-in: Test Institution's account whose payments succeed. */
async function linkTestAccount(user: ReturnType<typeof userEvent.setup>, button: string) {
  await user.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Select your bank' });
  await user.click(within(dialog).getByRole('button', { name: 'Test Institution' }));
  const accounts = await screen.findByRole('dialog', { name: 'Test Institution' });
  await user.click(within(accounts).getByRole('button', { name: 'Link account' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('the tenant’s autopay page', () => {
  it('shows autopay off, with the form set to the defaults and the authorization for them', async () => {
    withAutopay(viewOf(), () => HttpResponse.json({}, { status: 500 }));
    renderRoute('/tenant/autopay');

    expect(await screen.findByRole('heading', { name: 'Autopay is off' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Turn on autopay' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Springfield Credit Union ••••6789' })).toBeChecked();
    expect(screen.getByLabelText('Payment day')).toHaveValue('3');
    expect(screen.getByRole('option', { name: 'On the due day (the 1st)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '12 days before' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /The balance due on that day/ })).toBeChecked();
    expect(screen.getByText('Fees').nextElementSibling).toHaveTextContent('No fee');
    expect(screen.getByTestId('autopay-mandate')).toHaveTextContent(
      autopayMandateText({ ...terms, bankName: checking.bankName, last4: checking.last4, amount: { kind: 'balance' }, daysBeforeDue: 3, dueDay: 1 }),
    );
    expect(screen.getByRole('checkbox', { name: 'I authorize these debits' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Turn on autopay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off autopay' })).toBeNull();
    expect(screen.getByText('None yet. Each month’s automatic payment will show here.')).toBeInTheDocument();
  });

  it('asks for the authorization, then turns autopay on with the settings chosen', async () => {
    const calls = withAutopay(viewOf(), () => success(MESSAGES.autopayOn, onView()));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    await user.click(await screen.findByRole('button', { name: 'Turn on autopay' }));
    expect(await screen.findByText(MESSAGES.autopayMandateNotAccepted)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'I authorize these debits' }));
    await user.click(screen.getByRole('button', { name: 'Turn on autopay' }));
    expect(await screen.findByText(MESSAGES.autopayOn)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/tenant/autopay',
        body: {
          method: { kind: 'bank_account', savedBankAccountId: checking.id },
          daysBeforeDue: 3,
          amount: { kind: 'balance' },
          mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION },
        },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Autopay is on' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    // The authorization was given for what was saved; another change asks for it again.
    expect(screen.getByRole('checkbox', { name: 'I authorize these debits' })).not.toBeChecked();
  });

  it('sends the account, the day and a fixed amount in cents, with the authorization worded for them', async () => {
    const calls = withAutopay(viewOf({ bankFeeCents: 150 }), () => success(MESSAGES.autopayOn, onView()));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    await user.click(await screen.findByRole('radio', { name: 'First Bank ••••1234' }));
    await user.selectOptions(screen.getByLabelText('Payment day'), 'On the due day (the 1st)');
    await user.click(screen.getByRole('checkbox', { name: 'I authorize these debits' }));
    await user.click(screen.getByRole('radio', { name: /A fixed amount/ }));
    // A change of terms takes back the yes given to the old ones.
    expect(screen.getByRole('checkbox', { name: 'I authorize these debits' })).not.toBeChecked();
    expect(screen.getByText('Enter the fixed amount to read the authorization.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Fixed amount'), '1,250.5');
    expect(screen.getByText('Fees').nextElementSibling).toHaveTextContent('$1.50 bank fee on each payment');
    expect(screen.getByTestId('autopay-mandate')).toHaveTextContent(
      autopayMandateText({ ...terms, bankName: 'First Bank', last4: '1234', amount: { kind: 'fixed', cents: 125_050 }, daysBeforeDue: 0, dueDay: 1 }),
    );
    expect(screen.getByTestId('autopay-mandate')).toHaveTextContent('for $1,250.50, or the balance due if it is less');

    await user.click(screen.getByRole('checkbox', { name: 'I authorize these debits' }));
    await user.click(screen.getByRole('button', { name: 'Turn on autopay' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({
      method: { kind: 'bank_account', savedBankAccountId: savings.id },
      daysBeforeDue: 0,
      amount: { kind: 'fixed', cents: 125_050 },
      mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION },
    });
  });

  it('refuses a fixed amount under $1 before asking the server', async () => {
    const calls = withAutopay(viewOf(), () => success(MESSAGES.autopayOn, onView()));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');
    await user.click(await screen.findByRole('radio', { name: /A fixed amount/ }));
    await user.type(screen.getByLabelText('Fixed amount'), '0.50');
    await user.click(screen.getByRole('checkbox', { name: 'I authorize these debits' }));
    await user.click(screen.getByRole('button', { name: 'Turn on autopay' }));
    await waitFor(() => expect(screen.getByLabelText('Fixed amount')).toHaveAccessibleDescription(MESSAGES.autopayAmountInvalid));
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal above the button', async () => {
    withAutopay(viewOf(), () => HttpResponse.json({ status: 'error', error: MESSAGES.autopayNotOffered }, { status: 409 }));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');
    await user.click(await screen.findByRole('checkbox', { name: 'I authorize these debits' }));
    await user.click(screen.getByRole('button', { name: 'Turn on autopay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.autopayNotOffered);
    expect(screen.getByRole('heading', { name: 'Autopay is off' })).toBeInTheDocument();
  });

  it('shows the next automatic payment on the landlord’s calendar, and skips that month and puts it back', async () => {
    const skipped = onView({ next: { period: '2027-01', debitAt: '2026-12-29T11:00:00.000Z', estimatedCents: 150_000, skipped: true } });
    const calls = withAutopay(onView({ bankFeeCents: 150 }), ({ body }) =>
      (body as { skip: boolean }).skip ? success(MESSAGES.autopayMonthSkipped, skipped) : success(MESSAGES.autopayMonthRestored, onView()),
    );
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    expect(await screen.findByRole('heading', { name: 'Autopay is on' })).toBeInTheDocument();
    expect(screen.getByText('From Springfield Credit Union ••••6789')).toBeInTheDocument();
    expect(screen.getByText(/Next automatic payment/)).toHaveTextContent(
      'Next automatic payment: ~about $1,500.00 on Tuesday, December 29 for January 2027 rent, plus the $1.50 bank fee.',
    );
    expect(screen.getByRole('heading', { name: 'Change autopay' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skip this month' }));
    expect(await screen.findByText(MESSAGES.autopayMonthSkipped)).toBeInTheDocument();
    expect(await screen.findByText('January 2027 rent is skipped.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Don’t skip' }));
    expect(await screen.findByText(MESSAGES.autopayMonthRestored)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Skip this month' })).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/tenant/autopay/skip', body: { month: '2027-01', skip: true } },
      { method: 'PUT', path: '/api/tenant/autopay/skip', body: { month: '2027-01', skip: false } },
    ]);
  });

  it('turns autopay off after asking', async () => {
    const calls = withAutopay(onView(), () => success(MESSAGES.autopayOff, { ...onView(), isOn: false, next: null, turnedOffReason: 'tenant' }));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    await user.click(await screen.findByRole('button', { name: 'Turn off autopay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off autopay?' });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off autopay' }));
    expect(await screen.findByText(MESSAGES.autopayOff)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Autopay is off' })).toBeInTheDocument();
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /api/tenant/autopay']);
    // Turning it on again starts from the settings kept.
    expect(screen.getByRole('button', { name: 'Turn on autopay' })).toBeInTheDocument();
  });

  it('says plainly when autopay turned itself off, and lists the recent automatic payments', async () => {
    const failureMessage = 'Your bank returned the payment: not enough money in the account.';
    withAutopay(
      viewOf({
        turnedOffReason: 'failures',
        recentPayments: [
          { period: '2027-02', attempt: 2, amountCents: 150_000, status: 'failed', failureMessage, createdAt: '2027-02-01T11:00:00.000Z' },
          { period: '2027-01', attempt: 1, amountCents: 149_950, status: 'succeeded', failureMessage: null, createdAt: '2026-12-29T11:00:00.000Z' },
        ],
      }),
      () => HttpResponse.json({}, { status: 500 }),
    );
    renderRoute('/tenant/autopay');

    expect(await screen.findByText('Autopay turned itself off after failed payments')).toBeInTheDocument();
    const recent = within(screen.getByRole('region', { name: 'Recent automatic payments' }));
    const rows = recent.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(`February 2027 · retry$1,500.00Failed${failureMessage}`);
    expect(within(rows[0]).getByText('Failed')).toHaveClass('status-pill--danger');
    expect(rows[1]).toHaveTextContent('January 2027$1,499.50Paid');
  });

  it('says a blocked account turned autopay off', async () => {
    withAutopay(viewOf({ turnedOffReason: 'account_blocked' }), () => HttpResponse.json({}, { status: 500 }));
    renderRoute('/tenant/autopay');
    expect(await screen.findByText('Autopay is off: your bank account can’t be debited')).toBeInTheDocument();
  });

  it('has a tenant without a saved bank account link one here, saves it and offers it for autopay', async () => {
    withAutopay(viewOf({ savedBankAccounts: [] }), () => HttpResponse.json({}, { status: 500 }));
    const { links, saves } = withBankLinkAndSave();
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    expect(await screen.findByRole('button', { name: 'Link a bank account' })).toBeInTheDocument();
    expect(screen.getByText(/Autopay pays from a bank account you save/)).toBeInTheDocument();
    // Nothing to pay from yet: the day, the amount and the authorization wait for it.
    expect(screen.queryByRole('button', { name: 'Turn on autopay' })).toBeNull();
    await linkTestAccount(user, 'Link a bank account');

    expect(await screen.findByRole('radio', { name: 'STRIPE TEST BANK ••••6789' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('STRIPE TEST BANK ••••6789 is saved.');
    expect(screen.queryByRole('button', { name: 'Link a bank account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn on autopay' })).toBeInTheDocument();
    expect(screen.getByTestId('autopay-mandate')).toHaveTextContent('to debit my STRIPE TEST BANK account ending in 6789');
    // Linked on the landlord's account, in the tenant's name; only the payment method reaches our API.
    expect(links).toEqual([expect.objectContaining({ account: 'acct_sandbox_landlord', accountHolderName: 'Theo Tenant', accountNumber: '000123456789' })]);
    expect(saves).toEqual([{ paymentMethodId: 'pm_sandbox_1' }]);
  });

  it('links and saves another account from the form, and chooses it', async () => {
    withAutopay(viewOf(), () => HttpResponse.json({}, { status: 500 }));
    const { saves } = withBankLinkAndSave();
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    expect(await screen.findByRole('radio', { name: 'Springfield Credit Union ••••6789' })).toBeChecked();
    await linkTestAccount(user, 'Link another account');

    const linked = await screen.findByRole('radio', { name: 'STRIPE TEST BANK ••••6789' });
    await waitFor(() => expect(linked).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Springfield Credit Union ••••6789' })).not.toBeChecked();
    expect(screen.getByTestId('autopay-mandate')).toHaveTextContent('to debit my STRIPE TEST BANK account ending in 6789');
    expect(saves).toHaveLength(1);
  });

  it('says why a linked account could not be saved, and keeps the choice as it was', async () => {
    withAutopay(viewOf(), () => HttpResponse.json({}, { status: 500 }));
    withBankLinkAndSave(() => HttpResponse.json({ status: 'error', error: MESSAGES.bankDebitsNotOffered }, { status: 409 }));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    await screen.findByRole('radio', { name: 'Springfield Credit Union ••••6789' });
    await linkTestAccount(user, 'Link another account');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.bankDebitsNotOffered);
    expect(screen.getByRole('radio', { name: 'Springfield Credit Union ••••6789' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'STRIPE TEST BANK ••••6789' })).toBeNull();
  });

  it('offers no form when the landlord can take neither bank debits nor cards', async () => {
    withAutopay(viewOf({ offered: false, bankLink: null, cardOffered: false }), () => HttpResponse.json({}, { status: 500 }));
    renderRoute('/tenant/autopay');
    expect(await screen.findByText('Autopay isn’t available yet')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.autopayNotOffered)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on autopay' })).toBeNull();
  });

  it('tells a tenant without a home there is nothing to pay yet', async () => {
    mswServer.use(
      sessionOf(testUser({ type: 'tenant' })),
      http.get('/api/tenant/autopay', () => HttpResponse.json({ status: 'error', error: MESSAGES.notFound }, { status: 404 })),
    );
    renderRoute('/tenant/autopay');
    expect(await screen.findByText('There’s no rent to pay automatically yet')).toBeInTheDocument();
  });
});

const newCard = { id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };

/**
 * Saving a card in the sandbox: POST /api/tenant/cards/setup answers the sandbox, its card form makes
 * the payment method at /sandbox/v1/payment_methods, and POST /api/tenant/cards saves it (the Visa
 * ending 4242, expiring 12/34). DELETE /api/tenant/cards/:id answers `remove` (204 by default).
 */
function withCards(remove: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const tokenized: unknown[] = [];
  const saves: unknown[] = [];
  const removals: string[] = [];
  mswServer.use(
    http.post('/api/tenant/cards/setup', () => HttpResponse.json({ status: 'success', setup: { provider: 'sandbox' } }, { status: 201 })),
    http.post('/sandbox/v1/payment_methods', async ({ request }) => {
      tokenized.push(await request.json());
      return HttpResponse.json({ id: 'pm_sandbox_card', card: { brand: 'visa', last4: '4242' } });
    }),
    http.post('/api/tenant/cards', async ({ request }) => {
      saves.push(await request.json());
      return HttpResponse.json({ status: 'success', card: newCard }, { status: 201 });
    }),
    http.delete('/api/tenant/cards/:savedCardId', ({ params }) => {
      removals.push(String(params.savedCardId));
      return remove();
    }),
  );
  return { tokenized, saves, removals };
}

/** Pay from: Card, on the switch beside Bank account. */
async function chooseCard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(await screen.findByRole('group', { name: 'Bank account or card' })).getByRole('button', { name: /^Card / }));
}

const cardTerms = (card: { brand: string; last4: string }) => ({
  ...terms,
  brand: card.brand,
  last4: card.last4,
  amount: { kind: 'balance' as const },
  daysBeforeDue: 3,
  dueDay: 1,
  processingFeeCents: 699,
});

describe('autopay by card', () => {
  it('offers a card beside the bank account, each with its fee, and a card’s fee and authorization before turning on', async () => {
    withAutopay(viewOf({ bankFeeCents: 150, savedCards: [visa, mastercard] }), () => HttpResponse.json({}, { status: 500 }));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    const ways = await screen.findByRole('group', { name: 'Bank account or card' });
    expect(within(ways).getByRole('button', { name: /^Bank account / })).toHaveAttribute('aria-pressed', 'true');
    expect(within(ways).getByRole('button', { name: /^Bank account / })).toHaveAccessibleName('Bank account $1.50 fee');
    expect(within(ways).getByRole('button', { name: /^Card / })).toHaveAccessibleName('Card $6.99 fee');
    await chooseCard(user);

    expect(within(ways).getByRole('button', { name: /^Card / })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: 'Visa •••• 4242 Expires 12/30' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Mastercard •••• 4444 Expires 03/29' })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: /Springfield Credit Union/ })).toBeNull();
    expect(screen.getByText('Fees').nextElementSibling).toHaveTextContent('$6.99 processing fee on each payment');
    expect(screen.getByRole('heading', { name: 'Recurring card payment authorization' })).toBeInTheDocument();
    expect(screen.getByTestId('autopay-mandate')).toHaveTextContent(autopayCardAuthorizationText(cardTerms(visa)));
    expect(screen.getByTestId('autopay-mandate')).toHaveTextContent('plus the $6.99 card processing fee');
    expect(screen.getByRole('checkbox', { name: 'I authorize these card payments' })).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: /Mastercard •••• 4444/ }));
    expect(screen.getByTestId('autopay-mandate')).toHaveTextContent('to charge my Mastercard card ending in 4444 every month');
  });

  it('turns autopay on with the card chosen', async () => {
    const calls = withAutopay(viewOf({ savedCards: [visa] }), () => success(MESSAGES.autopayOn, onByCardView()));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    await chooseCard(user);
    await user.click(screen.getByRole('checkbox', { name: 'I authorize these card payments' }));
    await user.click(screen.getByRole('button', { name: 'Turn on autopay' }));
    expect(await screen.findByText(MESSAGES.autopayOn)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/tenant/autopay',
        body: { method: { kind: 'card', savedCardId: visa.id }, daysBeforeDue: 3, amount: { kind: 'balance' }, mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION } },
      },
    ]);
    const status = await screen.findByRole('region', { name: 'Autopay is on' });
    expect(within(status).getByText('From Visa •••• 4242')).toBeInTheDocument();
    // The form starts from the card autopay pays with.
    expect(within(screen.getByRole('group', { name: 'Bank account or card' })).getByRole('button', { name: /^Card / })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
  });

  it('says the card and its processing fee beside the next automatic payment', async () => {
    withAutopay(onByCardView(), () => HttpResponse.json({}, { status: 500 }));
    renderRoute('/tenant/autopay');

    const status = await screen.findByRole('region', { name: 'Autopay is on' });
    expect(within(status).getByText('From Visa •••• 4242')).toBeInTheDocument();
    expect(within(status).getByText(/Next automatic payment/)).toHaveTextContent(
      'Next automatic payment: ~about $1,500.00 on Tuesday, December 29 for January 2027 rent, plus the $6.99 processing fee.',
    );
  });

  it('adds a card with the sandbox’s card form, saves it and chooses it', async () => {
    withAutopay(viewOf(), () => HttpResponse.json({}, { status: 500 }));
    const { tokenized, saves } = withCards();
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    await chooseCard(user);
    expect(screen.getByText(/Autopay can charge a card you save/)).toHaveTextContent('Each payment by card adds the $6.99 processing fee.');
    expect(screen.queryByRole('button', { name: 'Turn on autopay' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add a card' }));

    const panel = await screen.findByRole('region', { name: 'Add a card' });
    expect(within(panel).getByRole('heading', { name: 'Add a card' })).toHaveFocus();
    await user.type(within(panel).getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await user.type(within(panel).getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1234');
    await user.type(within(panel).getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(within(panel).getByRole('button', { name: 'Save card' }));

    const saved = await screen.findByRole('radio', { name: 'Visa •••• 4242 Expires 12/34' });
    await waitFor(() => expect(saved).toBeChecked());
    expect(screen.getByRole('status')).toHaveTextContent('Visa •••• 4242 is saved.');
    expect(screen.queryByRole('region', { name: 'Add a card' })).toBeNull();
    expect(screen.getByTestId('autopay-mandate')).toHaveTextContent(autopayCardAuthorizationText(cardTerms(newCard)));
    // The card went to the sandbox's tokenizer; only its payment method reached our API.
    expect(tokenized).toEqual([expect.objectContaining({ number: '4242424242424242' })]);
    expect(saves).toEqual([{ paymentMethodId: 'pm_sandbox_card' }]);
  });

  it('says why a card could not be saved, and keeps the form open to try another', async () => {
    withAutopay(viewOf(), () => HttpResponse.json({}, { status: 500 }));
    withCards();
    mswServer.use(http.post('/api/tenant/cards', () => HttpResponse.json({ status: 'error', error: 'Your card was declined.' }, { status: 402 })));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    await chooseCard(user);
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    const panel = await screen.findByRole('region', { name: 'Add a card' });
    await user.type(within(panel).getByRole('textbox', { name: 'Card number' }), '4000000000000341');
    await user.type(within(panel).getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1234');
    await user.type(within(panel).getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(within(panel).getByRole('button', { name: 'Save card' }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(within(panel).getByRole('button', { name: 'Save card' })).toBeEnabled();
    expect(screen.queryByRole('radio', { name: /Visa/ })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Add a card' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeInTheDocument();
  });

  it('says so when the landlord no longer takes saved cards', async () => {
    withAutopay(viewOf(), () => HttpResponse.json({}, { status: 500 }));
    mswServer.use(http.post('/api/tenant/cards/setup', () => HttpResponse.json({ status: 'error', error: MESSAGES.savedCardsNotOffered }, { status: 409 })));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    await chooseCard(user);
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.savedCardsNotOffered);
    expect(screen.queryByRole('region', { name: 'Add a card' })).toBeNull();
  });

  it('removes a saved card after asking, and refuses while autopay pays with it', async () => {
    withAutopay(onByCardView({ savedCards: [visa, mastercard] }), () => HttpResponse.json({}, { status: 500 }));
    const { removals } = withCards(() => HttpResponse.json({ status: 'error', error: MESSAGES.savedCardUsedByAutopay }, { status: 409 }));
    const user = userEvent.setup();
    renderRoute('/tenant/autopay');

    await user.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Visa •••• 4242?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.savedCardUsedByAutopay);
    expect(screen.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();

    // Another card, which autopay does not use, goes.
    mswServer.use(http.delete('/api/tenant/cards/:savedCardId', ({ params }) => {
      removals.push(String(params.savedCardId));
      return new HttpResponse(null, { status: 204 });
    }));
    await user.click(screen.getByRole('button', { name: 'Remove Mastercard •••• 4444' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove Mastercard •••• 4444?' })).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('Mastercard •••• 4444 is removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Mastercard/ })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(removals).toEqual([visa.id, mastercard.id]);
  });

  it('offers only the card where the landlord takes cards but not bank debits', async () => {
    withAutopay(viewOf({ offered: false, bankLink: null, savedBankAccounts: [] }), () => HttpResponse.json({}, { status: 500 }));
    renderRoute('/tenant/autopay');

    expect(await screen.findByRole('heading', { name: 'Turn on autopay' })).toBeInTheDocument();
    expect(screen.queryByText('Autopay isn’t available yet')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Bank account or card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Link a bank account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeInTheDocument();
  });
});
