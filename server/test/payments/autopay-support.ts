import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AUTOPAY_MANDATE_VERSION, type AutopayAmount } from '@rentwise/libs/autopay';
import { BANK_DEBIT_MANDATE_VERSION } from '@rentwise/libs/bank-debits';
import { MESSAGES } from '@rentwise/libs/messages';
import { SANDBOX_ROUTING_NUMBER } from '@rentwise/libs/sandbox-bank-accounts';
import { PostDueRentCharges } from '../../src/modules/payments/contracts/post-due-rent-charges.command';
import type { SignedInClient } from '../support/accounts';
import type { TestApp } from '../support/test-app';
import { rentedHome, type RentedHome, signIn, tokenizeCard } from './payment-support';

/** What the rent charging job does on its next run: the charges due by the app's clock. */
export const chargeDueRent = (testApp: TestApp) => testApp.app.get(CommandBus).execute(new PostDueRentCharges());

/** GET /api/tenant/autopay's answer. */
export const autopayView = async (testApp: TestApp, client: SignedInClient) =>
  (await testApp.request({ method: 'GET', url: '/api/tenant/autopay', headers: client.headers })).json();

/**
 * A tenant who saved a sandbox test bank account (by paying $1 from it, or saving it alone) and
 * turned autopay on, 3 days before the due day, as the Autopay page does.
 */
export async function tenantOnAutopay(
  testApp: TestApp,
  enable: (accountId: string, chargesEnabled: boolean) => Promise<void>,
  { accountNumber, amount = { kind: 'balance' }, saveBy = 'paying' }: { accountNumber: string; amount?: AutopayAmount; saveBy?: 'paying' | 'saving' },
) {
  const home = await rentedHome(testApp, enable);
  // The rent charging job's run after the move-in (every 15 minutes in production).
  await chargeDueRent(testApp);
  const client = await signIn(testApp, home.tenant);
  const linked = await testApp.request({
    method: 'POST',
    url: '/sandbox/v1/bank_accounts',
    payload: { account: home.accountId, accountHolderName: 'Sam Rivera', routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber, verification: 'instant' },
  });
  if (saveBy === 'saving') {
    const saved = await testApp.request({ method: 'POST', url: '/api/tenant/bank-accounts', headers: client.headers, payload: { paymentMethodId: linked.json().id } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().bankAccount).toMatchObject({ bankName: 'STRIPE TEST BANK', last4: accountNumber.slice(-4) });
  } else {
    const paid = await testApp.request({
      method: 'POST',
      url: '/api/tenant/payments/bank',
      headers: client.headers,
      payload: {
        amountCents: 100,
        idempotencyKey: randomUUID(),
        bankAccount: { paymentMethodId: linked.json().id, saveForLater: true },
        mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION },
      },
    });
    expect(paid.statusCode).toBe(201);
  }
  const before = (await autopayView(testApp, client)).autopay;
  expect(before).toMatchObject({ isOn: false, offered: true, next: null, bankFeeCents: 0 });
  // Linked on the page as on the payment screen: the sandbox's stand-in, on the landlord's account.
  expect(before.bankLink).toEqual({ linkWith: 'sandbox', publishableKey: null, connectedAccountId: home.accountId });
  expect(before.savedBankAccounts).toHaveLength(1);
  const turnedOn = await testApp.request({
    method: 'PUT',
    url: '/api/tenant/autopay',
    headers: { ...client.headers, 'user-agent': 'AutopayTest/1.0' },
    payload: { savedBankAccountId: before.savedBankAccounts[0].id, daysBeforeDue: 3, amount, mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION } },
  });
  expect(turnedOn.statusCode).toBe(200);
  const autopay = turnedOn.json().autopay;
  expect(turnedOn.json().message).toBe(MESSAGES.autopayOn);
  expect(autopay).toMatchObject({
    isOn: true,
    settings: { daysBeforeDue: 3, amount, last4: accountNumber.slice(-4) },
    method: { kind: 'bank_account', savedBankAccountId: before.savedBankAccounts[0].id, last4: accountNumber.slice(-4) },
  });
  return { home, client, next: autopay.next as { period: string; debitAt: string; estimatedCents: number } };
}

/** The tenant saves a sandbox test card for autopay, as the Autopay page does: the setup, the sandbox card form, the save. */
export async function saveSandboxCard(testApp: TestApp, client: SignedInClient, cardNumber: string): Promise<{ id: string; brand: string; last4: string }> {
  const setup = await testApp.request({ method: 'POST', url: '/api/tenant/cards/setup', headers: client.headers });
  expect(setup.json()).toEqual({ status: 'success', setup: { provider: 'sandbox' } });
  const paymentMethod = await tokenizeCard(testApp, { number: cardNumber });
  const saved = await testApp.request({ method: 'POST', url: '/api/tenant/cards', headers: client.headers, payload: { paymentMethodId: paymentMethod.json().id } });
  expect(saved.statusCode).toBe(201);
  return saved.json().card;
}

/**
 * A tenant who saved a sandbox test card and turned autopay on with it, 3 days before the due day,
 * as the Autopay page does.
 */
export async function tenantOnCardAutopay(
  testApp: TestApp,
  enable: (accountId: string, chargesEnabled: boolean) => Promise<void>,
  { cardNumber, amount = { kind: 'balance' } }: { cardNumber: string; amount?: AutopayAmount },
) {
  const home = await rentedHome(testApp, enable);
  await chargeDueRent(testApp);
  const client = await signIn(testApp, home.tenant);
  const card = await saveSandboxCard(testApp, client, cardNumber);
  const turnedOn = await testApp.request({
    method: 'PUT',
    url: '/api/tenant/autopay',
    headers: { ...client.headers, 'user-agent': 'AutopayTest/1.0' },
    payload: { method: { kind: 'card', savedCardId: card.id }, daysBeforeDue: 3, amount, mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION } },
  });
  expect(turnedOn.statusCode).toBe(200);
  const autopay = turnedOn.json().autopay;
  expect(autopay).toMatchObject({ isOn: true, method: { kind: 'card', savedCardId: card.id, last4: cardNumber.slice(-4) }, settings: { daysBeforeDue: 3, amount } });
  return { home, client, card, next: autopay.next as { period: string; debitAt: string; estimatedCents: number } };
}

export interface AutopayRunRow {
  period: string;
  attempt: number;
  status: string;
  amount_cents: number;
  failure_code: string | null;
  retry_after: Date | null;
  payment_status: string | null;
  charge_id: string | null;
  charged_cents: number | null;
}

/** A tenant's automatic payments with their attempts, by month and attempt. */
export const autopayRunsOf = (testApp: TestApp, home: RentedHome): Promise<AutopayRunRow[]> =>
  testApp.dataSource.query(
    `SELECT r.period, r.attempt, r.status, r.amount_cents, r.failure_code, r.retry_after, c.status AS payment_status, c.charge_id, c.charged_cents::int AS charged_cents
       FROM payments.autopay_runs r LEFT JOIN payments.card_payments c ON c.idempotency_key = r.idempotency_key::text
      WHERE r.tenant_user_id = $1 ORDER BY r.period, r.attempt`,
    [home.tenant.userId],
  );
