import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANK_DEBIT_MANDATE_VERSION, bankDebitMandateText } from '@rentwise/libs/bank-debits';
import { MESSAGES, repeatPaymentMessage } from '@rentwise/libs/messages';
import { SANDBOX_BANK_LINK_MESSAGES, SANDBOX_BANK_NAME, SANDBOX_ROUTING_NUMBER } from '@rentwise/libs/sandbox-bank-accounts';
import type { AutopayView } from '../../app/tenantAutopayApi';
import { dismissAllToasts } from '../../components/toastStore';
import { autopayViewFixture } from '../../test/autopay';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import { bankDebitSetupFixture, paymentSetupFixture } from './paymentSetup.fixture';
import type { BankDebitSetup, PaymentHistoryRow, PaymentSetup, Receipt } from './paymentsApi';

/**
 * Stripe.js as the browser gets it from js.stripe.com, faked: loadStripe gives an object whose bank
 * link methods are the test's. Elements is not under test here (the card form with Stripe keys).
 */
const stripeJs = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  collectBankAccountForSetup: vi.fn(),
  confirmUsBankAccountSetup: vi.fn(),
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => null,
  useStripe: () => null,
  useElements: () => null,
}));

/**
 * Issue 35 on the payment screen: after the amount the tenant pays by Card (unchanged) or from a bank
 * account, linked through the sandbox's stand-in for the provider's bank link or saved before, accepts
 * the debit authorization, and sees Processing until the bank settles it.
 */

const receiptId = '7d1e0c4a-5b2f-4e8d-9a3c-1f2e3d4c5b6a';
const savedAccountId = '0b5c9a52-1f7e-4c3e-9d7a-2f6b8e1c4d3a';
const MINUTE_MS = 60_000;
type User = ReturnType<typeof userEvent.setup>;

function signedInTenant() {
  mswServer.use(sessionOf(testUser({ type: 'tenant', firstName: 'Theo', lastName: 'Tenant', email: 'theo@example.com' })));
}

/** The setup, answered in turn: each GET takes the next one (the last one stays), so a refetch can show a change. */
function withSetups(...setups: PaymentSetup[]) {
  let reads = 0;
  mswServer.use(
    http.get('/api/tenant/payment-setup', () => {
      reads += 1;
      return HttpResponse.json({ status: 'success', setup: setups[Math.min(reads, setups.length) - 1] });
    }),
  );
  return () => reads;
}

const setupWithBank = (bankDebit: Partial<BankDebitSetup> = {}, overrides: Partial<PaymentSetup> = {}) =>
  paymentSetupFixture({ connectedAccountId: 'acct_sandbox_1', bankDebit: bankDebitSetupFixture(bankDebit), ...overrides });

interface SandboxBankBody {
  account: string;
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
  verification: 'instant' | 'microdeposits';
}

/**
 * The sandbox provider's bank link, as the contract says: the test routing number and account numbers
 * ending in their last four, instant or by microdeposits (SM11AA verifies, SM33CC too many attempts).
 */
function withSandboxBankLink() {
  const links: SandboxBankBody[] = [];
  const verifications: { id: string; body: unknown }[] = [];
  mswServer.use(
    http.post('/sandbox/v1/bank_accounts', async ({ request }) => {
      const body = (await request.json()) as SandboxBankBody;
      links.push(body);
      if (body.routingNumber !== SANDBOX_ROUTING_NUMBER) return HttpResponse.json({ message: SANDBOX_BANK_LINK_MESSAGES.routingNumber }, { status: 400 });
      return HttpResponse.json({
        id: `pm_sandbox_${links.length}`,
        bankName: SANDBOX_BANK_NAME,
        last4: body.accountNumber.slice(-4),
        verification: body.verification === 'instant' ? 'verified' : 'pending',
      });
    }),
    http.post('/sandbox/v1/bank_accounts/:id/verify_microdeposits', async ({ params, request }) => {
      const body = (await request.json()) as { code: string };
      verifications.push({ id: String(params.id), body });
      // As the product's server answers it, through its error filter.
      if (body.code !== 'SM11AA') return HttpResponse.json({ status: 'error', error: SANDBOX_BANK_LINK_MESSAGES.tooManyAttempts }, { status: 400 });
      return HttpResponse.json({ id: params.id, bankName: SANDBOX_BANK_NAME, last4: '6789', verification: 'verified' });
    }),
  );
  return { links, verifications };
}

function withEndpoint(url: string, answers: (() => Response)[]) {
  const bodies: Record<string, unknown>[] = [];
  mswServer.use(
    http.post(url, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answers[Math.min(bodies.length, answers.length) - 1]();
    }),
  );
  return bodies;
}

const processing = (amountCents = 10_000, feeCents = 0) =>
  HttpResponse.json(
    {
      status: 'success',
      payment: { receiptId, chargedCents: amountCents + feeCents, amountCents, processingFeeCents: feeCents, paidAt: '2026-05-04T15:30:00.000Z', paymentStatus: 'processing' },
    },
    { status: 201 },
  );

afterEach(() => act(() => dismissAllToasts()));

/** Where bank debits are offered the amount step reads the tenant's autopay; off unless a test says otherwise. */
function withAutopay(view: AutopayView = autopayViewFixture()) {
  let reads = 0;
  mswServer.use(
    http.get('/api/tenant/autopay', () => {
      reads += 1;
      return HttpResponse.json({ status: 'success', autopay: view });
    }),
  );
  return () => reads;
}

beforeEach(() => {
  withAutopay();
});

const toastRegion = () => screen.getByRole('status');

async function openAndEnter(user: User, keys = '100') {
  const view = renderRoute('/tenant/payment');
  await screen.findByRole('heading', { name: 'Make a Payment' });
  await user.keyboard(`${keys}{Enter}`);
  return view;
}

async function chooseBank(user: User) {
  await screen.findByRole('heading', { name: 'Card details' });
  await user.click(within(screen.getByRole('group', { name: 'Way to pay' })).getByRole('button', { name: /^Bank account / }));
  expect(await screen.findByRole('heading', { name: 'Bank account' })).toHaveFocus();
}

async function linkTestAccount(user: User, label = 'Checking: payment succeeds') {
  await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Select your bank' });
  expect(within(dialog).getByText('Sandbox — test accounts only')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Test Institution' }));
  const accounts = await screen.findByRole('dialog', { name: 'Test Institution' });
  await user.click(within(accounts).getByRole('radio', { name: new RegExp(label) }));
  await user.click(within(accounts).getByRole('button', { name: 'Link account' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

const summary = () => screen.getByText('Total debited').closest('dl')!;

describe('paying from a bank account', () => {
  it('offers only Card, as before, when the landlord cannot take bank debits', async () => {
    signedInTenant();
    withSetups(paymentSetupFixture({ bankDebit: null }));
    const user = userEvent.setup();
    await openAndEnter(user);

    expect(await screen.findByRole('heading', { name: 'Card details' })).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Way to pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bank account / })).not.toBeInTheDocument();
  });

  it('leads to the card as before, with Bank account one tap away, each with its fee', async () => {
    signedInTenant();
    withSetups(setupWithBank());
    const user = userEvent.setup();
    renderRoute('/tenant/payment');
    await screen.findByRole('heading', { name: 'Make a Payment' });
    expect(screen.getByText('+ $6.99 card processing fee · $0.00 bank fee')).toBeInTheDocument();
    await user.keyboard('100{Enter}');

    expect(await screen.findByRole('heading', { name: 'Card details' })).toHaveFocus();
    const ways = screen.getByRole('group', { name: 'Way to pay' });
    expect(within(ways).getByRole('button', { name: /^Card / })).toHaveAttribute('aria-pressed', 'true');
    expect(within(ways).getByRole('button', { name: /^Card / })).toHaveAccessibleName('Card $6.99 fee');
    expect(within(ways).getByRole('button', { name: /^Bank account / })).toHaveAttribute('aria-pressed', 'false');
    expect(within(ways).getByRole('button', { name: /^Bank account / })).toHaveAccessibleName('Bank account $0.00 fee');

    await chooseBank(user);
    expect(screen.getByText(/usually take about 4 business days/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Way to pay' })).getByRole('button', { name: /^Card / }));
    expect(await screen.findByRole('heading', { name: 'Card details' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
  });

  it('links a test account instantly, asks for the authorization, pays and says Processing', async () => {
    signedInTenant();
    withSetups(setupWithBank());
    const { links } = withSandboxBankLink();
    const payments = withEndpoint('/api/tenant/payments/bank', [() => processing()]);
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);
    expect(screen.getByText(/Rentwise never sees or stores them/)).toBeInTheDocument();

    await linkTestAccount(user);
    expect(links).toEqual([
      { account: 'acct_sandbox_1', accountHolderName: 'Theo Tenant', routingNumber: '110000000', accountNumber: '000123456789', verification: 'instant' },
    ]);
    // The link button is gone: the linked account takes the focus the dialog gives back.
    expect(screen.getByText('STRIPE TEST BANK ••••6789').closest('p')).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Save this account for next time' }));
    await user.click(screen.getByRole('button', { name: 'Review payment' }));

    expect(await screen.findByRole('heading', { name: 'Confirm payment' })).toHaveFocus();
    expect(summary()).toHaveTextContent('Amount$100.00');
    expect(summary()).toHaveTextContent('Bank fee$0.00');
    expect(summary()).toHaveTextContent('Total debited$100.00');
    const mandate = bankDebitMandateText({
      tenantName: 'Theo Tenant',
      landlordName: 'Lena Landlord',
      propertyAddress: '12 Garden Street, Springfield, IL 62704',
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      chargedCents: 10_000,
    });
    expect(screen.getByText(mandate)).toBeInTheDocument();
    const authorize = screen.getByRole('checkbox', { name: 'I authorize this debit' });
    expect(authorize).toHaveAccessibleDescription(mandate);

    const pay = screen.getByRole('button', { name: 'Pay $100.00' });
    expect(pay).toBeDisabled();
    await user.click(pay);
    expect(payments).toHaveLength(0);

    await user.click(authorize);
    await user.click(pay);
    expect(await screen.findByRole('heading', { name: 'Processing' })).toHaveFocus();
    expect(screen.getByText(/usually takes about 4 business days/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paid!' })).not.toBeInTheDocument();
    expect(toastRegion()).not.toHaveTextContent(MESSAGES.paymentSucceeded);
    expect(screen.getByText('$0.00', { exact: false }).closest('p')).toHaveTextContent('$100.00 rent + $0.00 bank fee');
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', `/tenant/payment-receipt/${receiptId}`);
    expect(payments).toEqual([
      {
        amountCents: 10_000,
        bankAccount: { paymentMethodId: 'pm_sandbox_1', saveForLater: true },
        mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION },
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('links an account entered by hand, verified with the microdeposit code, showing each refusal', async () => {
    signedInTenant();
    withSetups(setupWithBank());
    const { links, verifications } = withSandboxBankLink();
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);

    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    await user.click(await screen.findByRole('button', { name: 'Enter bank details manually instead' }));
    const manual = await screen.findByRole('dialog', { name: 'Enter bank details' });
    expect(within(manual).getByRole('heading', { name: 'Enter bank details' })).toHaveFocus();
    expect(within(manual).getByRole('textbox', { name: 'Account holder name' })).toHaveValue('Theo Tenant');
    await user.type(within(manual).getByRole('textbox', { name: 'Routing number' }), '123456789');
    await user.type(within(manual).getByRole('textbox', { name: 'Account number' }), '000123456789');
    await user.click(within(manual).getByRole('button', { name: 'Continue' }));
    expect(await within(manual).findByRole('alert')).toHaveTextContent(SANDBOX_BANK_LINK_MESSAGES.routingNumber);

    await user.clear(within(manual).getByRole('textbox', { name: 'Routing number' }));
    await user.type(within(manual).getByRole('textbox', { name: 'Routing number' }), SANDBOX_ROUTING_NUMBER);
    await user.click(within(manual).getByRole('button', { name: 'Continue' }));
    expect(links[1]).toEqual({
      account: 'acct_sandbox_1',
      accountHolderName: 'Theo Tenant',
      routingNumber: SANDBOX_ROUTING_NUMBER,
      accountNumber: '000123456789',
      verification: 'microdeposits',
    });

    const code = await screen.findByRole('dialog', { name: 'Enter the deposit code' });
    expect(within(code).getByText(/ending in 6789/)).toBeInTheDocument();
    const verify = within(code).getByRole('button', { name: 'Verify account' });
    expect(verify).toBeDisabled();
    await user.type(within(code).getByRole('textbox', { name: '6-character code' }), 'sm33cc');
    await user.click(verify);
    expect(await within(code).findByRole('alert')).toHaveTextContent(SANDBOX_BANK_LINK_MESSAGES.tooManyAttempts);

    await user.clear(within(code).getByRole('textbox', { name: '6-character code' }));
    await user.type(within(code).getByRole('textbox', { name: '6-character code' }), 'SM11AA');
    await user.click(verify);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(verifications).toEqual([
      { id: 'pm_sandbox_2', body: { account: 'acct_sandbox_1', code: 'SM33CC' } },
      { id: 'pm_sandbox_2', body: { account: 'acct_sandbox_1', code: 'SM11AA' } },
    ]);
    expect(screen.getByText('STRIPE TEST BANK ••••6789')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review payment' })).toBeInTheDocument();
  });

  it('closes the bank link without linking anything', async () => {
    signedInTenant();
    withSetups(setupWithBank());
    const { links } = withSandboxBankLink();
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);

    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(links).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Review payment' })).not.toBeInTheDocument();
  });

  it('pays from a saved account with its id, and adds the bank fee', async () => {
    signedInTenant();
    withSetups(setupWithBank({ feeCents: 150, savedAccounts: [{ id: savedAccountId, bankName: 'STRIPE TEST BANK', last4: '6789' }] }));
    const payments = withEndpoint('/api/tenant/payments/bank', [() => processing(10_000, 150)]);
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);

    await user.click(screen.getByRole('button', { name: 'STRIPE TEST BANK ••••6789' }));
    expect(summary()).toHaveTextContent('Bank fee$1.50');
    expect(summary()).toHaveTextContent('Total debited$101.50');
    expect(screen.getByText(/once, for \$101\.50/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I authorize this debit' }));
    await user.click(screen.getByRole('button', { name: 'Pay $101.50' }));

    expect(await screen.findByRole('heading', { name: 'Processing' })).toBeInTheDocument();
    expect(screen.getByText('$101.50')).toBeInTheDocument();
    expect(payments[0]).toMatchObject({ amountCents: 10_000, bankAccount: { savedAccountId } });
  });

  it('removes a saved account after asking, and shows what the server then offers', async () => {
    signedInTenant();
    const account = { id: savedAccountId, bankName: 'STRIPE TEST BANK', last4: '6789' };
    withSetups(setupWithBank({ savedAccounts: [account] }), setupWithBank({ savedAccounts: [] }));
    const removals: string[] = [];
    mswServer.use(
      http.delete('/api/tenant/bank-accounts/:id', ({ params }) => {
        removals.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);

    await user.click(screen.getByRole('button', { name: 'Remove STRIPE TEST BANK ••••6789' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove this bank account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removals).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove STRIPE TEST BANK ••••6789' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove this bank account?' });
    expect(dialog).toHaveTextContent('STRIPE TEST BANK ••••6789 will no longer be offered');
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }));

    expect(await within(toastRegion()).findByText('STRIPE TEST BANK ••••6789 has been removed!')).toBeInTheDocument();
    expect(removals).toEqual([savedAccountId]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'STRIPE TEST BANK ••••6789' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Bank account' })).toBeInTheDocument();
  });

  it('shows why a blocked account was refused, and goes back to choose another', async () => {
    signedInTenant();
    const reads = withSetups(setupWithBank());
    withSandboxBankLink();
    withEndpoint('/api/tenant/payments/bank', [
      () => HttpResponse.json({ status: 'error', error: MESSAGES.bankAccountBlocked }, { status: 402 }),
    ]);
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);
    await linkTestAccount(user, 'Checking: account closed');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('checkbox', { name: 'I authorize this debit' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));

    expect(await within(toastRegion()).findByText(MESSAGES.bankAccountBlocked)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bank account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link a bank account' })).toBeInTheDocument();
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('goes back to Card alone when the landlord stopped taking bank debits', async () => {
    signedInTenant();
    withSetups(setupWithBank(), paymentSetupFixture({ bankDebit: null }));
    withSandboxBankLink();
    withEndpoint('/api/tenant/payments/bank', [() => HttpResponse.json({ status: 'error', error: MESSAGES.bankDebitsNotOffered }, { status: 409 })]);
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);
    await linkTestAccount(user);
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('checkbox', { name: 'I authorize this debit' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));

    expect(await within(toastRegion()).findByText(MESSAGES.bankDebitsNotOffered)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Make a Payment' })).toBeInTheDocument();
    expect(screen.getByTestId('entered-amount')).toHaveTextContent('$100');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Card details' })).toBeInTheDocument();
  });

  it('asks before a second payment for the home, and sends the yes with the same key', async () => {
    signedInTenant();
    withSetups(setupWithBank());
    withSandboxBankLink();
    const question = repeatPaymentMessage(10_000, 3, false);
    const payments = withEndpoint('/api/tenant/payments/bank', [
      () => HttpResponse.json({ status: 'error', error: question, code: 'confirm-repeat' }, { status: 409 }),
      () => processing(),
    ]);
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);
    await linkTestAccount(user);
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('checkbox', { name: 'I authorize this debit' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Is this a second payment?' });
    expect(dialog).toHaveTextContent(question);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $100.00 again' }));
    expect(await screen.findByRole('heading', { name: 'Processing' })).toBeInTheDocument();
    expect(payments).toHaveLength(2);
    expect(payments[0].confirmRepeat).toBeUndefined();
    expect(payments[1]).toMatchObject({ confirmRepeat: true, idempotencyKey: payments[0].idempotencyKey });
  });

  it('keeps the sign-in rule: a 30-minute-old sign-in signs out without debiting', async () => {
    signedInTenant();
    withSetups(setupWithBank({ savedAccounts: [{ id: savedAccountId, bankName: 'STRIPE TEST BANK', last4: '6789' }] }, {
      signedInAt: new Date(Date.now() - 30 * MINUTE_MS).toISOString(),
    }));
    const payments = withEndpoint('/api/tenant/payments/bank', [() => processing()]);
    mswServer.use(http.post('/api/account/logout', () => HttpResponse.json({ status: 'success' })));
    const user = userEvent.setup();
    await openAndEnter(user);
    expect(screen.getByText('Sign in again before paying')).toBeInTheDocument();
    await chooseBank(user);
    await user.click(screen.getByRole('button', { name: 'STRIPE TEST BANK ••••6789' }));
    await user.click(await screen.findByRole('checkbox', { name: 'I authorize this debit' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));

    expect(toastRegion()).toHaveTextContent(MESSAGES.staleLogin);
    expect(payments).toHaveLength(0);
  });

  it('leaves Card as it was when bank debits are offered', async () => {
    signedInTenant();
    withSetups(setupWithBank());
    const cards = withEndpoint('/sandbox/v1/payment_methods', [
      () => HttpResponse.json({ id: 'pm_card_1', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } }),
    ]);
    const payments = withEndpoint('/api/tenant/payments', [
      () =>
        HttpResponse.json({
          status: 'success',
          payment: { receiptId, chargedCents: 10_699, amountCents: 10_000, processingFeeCents: 699, paidAt: '2026-05-04T15:30:00.000Z', paymentStatus: 'succeeded' },
        }),
    ]);
    const user = userEvent.setup();
    await openAndEnter(user);

    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    const confirm = (await screen.findByText('Total charged')).closest('dl')!;
    expect(confirm).toHaveTextContent('Processing fee$6.99');
    expect(screen.queryByRole('checkbox', { name: 'I authorize this debit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $106.99' }));

    expect(await screen.findByRole('heading', { name: 'Paid!' })).toBeInTheDocument();
    expect(toastRegion()).toHaveTextContent(MESSAGES.paymentSucceeded);
    expect(cards).toHaveLength(1);
    expect(payments).toEqual([{ amountCents: 10_000, paymentMethodId: 'pm_card_1', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });
});

const linkSessionUrl = '/api/tenant/bank-accounts/link-session';
const clientSecret = 'seti_1Qbank_secret_test';
const verificationUrl = 'https://payments.stripe.com/microdeposit/sacs_test_1';
// Stripe.js is loaded once per connected account: each test uses its own, so each test loads its own.
let stripeAccounts = 0;

/** A landlord on Stripe whose connected account takes bank debits, linked through Financial Connections. */
function setupWithStripeBank(bankDebit: Partial<BankDebitSetup> = {}) {
  stripeAccounts += 1;
  const connectedAccountId = `acct_bank_${stripeAccounts}`;
  const setup = setupWithBank({ linkWith: 'stripe', ...bankDebit }, { gateway: 'stripe', publishableKey: 'pk_test_rentwise', connectedAccountId });
  stripeJs.loadStripe.mockResolvedValue({
    collectBankAccountForSetup: stripeJs.collectBankAccountForSetup,
    confirmUsBankAccountSetup: stripeJs.confirmUsBankAccountSetup,
  });
  return { setup, connectedAccountId };
}

/** POST /api/tenant/bank-accounts/link-session: a SetupIntent's client secret, or the answers given. */
function withLinkSession(answer: () => Response = () => HttpResponse.json({ status: 'success', session: { clientSecret } }, { status: 201 })) {
  const sessions: Request[] = [];
  mswServer.use(
    http.post(linkSessionUrl, ({ request }) => {
      sessions.push(request);
      return answer();
    }),
  );
  return sessions;
}

/** The SetupIntent collectBankAccountForSetup answers with once the tenant chose an account (payment method expanded). */
const collectedIntent = (last4 = '6789') => ({
  setupIntent: {
    id: 'seti_1Qbank',
    status: 'requires_confirmation',
    payment_method: { id: 'pm_bank_1', type: 'us_bank_account', us_bank_account: { bank_name: 'STRIPE TEST BANK', last4 } },
    next_action: null,
  },
});

describe('linking a bank account through Stripe (with keys)', () => {
  it('links an account verified at once and pays from it with its payment method', async () => {
    signedInTenant();
    const { setup, connectedAccountId } = setupWithStripeBank();
    withSetups(setup);
    const sessions = withLinkSession();
    stripeJs.collectBankAccountForSetup.mockResolvedValue(collectedIntent());
    stripeJs.confirmUsBankAccountSetup.mockResolvedValue({ setupIntent: { id: 'seti_1Qbank', status: 'succeeded', payment_method: 'pm_bank_1', next_action: null } });
    const payments = withEndpoint('/api/tenant/payments/bank', [() => processing()]);
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);

    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    await waitFor(() => expect(screen.getByText('STRIPE TEST BANK ••••6789').closest('p')).toHaveFocus());
    expect(sessions).toHaveLength(1);
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_rentwise', { stripeAccount: connectedAccountId });
    expect(stripeJs.collectBankAccountForSetup).toHaveBeenCalledWith({
      clientSecret,
      params: { payment_method_type: 'us_bank_account', payment_method_data: { billing_details: { name: 'Theo Tenant' } } },
      expand: ['payment_method'],
    });
    expect(stripeJs.confirmUsBankAccountSetup).toHaveBeenCalledWith(clientSecret);
    // Stripe's own modal: the sandbox's stand-in never opens.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Save this account for next time' }));
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(await screen.findByRole('heading', { name: 'Confirm payment' })).toHaveFocus();
    expect(screen.getByText(/STRIPE TEST BANK/, { selector: '.pay-mandate__text' })).toHaveTextContent('6789');
    await user.click(screen.getByRole('checkbox', { name: 'I authorize this debit' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));

    expect(await screen.findByRole('heading', { name: 'Processing' })).toBeInTheDocument();
    expect(payments).toEqual([
      {
        amountCents: 10_000,
        bankAccount: { paymentMethodId: 'pm_bank_1', saveForLater: true },
        mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION },
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('comes back to the step as it was when the tenant closes Stripe’s window', async () => {
    signedInTenant();
    withSetups(setupWithStripeBank().setup);
    withLinkSession();
    stripeJs.collectBankAccountForSetup.mockResolvedValue({ setupIntent: { id: 'seti_1Qbank', status: 'requires_payment_method', payment_method: null, next_action: null } });
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);

    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Link a bank account' })).toBeEnabled());
    expect(stripeJs.collectBankAccountForSetup).toHaveBeenCalledTimes(1);
    expect(stripeJs.confirmUsBankAccountSetup).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review payment' })).not.toBeInTheDocument();
  });

  it('says to verify the microdeposits on Stripe’s page first, offers no payment from the account, and offers Card', async () => {
    signedInTenant();
    withSetups(setupWithStripeBank().setup);
    withLinkSession();
    stripeJs.collectBankAccountForSetup.mockResolvedValue(collectedIntent('1116'));
    stripeJs.confirmUsBankAccountSetup.mockResolvedValue({
      setupIntent: {
        id: 'seti_1Qbank',
        status: 'requires_action',
        payment_method: 'pm_bank_1',
        next_action: {
          type: 'verify_with_microdeposits',
          verify_with_microdeposits: { arrival_date: 1_767_225_600, hosted_verification_url: verificationUrl, microdeposit_type: 'descriptor_code' },
        },
      },
    });
    const payments = withEndpoint('/api/tenant/payments/bank', [() => processing()]);
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);

    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    const title = await screen.findByText('STRIPE TEST BANK ••••1116 needs to be verified before you can pay from it');
    const notice = title.closest('.bank-pending')!;
    expect(notice).toHaveFocus();
    expect(notice).toHaveTextContent('1–2 business days');
    expect(notice).toHaveTextContent('come back here to pay from it');
    const verify = within(notice as HTMLElement).getByRole('link', { name: 'Verify the deposit on Stripe (opens in a new tab)' });
    expect(verify).toHaveAttribute('href', verificationUrl);
    expect(verify).toHaveAttribute('target', '_blank');
    expect(verify).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.queryByText('Linked')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link a different account' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay by card instead' }));
    expect(await screen.findByRole('heading', { name: 'Card details' })).toHaveFocus();
    expect(payments).toHaveLength(0);
  });

  it('shows Stripe’s message when the account cannot be collected or confirmed', async () => {
    signedInTenant();
    withSetups(setupWithStripeBank().setup);
    const sessions = withLinkSession();
    stripeJs.collectBankAccountForSetup
      .mockResolvedValueOnce({ error: { type: 'invalid_request_error', message: 'The bank account could not be linked. Try another account.' } })
      .mockResolvedValueOnce(collectedIntent());
    stripeJs.confirmUsBankAccountSetup.mockResolvedValue({ error: { type: 'invalid_request_error', message: 'This bank account was closed by its bank.' } });
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);

    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The bank account could not be linked. Try another account.');
    expect(stripeJs.confirmUsBankAccountSetup).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This bank account was closed by its bank.'));
    expect(sessions).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Review payment' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when the landlord cannot take bank debits, without opening Stripe', async () => {
    signedInTenant();
    withSetups(setupWithStripeBank().setup);
    withLinkSession(() => HttpResponse.json({ status: 'error', error: MESSAGES.bankDebitsNotOffered }, { status: 409 }));
    const user = userEvent.setup();
    await openAndEnter(user);
    await chooseBank(user);

    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.bankDebitsNotOffered);
    expect(stripeJs.collectBankAccountForSetup).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Review payment' })).not.toBeInTheDocument();
  });

  it('offers only Card when Stripe links bank accounts but the page has no publishable key', async () => {
    signedInTenant();
    withSetups(setupWithBank({ linkWith: 'stripe' }, { publishableKey: null }));
    const user = userEvent.setup();
    await openAndEnter(user);

    expect(await screen.findByRole('heading', { name: 'Card details' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Way to pay' })).not.toBeInTheDocument();
  });
});

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('bank debits in the history and on receipts', () => {
  const rows: PaymentHistoryRow[] = [
    { receiptId, paidAt: '2026-05-04T15:30:00.000Z', chargedCents: 150_000, description: 'Rent payment: 12 Garden Street', status: 'processing', failureReason: null, automatic: false },
    {
      receiptId: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
      paidAt: '2026-04-03T10:00:00.000Z',
      chargedCents: 150_000,
      description: 'Rent payment: 12 Garden Street',
      status: 'failed',
      failureReason: 'The bank says there are not enough funds in this account.',
      automatic: false,
    },
  ];

  it('show Processing and Failed in the history', async () => {
    signedInTenant();
    mswServer.use(http.get('/api/tenant/payments', () => HttpResponse.json({ status: 'success', rows })));
    renderRoute('/tenant/payment-history');

    const links = await screen.findAllByRole('link', { name: /View receipt/ });
    expect(within(links[0]).getByText('Processing')).toHaveClass('status-pill--neutral');
    expect(within(links[1]).getByText('Failed')).toHaveClass('status-pill--danger');
  });

  const receipt: Receipt = {
    receiptId,
    mode: 'tenant',
    status: 'Processing',
    disputedAfterRefund: null,
    amountCents: 150_000,
    paidAt: '2026-05-04T15:30:00.000Z',
    tenantFeeCents: 0,
    paidBy: 'Theo Tenant',
    paidTo: 'Lena Landlord',
    paymentMethod: 'STRIPE TEST BANK ••••6789',
    transactionId: 'pi_3Nabc',
    propertyAddress: '12 Garden Street, Springfield, IL 62704',
    description: 'Rent payment: 12 Garden Street, Springfield, IL 62704',
    landlordContact: null,
    failureReason: null,
    automatic: false,
    recorded: null,
    refunds: [],
    refundedCents: 0,
    refundOption: null,
  };

  it('say on the receipt that a processing payment takes about 4 business days', async () => {
    signedInTenant();
    mswServer.use(http.get(`/api/tenant/payments/${receiptId}`, () => HttpResponse.json({ status: 'success', receipt })));
    renderRoute(`/tenant/payment-receipt/${receiptId}`);

    expect(await screen.findByText('Paid By', { selector: 'dt' })).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Processing');
    expect(screen.getByText(/Your bank usually takes about 4 business days/)).toBeInTheDocument();
  });

  it('mark a payment autopay made in the history and on its receipt', async () => {
    signedInTenant();
    mswServer.use(
      http.get('/api/tenant/payments', () => HttpResponse.json({ status: 'success', rows: [{ ...rows[0], automatic: true }, rows[1]] })),
      http.get(`/api/tenant/payments/${receiptId}`, () => HttpResponse.json({ status: 'success', receipt: { ...receipt, automatic: true } })),
    );
    const user = userEvent.setup();
    renderRoute('/tenant/payment-history');

    const links = await screen.findAllByRole('link', { name: /View receipt/ });
    expect(within(links[0]).getByText('Autopay')).toHaveClass('autopay-tag');
    expect(within(links[1]).queryByText('Autopay')).not.toBeInTheDocument();
    await user.click(links[0]);
    expect(await screen.findByText('Paid By', { selector: 'dt' })).toBeInTheDocument();
    expect(field('Payment Method')).toHaveTextContent('STRIPE TEST BANK ••••6789 Autopay');
  });

  it('give the bank’s reason on a failed payment’s receipt', async () => {
    signedInTenant();
    const failureReason = 'The bank says there are not enough funds in this account.';
    mswServer.use(
      http.get(`/api/tenant/payments/${receiptId}`, () => HttpResponse.json({ status: 'success', receipt: { ...receipt, status: 'Failed', failureReason } })),
    );
    renderRoute(`/tenant/payment-receipt/${receiptId}`);

    expect(await screen.findByText('This payment failed')).toBeInTheDocument();
    expect(screen.getByText(failureReason)).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Failed');
    expect(screen.getAllByText('Failed').find((element) => element.classList.contains('status-pill'))).toHaveClass('status-pill--danger');
  });
});

describe('autopay on the payment screen', () => {
  const account = { id: savedAccountId, bankName: 'STRIPE TEST BANK', last4: '6789' };
  // 6:00 on December 29 in New York: January's rent, 3 days before it is due.
  const next = { period: '2027-01', debitAt: '2026-12-29T11:00:00.000Z', estimatedCents: 150_000, skipped: false };
  const autopayOn = (overrides: Partial<AutopayView> = {}) => autopayViewFixture({ isOn: true, savedBankAccounts: [account], next, ...overrides });

  it('says what autopay will pay next, and reads it again after a payment', async () => {
    signedInTenant();
    withSetups(setupWithBank({ savedAccounts: [account] }));
    const autopayReads = withAutopay(autopayOn());
    withEndpoint('/api/tenant/payments/bank', [() => processing()]);
    const user = userEvent.setup();
    renderRoute('/tenant/payment');

    const line = await screen.findByTestId('autopay-line');
    expect(line).toHaveTextContent('Autopay will pay ~about $1,500.00 on Dec 29');
    expect(line.querySelector('time')).toHaveAttribute('dateTime', next.debitAt);
    expect(autopayReads()).toBe(1);

    await user.keyboard('100{Enter}');
    await chooseBank(user);
    await user.click(screen.getByRole('button', { name: 'STRIPE TEST BANK ••••6789' }));
    await user.click(screen.getByRole('checkbox', { name: 'I authorize this debit' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    await user.click(await screen.findByRole('button', { name: 'All done!' }));
    expect(await screen.findByTestId('autopay-line')).toBeInTheDocument();
    await waitFor(() => expect(autopayReads()).toBe(2));
  });

  it('says what autopay by card will pay next where the landlord takes cards but not bank debits', async () => {
    signedInTenant();
    withSetups(paymentSetupFixture({ bankDebit: null }));
    withAutopay(autopayOn({ offered: false, bankLink: null }));
    renderRoute('/tenant/payment');
    expect(await screen.findByTestId('autopay-line')).toHaveTextContent('Autopay will pay ~about $1,500.00 on Dec 29');
  });

  it('says nothing of autopay when it is off, when the month is skipped, or where it cannot run', async () => {
    signedInTenant();
    withSetups(setupWithBank());
    const offReads = withAutopay();
    const first = renderRoute('/tenant/payment');
    await screen.findByRole('heading', { name: 'Make a Payment' });
    await waitFor(() => expect(offReads()).toBe(1));
    expect(screen.queryByTestId('autopay-line')).not.toBeInTheDocument();
    first.unmount();

    const skippedReads = withAutopay(autopayOn({ next: { ...next, skipped: true } }));
    const second = renderRoute('/tenant/payment');
    await screen.findByRole('heading', { name: 'Make a Payment' });
    await waitFor(() => expect(skippedReads()).toBe(1));
    expect(screen.queryByTestId('autopay-line')).not.toBeInTheDocument();
    second.unmount();

    // Cards on Authorize.Net and no bank debits: autopay cannot run (decision 0042), and is not asked.
    withSetups(paymentSetupFixture({ bankDebit: null, cardGateway: 'authorize_net' }));
    const authorizeNetReads = withAutopay(autopayOn());
    renderRoute('/tenant/payment');
    await screen.findByRole('heading', { name: 'Make a Payment' });
    expect(screen.queryByTestId('autopay-line')).not.toBeInTheDocument();
    expect(authorizeNetReads()).toBe(0);
  });
});
