import { randomUUID } from 'node:crypto';
import { BANK_DEBIT_MANDATE_VERSION } from '@rentwise/libs/bank-debits';
import { SANDBOX_ROUTING_NUMBER } from '@rentwise/libs/sandbox-bank-accounts';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { SandboxBankDebits, sandboxBankDebitFeeCents } from '../../src/modules/payments/gateways/sandbox/sandbox-bank-debits';
import { SandboxMoney } from '../../src/modules/payments/gateways/sandbox/sandbox-money';
import type { SignedInClient } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { payRent, providerEventsHandled, rentedHome, RentedHome, signIn, tokenizeCard } from './payment-support';

interface PayoutLine {
  kind: string;
  tenantName: string | null;
  paidWith: string | null;
  method: 'card' | 'bank_debit' | null;
  receiptId: string | null;
  month: string | null;
  amountCents: number;
  grossCents: number;
  feeCents: number;
}

interface Deposit {
  payoutId: string;
  amountCents: number;
  status: string;
  lines: PayoutLine[];
}

const RENT_CENTS = 150_000;
/** The platform fee of today's era on a $1,500.00 payment, card or bank (decision 0036). */
const PLATFORM_FEE_CENTS = 699;

describe("the landlord's payouts: a bank payment is in the deposit it arrives in, once it settles", () => {
  let testApp: TestApp;
  let bank: SandboxBankDebits;
  let money: SandboxMoney;
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    bank = testApp.app.get(SandboxBankDebits);
    money = testApp.app.get(SandboxMoney);
  });
  afterAll(() => testApp.close());

  /** A bank debit from a newly linked sandbox test account, answered processing. */
  async function paidByBank(home: RentedHome, client: SignedInClient, accountNumber: string) {
    const linked = await testApp.request({
      method: 'POST',
      url: '/sandbox/v1/bank_accounts',
      payload: { account: home.accountId, accountHolderName: 'Sam Rivera', routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber, verification: 'instant' },
    });
    const response = await testApp.request({
      method: 'POST',
      url: '/api/tenant/payments/bank',
      headers: client.headers,
      payload: {
        amountCents: RENT_CENTS,
        idempotencyKey: randomUUID(),
        bankAccount: { paymentMethodId: linked.json().id },
        mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION },
        confirmRepeat: true,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().payment.paymentStatus).toBe('processing');
    const receiptId: string = response.json().payment.receiptId;
    const [{ charge_id: chargeId }] = await testApp.dataSource.query(`SELECT charge_id FROM payments.card_payments WHERE ledger_transaction_id = $1`, [
      receiptId,
    ]);
    return { receiptId, chargeId: chargeId as string };
  }

  const eventsHandled = (accountId: string, expectedEvents: number) => providerEventsHandled(testApp, accountId, expectedEvents);

  async function depositsOf(home: RentedHome): Promise<Deposit[]> {
    const landlord = await signIn(testApp, home.landlord);
    const answer = await testApp.request({ method: 'GET', url: '/api/landlord/payouts', headers: landlord.headers });
    expect(answer.statusCode).toBe(200);
    return answer.json().payouts;
  }

  const receiptsIn = (deposit: Deposit) => deposit.lines.map((line) => line.receiptId);

  it('names a settled bank payment in its deposit with its fees and receipt; processing and failed ones are in none', async () => {
    const home = await rentedHome(testApp, enable);
    const client = await signIn(testApp, home.tenant);
    const card = await payRent(testApp, client, {
      amountCents: RENT_CENTS,
      paymentMethodId: (await tokenizeCard(testApp, { number: '4242424242424242' })).json().id,
      idempotencyKey: randomUUID(),
    });
    expect(card.statusCode).toBe(201);
    const settling = await paidByBank(home, client, '000123456789');
    const processing = await paidByBank(home, client, '000000000009');
    const failing = await paidByBank(home, client, '000222222227');
    expect(await bank.decide(home.accountId, settling.chargeId, 'settle')).toBe(true);
    expect(await bank.decide(home.accountId, failing.chargeId, 'as_tested')).toBe(true);
    // The card's two events, each debit's processing pair, the settled and the failed pairs.
    await eventsHandled(home.accountId, 2 + 3 * 2 + 2 + 2);

    const payout = await money.payOut(home.accountId);
    expect(payout).not.toBeNull();
    await eventsHandled(home.accountId, 12 + 2);

    const [deposit, ...older] = await depositsOf(home);
    expect(older).toEqual([]);
    expect(deposit).toMatchObject({ payoutId: payout!.payoutId, amountCents: payout!.amountCents, status: 'paid' });
    const bankFeesCents = sandboxBankDebitFeeCents(RENT_CENTS) + PLATFORM_FEE_CENTS;
    expect(deposit.lines).toEqual([
      expect.objectContaining({ kind: 'charge', method: 'card', paidWith: 'Visa •••• 4242', receiptId: card.json().payment.receiptId, tenantName: 'Sam Rivera' }),
      expect.objectContaining({
        kind: 'charge',
        method: 'bank_debit',
        paidWith: 'Bank payment •••• 6789',
        receiptId: settling.receiptId,
        tenantName: 'Sam Rivera',
        month: expect.stringMatching(/^\w+ \d{4}$/),
        grossCents: RENT_CENTS,
        feeCents: bankFeesCents,
        amountCents: RENT_CENTS - bankFeesCents,
      }),
    ]);
    expect(deposit.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(deposit.amountCents);
    expect(receiptsIn(deposit)).not.toContain(processing.receiptId);
    expect(receiptsIn(deposit)).not.toContain(failing.receiptId);

    // The line's link opens the landlord's receipt of that bank payment, now Paid.
    const landlord = await signIn(testApp, home.landlord);
    const receipt = await testApp.request({ method: 'GET', url: `/api/landlord/payments/${settling.receiptId}`, headers: landlord.headers });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().receipt).toMatchObject({ status: 'Paid' });

    // Still processing: nothing to pay out. Settled later, it is in the next deposit, and only there.
    expect(await money.payOut(home.accountId)).toBeNull();
    expect(await bank.decide(home.accountId, processing.chargeId, 'settle')).toBe(true);
    await eventsHandled(home.accountId, 14 + 2);
    const next = await money.payOut(home.accountId);
    expect(next).not.toBeNull();
    await eventsHandled(home.accountId, 16 + 2);

    const [newest, first] = await depositsOf(home);
    expect(newest).toMatchObject({ payoutId: next!.payoutId, amountCents: RENT_CENTS - bankFeesCents });
    expect(newest.lines).toEqual([
      expect.objectContaining({ kind: 'charge', method: 'bank_debit', paidWith: 'Bank payment •••• 0009', receiptId: processing.receiptId, feeCents: bankFeesCents }),
    ]);
    expect(first.payoutId).toBe(payout!.payoutId);
    expect(receiptsIn(first)).toEqual([card.json().payment.receiptId, settling.receiptId]);
    expect([...receiptsIn(newest), ...receiptsIn(first)]).not.toContain(failing.receiptId);
  });
});
