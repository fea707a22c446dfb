import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import { dismissAllToasts } from '../../components/toastStore';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import { paymentSetupFixture } from './paymentSetup.fixture';
import type { PaymentHistoryRow, PaymentSetup, Receipt } from './paymentsApi';

const MINUTE_MS = 60_000;
const receiptId = '7d1e0c4a-5b2f-4e8d-9a3c-1f2e3d4c5b6a';

function signedInAs(type: 'tenant' | 'landlord') {
  mswServer.use(sessionOf(testUser({ type, firstName: 'Theo', lastName: 'Tenant', email: 'theo@example.com' })));
}

function withSetup(overrides: Partial<PaymentSetup> = {}) {
  const setup = paymentSetupFixture(overrides);
  mswServer.use(http.get('/api/tenant/payment-setup', () => HttpResponse.json({ status: 'success', setup })));
}

/** The sandbox tokenizer: accepts any card as a Visa ending in its last four digits. */
function withSandboxTokenizer() {
  const bodies: unknown[] = [];
  mswServer.use(
    http.post('/sandbox/v1/payment_methods', async ({ request }) => {
      const body = (await request.json()) as { number: string };
      bodies.push(body);
      return HttpResponse.json({ id: `pm_${bodies.length}`, card: { brand: 'visa', last4: body.number.slice(-4), expMonth: 12, expYear: 2034 } });
    }),
  );
  return bodies;
}

interface PaymentRequest {
  amountCents: number;
  paymentMethodId: string;
  idempotencyKey: string;
}

function withPaymentsEndpoint(answer: (body: PaymentRequest, attempt: number) => Response | Promise<Response> = () => paid()) {
  const bodies: PaymentRequest[] = [];
  mswServer.use(
    http.post('/api/tenant/payments', async ({ request }) => {
      const body = (await request.json()) as PaymentRequest;
      bodies.push(body);
      return answer(body, bodies.length);
    }),
  );
  return bodies;
}

const paid = (amountCents = 10_000) =>
  HttpResponse.json({
    status: 'success',
    payment: { receiptId, chargedCents: amountCents + 699, amountCents, processingFeeCents: 699, paidAt: '2026-05-04T15:30:00.000Z' },
  });

function withSignOut() {
  let calls = 0;
  mswServer.use(
    http.post('/api/account/logout', () => {
      calls += 1;
      // As the server: the cookie is gone, so the session is no longer valid.
      mswServer.use(sessionOf(null));
      return HttpResponse.json({ status: 'success' });
    }),
  );
  return () => calls;
}

// Toasts live in a module-level store, so every test starts without the previous test's toasts.
afterEach(() => act(() => dismissAllToasts()));

const toastRegion = () => screen.getByRole('status');

async function openPaymentPage() {
  const view = renderRoute('/tenant/payment');
  await screen.findByRole('heading', { name: 'Make a Payment' });
  return view;
}

const amount = () => screen.getByTestId('entered-amount');

async function enterCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1234');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
  await user.click(screen.getByRole('button', { name: 'Review payment' }));
}

describe('the payment screen', () => {
  it('shows today, the rent as Total House Rent, and the keypad', async () => {
    signedInAs('tenant');
    withSetup();
    await openPaymentPage();

    expect(screen.getByText('Total House Rent').parentElement).toHaveTextContent('$1,500.00');
    expect(screen.getByText(String(new Date().getFullYear()), { exact: false })).toBeInTheDocument();
    const keypad = screen.getByRole('group', { name: 'Amount keypad' });
    for (const name of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'Decimal point', 'Delete']) {
      expect(within(keypad).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(amount()).toHaveTextContent('$0');
  });

  it('shows the balance beside Total House Rent, and still starts the keypad empty', async () => {
    signedInAs('tenant');
    withSetup({ balanceCents: 157_500 });
    await openPaymentPage();

    expect(screen.getByText('Balance due').parentElement).toHaveTextContent('$1,575.00');
    expect(amount()).toHaveTextContent('$0');
  });

  it('says paid up, or the credit, beside the rent', async () => {
    signedInAs('tenant');
    withSetup({ balanceCents: 0 });
    const view = await openPaymentPage();
    expect(screen.getByText('Balance').parentElement).toHaveTextContent('Paid up');
    view.unmount();

    withSetup({ balanceCents: -2_500 });
    await openPaymentPage();
    expect(screen.getByText('Credit').parentElement).toHaveTextContent('$25.00');
  });

  it('follows the keypad rules from clicks, and announces the amount', async () => {
    signedInAs('tenant');
    withSetup();
    const user = userEvent.setup();
    await openPaymentPage();
    const keypad = screen.getByRole('group', { name: 'Amount keypad' });
    const press = (name: string) => user.click(within(keypad).getByRole('button', { name }));

    for (const key of ['0', '1', '2', '3', '4', 'Decimal point', '5', '6', '7']) await press(key);
    expect(amount()).toHaveTextContent('$1,234.56');
    expect(amount()).toHaveAttribute('aria-live', 'polite');
    await press('Delete');
    expect(amount()).toHaveTextContent('$1,234.5');
  });

  it('works from a physical keyboard: digits, point, Backspace and Enter', async () => {
    signedInAs('tenant');
    withSetup();
    withSandboxTokenizer();
    const user = userEvent.setup();
    await openPaymentPage();

    await user.keyboard('99999.999');
    expect(amount()).toHaveTextContent('$99,999.99');
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(amount()).toHaveTextContent('$9,999');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Card details' })).toHaveFocus();
  });

  it('asks for a valid dollar amount when the amount is zero', async () => {
    signedInAs('tenant');
    withSetup();
    const user = userEvent.setup();
    await openPaymentPage();

    await user.keyboard('.0');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(toastRegion()).toHaveTextContent(MESSAGES.invalidAmount);
    expect(screen.getByRole('heading', { name: 'Make a Payment' })).toBeInTheDocument();
  });

  it('shows why the landlord cannot be paid instead of the pay action', async () => {
    signedInAs('tenant');
    withSetup({ canPay: false, cannotPayReason: MESSAGES.landlordCannotBePaid });
    await openPaymentPage();

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.landlordCannotBePaid);
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('shows the amount, the $6.99 fee and the total before confirming, then what the server charged', async () => {
    signedInAs('tenant');
    withSetup();
    const cards = withSandboxTokenizer();
    const payments = withPaymentsEndpoint();
    const user = userEvent.setup();
    await openPaymentPage();

    await user.keyboard('100{Enter}');
    expect(await screen.findByText('Sandbox — test cards only')).toBeInTheDocument();
    await enterCard(user);
    expect(cards).toEqual([{ number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' }]);

    const confirm = (await screen.findByText('Total charged')).closest('dl')!;
    expect(confirm).toHaveTextContent('Amount$100.00');
    expect(confirm).toHaveTextContent('Processing fee$6.99');
    expect(confirm).toHaveTextContent('Total charged$106.99');
    expect(screen.getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(payments).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pay $106.99' }));
    expect(await screen.findByRole('heading', { name: 'Paid!' })).toBeInTheDocument();
    expect(screen.getByText('Your payment was successful')).toBeInTheDocument();
    expect(screen.getByText('$106.99')).toBeInTheDocument();
    expect(toastRegion()).toHaveTextContent(MESSAGES.paymentSucceeded);
    expect(payments).toEqual([{ amountCents: 10_000, paymentMethodId: 'pm_1', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', `/tenant/payment-receipt/${receiptId}`);

    await user.click(screen.getByRole('button', { name: 'All done!' }));
    expect(await screen.findByRole('heading', { name: 'Make a Payment' })).toBeInTheDocument();
    expect(amount()).toHaveTextContent('$0');
  });

  it('goes back from the confirmation to the amount, keeping it', async () => {
    signedInAs('tenant');
    withSetup();
    withSandboxTokenizer();
    const user = userEvent.setup();
    await openPaymentPage();

    await user.keyboard('25{Enter}');
    await enterCard(user);
    await user.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(amount()).toHaveTextContent('$25');
  });

  it('shows the provider’s message when the card is refused, and “We were unable to add this card.” without a payment method', async () => {
    signedInAs('tenant');
    withSetup();
    let answer: Response = HttpResponse.json({ error: { message: 'Your card number is incorrect.' } }, { status: 402 });
    mswServer.use(http.post('/sandbox/v1/payment_methods', () => answer));
    const user = userEvent.setup();
    await openPaymentPage();

    await user.keyboard('25{Enter}');
    await enterCard(user, '4242424242424241');
    expect(await within(toastRegion()).findByText('Your card number is incorrect.')).toBeInTheDocument();

    answer = HttpResponse.json({});
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(await within(toastRegion()).findByText(MESSAGES.cardNotAdded)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Card details' })).toBeInTheDocument();
  });

  it('pays once when Pay is clicked twice', async () => {
    signedInAs('tenant');
    withSetup();
    withSandboxTokenizer();
    const payments = withPaymentsEndpoint(async () => {
      await delay(150);
      return paid();
    });
    const user = userEvent.setup();
    await openPaymentPage();

    await user.keyboard('100{Enter}');
    await enterCard(user);
    await user.dblClick(await screen.findByRole('button', { name: 'Pay $106.99' }));
    expect(await screen.findByRole('heading', { name: 'Paid!' })).toBeInTheDocument();
    expect(payments).toHaveLength(1);
  });

  it('shows the server’s error, stays payable, and sends a new card with a new key', async () => {
    signedInAs('tenant');
    withSetup();
    withSandboxTokenizer();
    const payments = withPaymentsEndpoint((_body, attempt) =>
      attempt === 1 ? HttpResponse.json({ status: 'error', error: 'Your card was declined.' }, { status: 402 }) : paid(),
    );
    const user = userEvent.setup();
    await openPaymentPage();

    await user.keyboard('100{Enter}');
    await enterCard(user, '4000000000000002');
    await user.click(await screen.findByRole('button', { name: 'Pay $106.99' }));
    expect(await within(toastRegion()).findByText('Your card was declined.')).toBeInTheDocument();
    // The toast stays until dismissed (spec section 2).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastRegion()).toHaveTextContent('Your card was declined.');

    await enterCard(user);
    await user.click(await screen.findByRole('button', { name: 'Pay $106.99' }));
    expect(await screen.findByRole('heading', { name: 'Paid!' })).toBeInTheDocument();
    expect(payments[1].paymentMethodId).toBe('pm_2');
    expect(payments[1].idempotencyKey).not.toBe(payments[0].idempotencyKey);
  });

  it('retries with the same idempotency key after a lost answer', async () => {
    signedInAs('tenant');
    withSetup();
    withSandboxTokenizer();
    const payments = withPaymentsEndpoint((_body, attempt) => (attempt === 1 ? HttpResponse.error() : paid()));
    const user = userEvent.setup();
    await openPaymentPage();

    await user.keyboard('100{Enter}');
    await enterCard(user);
    await user.click(await screen.findByRole('button', { name: 'Pay $106.99' }));
    expect(await within(toastRegion()).findByText(MESSAGES.noGatewayResponse)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $106.99' }));
    expect(await screen.findByRole('heading', { name: 'Paid!' })).toBeInTheDocument();
    expect(payments).toHaveLength(2);
    expect(payments[1].idempotencyKey).toBe(payments[0].idempotencyKey);
  });

  it('signs a tenant whose sign-in is 30 minutes old out after 1.75 s, without charging', async () => {
    signedInAs('tenant');
    withSetup({ signedInAt: new Date(Date.now() - 30 * MINUTE_MS).toISOString() });
    withSandboxTokenizer();
    const payments = withPaymentsEndpoint();
    const signOuts = withSignOut();
    const user = userEvent.setup();
    const { router } = await openPaymentPage();

    await user.keyboard('100{Enter}');
    await enterCard(user);
    await user.click(await screen.findByRole('button', { name: 'Pay $106.99' }));
    expect(toastRegion()).toHaveTextContent(MESSAGES.staleLogin);
    expect(signOuts()).toBe(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(signOuts()).toBe(1);
    expect(payments).toHaveLength(0);
  });

  it('says a 30-minute-old sign-in must be renewed as the screen opens, and brings the tenant back through sign-in', async () => {
    signedInAs('tenant');
    withSetup({ signedInAt: new Date(Date.now() - 31 * MINUTE_MS).toISOString() });
    const signOuts = withSignOut();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    await openPaymentPage();

    expect(await screen.findByText('Sign in again before paying')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sign-in?again=payment'));
    expect(signOuts()).toBe(1);
    vi.unstubAllGlobals();
  });

  it('warns while the sign-in nears 30 minutes, and says so again the moment it passes, before Pay', async () => {
    signedInAs('tenant');
    // 29 minutes 58.5 seconds old: nearly too old, then too old while the tenant types.
    withSetup({ signedInAt: new Date(Date.now() - 30 * MINUTE_MS + 1500).toISOString() });
    await openPaymentPage();

    expect(await screen.findByText('Your sign-in is nearly 30 minutes old')).toBeInTheDocument();
    expect(await screen.findByText('Sign in again before paying', undefined, { timeout: 4000 })).toBeInTheDocument();
  });

  it('says nothing about the sign-in while it is fresh', async () => {
    signedInAs('tenant');
    withSetup();
    await openPaymentPage();
    expect(screen.queryByRole('button', { name: 'Sign in again' })).not.toBeInTheDocument();
  });

  it('does the same when the server asks for a fresh sign-in', async () => {
    signedInAs('tenant');
    withSetup();
    withSandboxTokenizer();
    withPaymentsEndpoint(() =>
      HttpResponse.json({ status: 'error', error: MESSAGES.staleLogin, code: 'reauthenticate' }, { status: 401 }),
    );
    const signOuts = withSignOut();
    const user = userEvent.setup();
    const { router } = await openPaymentPage();

    await user.keyboard('100{Enter}');
    await enterCard(user);
    await user.click(await screen.findByRole('button', { name: 'Pay $106.99' }));
    expect(await within(toastRegion()).findByText(MESSAGES.staleLogin)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tenant/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(signOuts()).toBe(1);
  });
});

const rows: PaymentHistoryRow[] = [
  { receiptId, paidAt: '2026-05-04T15:30:00.000Z', chargedCents: 150_699, description: 'Rent payment: 12 Garden Street, Springfield, IL 62704', status: 'succeeded', failureReason: null, automatic: false },
  { receiptId: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', paidAt: '2026-04-03T10:00:00.000Z', chargedCents: 50_699, description: 'Rent payment: 12 Garden Street', status: 'refunded', failureReason: null, automatic: false },
  { receiptId: 'c3d4e5f6-a7b8-4c9d-8e0f-2a3b4c5d6e7f', paidAt: '2026-03-03T10:00:00.000Z', chargedCents: 50_699, description: 'Rent payment: 12 Garden Street', status: 'partly_refunded', failureReason: null, automatic: false },
];

describe('payment history', () => {
  it('lists each payment with its date, amount, description after the colon and receipt', async () => {
    signedInAs('tenant');
    mswServer.use(http.get('/api/tenant/payments', () => HttpResponse.json({ status: 'success', rows })));
    renderRoute('/tenant/payment-history');

    expect(await screen.findByRole('heading', { name: 'Payment History' })).toBeInTheDocument();
    expect(screen.getByText('All transactions after July 1st 2023 include a $6.99 Processing Fee')).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name: /View receipt/ });
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveTextContent('12 Garden Street, Springfield, IL 62704');
    expect(links[0]).not.toHaveTextContent('Rent payment');
    expect(links[0]).toHaveTextContent('May 4, 2026');
    expect(links[0]).toHaveTextContent('$1,506.99');
    expect(links[0]).toHaveAttribute('href', `/tenant/payment-receipt/${receiptId}`);
    expect(links[1]).toHaveTextContent('Refunded');
    expect(within(links[2]).getByText('Partly refunded')).toHaveClass('status-pill--warning');
  });

  it('says No Payment History when there is none', async () => {
    signedInAs('tenant');
    mswServer.use(http.get('/api/tenant/payments', () => HttpResponse.json({ status: 'success', rows: [] })));
    renderRoute('/tenant/payment-history');

    expect(await screen.findByRole('heading', { name: 'No Payment History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a payment' })).toHaveAttribute('href', '/tenant/payment');
  });

  it('offers a retry when the list fails to load', async () => {
    signedInAs('tenant');
    let fail = true;
    mswServer.use(
      http.get('/api/tenant/payments', () =>
        fail ? HttpResponse.json({ status: 'error', error: 'down' }, { status: 503 }) : HttpResponse.json({ status: 'success', rows: [] }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/tenant/payment-history');

    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No Payment History' })).toBeInTheDocument();
  });
});

const receipt: Receipt = {
  receiptId,
  mode: 'tenant',
  status: 'Paid',
  disputedAfterRefund: null,
  amountCents: 150_699,
  paidAt: '2026-05-04T15:30:00.000Z',
  tenantFeeCents: 699,
  paidBy: 'Theo Tenant',
  paidTo: 'Lena Landlord',
  paymentMethod: 'Visa •••• 4242',
  transactionId: 'pi_3Nabc',
  propertyAddress: '12 Garden Street, Springfield, IL 62704',
  description: 'Rent payment: 12 Garden Street, Springfield, IL 62704',
  landlordContact: { name: 'Lena Landlord', email: 'lena@example.com', phone: '(503) 555-0199' },
  failureReason: null,
  automatic: false,
  recorded: null,
  refunds: [],
  refundedCents: 0,
  refundOption: null,
};

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('receipts', () => {
  it('show a tenant every field and the landlord’s contact', async () => {
    signedInAs('tenant');
    mswServer.use(http.get(`/api/tenant/payments/${receiptId}`, () => HttpResponse.json({ status: 'success', receipt })));
    renderRoute(`/tenant/payment-receipt/${receiptId}`);

    expect(await screen.findByRole('heading', { name: 'Payment Receipt' })).toBeInTheDocument();
    expect(await screen.findByText('Paid By', { selector: 'dt' })).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Paid');
    expect(field('Amount Paid')).toHaveTextContent('$1,506.99');
    expect(field('Date Paid')).toHaveTextContent('May 4, 2026');
    expect(field('Paid By')).toHaveTextContent('Theo Tenant');
    expect(field('Paid To')).toHaveTextContent('Lena Landlord');
    expect(field('Payment Method')).toHaveTextContent('Visa •••• 4242');
    expect(field('TransactionID')).toHaveTextContent('pi_3Nabc');
    expect(screen.getByRole('link', { name: 'lena@example.com' })).toHaveAttribute('href', 'mailto:lena@example.com');
    expect(screen.getByRole('link', { name: '(503) 555-0199' })).toHaveAttribute('href', 'tel:+15035550199');
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/tenant/payment-history');
  });

  it('say Received to the landlord, without a landlord contact', async () => {
    signedInAs('landlord');
    mswServer.use(
      http.get(`/api/landlord/payments/${receiptId}`, () =>
        HttpResponse.json({ status: 'success', receipt: { ...receipt, mode: 'landlord', amountCents: 150_000, landlordContact: null } }),
      ),
    );
    renderRoute(`/landlord/payment-receipt/${receiptId}`);

    expect(await screen.findByText('Paid By', { selector: 'dt' })).toBeInTheDocument();
    expect(field('Received')).toHaveTextContent('$1,500.00');
    expect(field('Date Received')).toHaveTextContent('May 4, 2026');
    expect(screen.queryByText('Amount Paid', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your landlord' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/landlord/payment-history');
  });

  it('give a payment the landlord recorded the day received, the month it paid, how and who recorded it', async () => {
    signedInAs('tenant');
    const recorded = { receivedOn: '2026-05-04', periodCovered: 'May 2026', recordedBy: 'Lena Landlord', voided: null };
    mswServer.use(
      http.get(`/api/tenant/payments/${receiptId}`, () =>
        HttpResponse.json({
          status: 'success',
          receipt: { ...receipt, status: 'Recorded by landlord', amountCents: 150_000, tenantFeeCents: null, paymentMethod: 'Check #1234', paidAt: '2026-05-04T04:00:00.000Z', recorded },
        }),
      ),
    );
    renderRoute(`/tenant/payment-receipt/${receiptId}`);

    expect(await screen.findByText('Paid By', { selector: 'dt' })).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Recorded by landlord');
    expect(field('Amount Paid')).toHaveTextContent('$1,500.00');
    // A day, not a time: the landlord recorded the day it came.
    expect(field('Date Received')).toHaveTextContent(/^May 4, 2026$/);
    expect(field('Period Covered')).toHaveTextContent('May 2026');
    expect(field('Payment Method')).toHaveTextContent('Check #1234');
    expect(field('Recorded By')).toHaveTextContent('Lena Landlord');
    expect(screen.queryByText('Date Paid', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('say why a recorded payment was voided', async () => {
    signedInAs('tenant');
    const recorded = { receivedOn: '2026-05-04', periodCovered: 'May 2026', recordedBy: 'Lena Landlord', voided: { reason: 'The check bounced', voidedAt: '2026-05-12T15:00:00.000Z' } };
    mswServer.use(
      http.get(`/api/tenant/payments/${receiptId}`, () =>
        HttpResponse.json({ status: 'success', receipt: { ...receipt, status: 'Voided', amountCents: 150_000, paymentMethod: 'Check #1234', recorded } }),
      ),
    );
    renderRoute(`/tenant/payment-receipt/${receiptId}`);

    expect(await screen.findByText('Voided: The check bounced')).toBeInTheDocument();
    expect(screen.getByText('Lena Landlord voided this payment on May 12, 2026. It no longer counts toward your rent.')).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Voided');
    expect(field('Amount')).toHaveTextContent('$1,500.00');
  });

  it('flag a payment disputed after its refund, and tell the landlord what to answer', async () => {
    signedInAs('landlord');
    const disputedAfterRefund = {
      refundedCents: 150_699,
      refundedAt: '2026-05-08T15:00:00.000Z',
      disputeOpenedAt: '2026-05-20T15:00:00.000Z',
      disputedCents: 150_699,
      atRiskCents: 150_699,
    };
    mswServer.use(
      http.get(`/api/landlord/payments/${receiptId}`, () =>
        HttpResponse.json({
          status: 'success',
          receipt: { ...receipt, mode: 'landlord', status: 'Disputed after refund', disputedAfterRefund, amountCents: 150_000, landlordContact: null },
        }),
      ),
    );
    renderRoute(`/landlord/payment-receipt/${receiptId}`);

    expect(await screen.findByText('Paid By', { selector: 'dt' })).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Disputed after refund');
    expect(field('Refunded')).toHaveTextContent('$1,506.99 on May 8, 2026');
    expect(field('Disputed')).toHaveTextContent('$1,506.99 on May 20, 2026');
    expect(
      screen.getByText(
        "This payment was refunded on May 8, 2026 and the cardholder has also disputed it. Answer the dispute with the refund's proof to get the disputed amount back.",
      ),
    ).toBeInTheDocument();
  });

  it('tell the tenant a refunded payment is also disputed', async () => {
    signedInAs('tenant');
    const disputedAfterRefund = {
      refundedCents: 150_699,
      refundedAt: '2026-05-08T15:00:00.000Z',
      disputeOpenedAt: '2026-05-20T15:00:00.000Z',
      disputedCents: 150_699,
      atRiskCents: 150_699,
    };
    mswServer.use(
      http.get(`/api/tenant/payments/${receiptId}`, () =>
        HttpResponse.json({ status: 'success', receipt: { ...receipt, status: 'Disputed after refund', disputedAfterRefund } }),
      ),
    );
    renderRoute(`/tenant/payment-receipt/${receiptId}`);

    expect(await screen.findByText("This payment was refunded on May 8, 2026 and has also been disputed with the card's bank.")).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Disputed after refund');
  });

  it('show no such flag on a receipt that is only refunded', async () => {
    signedInAs('landlord');
    mswServer.use(
      http.get(`/api/landlord/payments/${receiptId}`, () =>
        HttpResponse.json({ status: 'success', receipt: { ...receipt, mode: 'landlord', status: 'Refunded', landlordContact: null } }),
      ),
    );
    renderRoute(`/landlord/payment-receipt/${receiptId}`);

    expect(await screen.findByText('Paid By', { selector: 'dt' })).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Refunded');
    expect(screen.queryByText('Disputed', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText(/cardholder has also disputed/)).not.toBeInTheDocument();
  });

  it('say the receipt was not found when the server answers 404', async () => {
    signedInAs('tenant');
    mswServer.use(
      http.get(`/api/tenant/payments/${receiptId}`, () => HttpResponse.json({ status: 'error', error: MESSAGES.notFound }, { status: 404 })),
    );
    renderRoute(`/tenant/payment-receipt/${receiptId}`);

    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Payment History' })).toHaveAttribute('href', '/tenant/payment-history');
  });

  it('go back to the page the person came from', async () => {
    signedInAs('tenant');
    mswServer.use(
      http.get('/api/tenant/payments', () => HttpResponse.json({ status: 'success', rows })),
      http.get(`/api/tenant/payments/${receiptId}`, () => HttpResponse.json({ status: 'success', receipt })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/tenant/payment-history');

    await user.click((await screen.findAllByRole('link', { name: /View receipt/ }))[0]);
    await user.click(await screen.findByRole('link', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenant/payment-history'));
  });
});
