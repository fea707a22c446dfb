import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatPaymentMessage, tooManyDeclinedCardsMessage } from '@rentwise/libs/messages';
import { dismissAllToasts } from '../../components/toastStore';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import { paymentSetupFixture } from './paymentSetup.fixture';
import type { PaymentSetup } from './paymentsApi';

/**
 * Issue 32 on the payment screen: a second payment for the same home within 10 minutes is asked
 * about before anything is charged; too many declined cards say when to try again. Both gateways.
 */

const LAZY_CHUNK_MS = 5000;
const receiptId = '7d1e0c4a-5b2f-4e8d-9a3c-1f2e3d4c5b6a';
const QUESTION = repeatPaymentMessage(10_699, 3, false);

function signedInTenant() {
  mswServer.use(sessionOf(testUser({ type: 'tenant', firstName: 'Theo', lastName: 'Tenant', email: 'theo@example.com' })));
}

function withSetup(overrides: Partial<PaymentSetup> = {}) {
  const setup = paymentSetupFixture(overrides);
  mswServer.use(
    http.get('/api/tenant/payment-setup', () => HttpResponse.json({ status: 'success', setup })),
    http.post('/sandbox/v1/payment_methods', async ({ request }) => {
      const { number } = (await request.json()) as { number: string };
      return HttpResponse.json({ id: 'pm_1', card: { brand: 'visa', last4: number.slice(-4), expMonth: 12, expYear: 2034 } });
    }),
    http.post('/sandbox/anet/v1/payment_nonces', () =>
      HttpResponse.json({ opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'sandbox-nonce-abc' }, messages: { resultCode: 'Ok', message: [] } }),
    ),
  );
}

/** The payment endpoint answering in turn; every body it was sent is kept. */
function withPayments(url: string, answers: (() => Response)[]) {
  const bodies: Record<string, unknown>[] = [];
  mswServer.use(
    http.post(url, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answers[Math.min(bodies.length, answers.length) - 1]();
    }),
  );
  return bodies;
}

const paid = () =>
  HttpResponse.json(
    { status: 'success', payment: { receiptId, chargedCents: 10_699, amountCents: 10_000, processingFeeCents: 699, paidAt: '2026-05-04T15:30:00.000Z' } },
    { status: 201 },
  );
const askRepeat = () => HttpResponse.json({ status: 'error', error: QUESTION, code: 'confirm-repeat' }, { status: 409 });

afterEach(() => {
  act(() => dismissAllToasts());
  vi.unstubAllGlobals();
});

async function reachConfirmation(user: ReturnType<typeof userEvent.setup>, card = '4242424242424242') {
  renderRoute('/tenant/payment');
  // The page and its card step are lazy chunks: the first test of a run waits for them to be built.
  await screen.findByRole('heading', { name: 'Make a Payment' }, { timeout: LAZY_CHUNK_MS });
  await user.keyboard('100{Enter}');
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }, { timeout: LAZY_CHUNK_MS }), card);
  await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1234');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
  const next = screen.queryByRole('button', { name: 'Review payment' }) ?? screen.getByRole('button', { name: 'Continue' });
  await user.click(next);
  return screen.findByRole('button', { name: 'Pay $106.99' });
}

describe('a second payment for the same home within 10 minutes', () => {
  it('asks first, charges nothing when the tenant declines, and pays with the same key when they confirm', async () => {
    signedInTenant();
    withSetup();
    const bodies = withPayments('/api/tenant/payments', [askRepeat, askRepeat, paid]);
    const user = userEvent.setup();
    await user.click(await reachConfirmation(user));

    const dialog = await screen.findByRole('alertdialog', { name: 'Is this a second payment?' });
    expect(dialog).toHaveTextContent(QUESTION);
    expect(dialog).toHaveTextContent('Nothing has been charged for this one yet.');
    // Cancel has focus first: a stray Enter never pays twice.
    expect(within(dialog).getByRole('button', { name: 'Don’t pay' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Don’t pay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirm payment' })).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('confirmRepeat');

    await user.click(screen.getByRole('button', { name: 'Pay $106.99' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pay $106.99 again' }));
    expect(await screen.findByRole('heading', { name: 'Paid!' })).toBeInTheDocument();
    expect(bodies).toHaveLength(3);
    expect(bodies[2]).toMatchObject({ confirmRepeat: true, idempotencyKey: bodies[0].idempotencyKey, amountCents: 10_000 });
  }, 15_000);

  it('asks on Authorize.Net too, and sends the yes with the nonce', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    signedInTenant();
    withSetup({ cardGateway: 'authorize_net', authorizeNetSetup: { kind: 'sandbox', tokenizerUrl: '/sandbox/anet/v1/payment_nonces', apiLoginId: 'sbx4Kx9Lm2', clientKey: 'sbxClientKey7Q2mN8pR4tW6yZ1' } });
    const bodies = withPayments('/api/tenant/payments/direct', [askRepeat, paid]);
    const user = userEvent.setup();
    await user.click(await reachConfirmation(user, '4111111111111111'));

    const dialog = await screen.findByRole('alertdialog', { name: 'Is this a second payment?' });
    expect(dialog).toHaveTextContent(QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $106.99 again' }));
    expect(await screen.findByRole('heading', { name: 'Paid!' })).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ confirmRepeat: true, idempotencyKey: bodies[0].idempotencyKey, paymentNonce: { dataValue: 'sandbox-nonce-abc' } });
  }, 15_000);
});

describe('too many declined cards', () => {
  it('shows when to try again until dismissed, and stays on the confirmation', async () => {
    signedInTenant();
    withSetup();
    const message = tooManyDeclinedCardsMessage('2:05 PM CDT');
    withPayments('/api/tenant/payments', [
      () => HttpResponse.json({ status: 'error', error: message }, { status: 429, headers: { 'Retry-After': '3000' } }),
    ]);
    const user = userEvent.setup();
    await user.click(await reachConfirmation(user));

    expect(await within(screen.getByRole('status')).findByText(message)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Confirm payment' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  }, 15_000);
});
