import { randomUUID } from 'node:crypto';
import { BANK_DEBIT_MANDATE_VERSION, bankDebitFailureReason } from '@rentwise/libs/bank-debits';
import { MESSAGES } from '@rentwise/libs/messages';
import { SANDBOX_BANK_LINK_MESSAGES, SANDBOX_ROUTING_NUMBER } from '@rentwise/libs/sandbox-bank-accounts';
import { billingMonthOf } from '@rentwise/libs/billing-month';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { StatementsProjector } from '../../src/modules/statements/projection/statements-projector';
import { SandboxBankDebits } from '../../src/modules/payments/gateways/sandbox/sandbox-bank-debits';
import { mailboxMark, SignedInClient } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { journalsOf, providerEventsHandled, rentedHome, RentedHome, signIn } from './payment-support';

const RENT_CENTS = 150_000;
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) BankDebitTest/1.0';

describe('tenants pay rent from a bank account (sandbox gateway: Stripe test accounts, events signed to our own endpoint)', () => {
  let testApp: TestApp;
  let bank: SandboxBankDebits;
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    bank = testApp.app.get(SandboxBankDebits);
  });
  afterAll(() => testApp.close());

  function linkAccount(home: RentedHome, accountNumber: string, verification: 'instant' | 'microdeposits' = 'instant') {
    return testApp.request({
      method: 'POST',
      url: '/sandbox/v1/bank_accounts',
      payload: { account: home.accountId, accountHolderName: 'Sam Rivera', routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber, verification },
    });
  }

  function payFromBank(client: SignedInClient, payload: Record<string, unknown>) {
    return testApp.request({
      method: 'POST',
      url: '/api/tenant/payments/bank',
      headers: { ...client.headers, 'user-agent': USER_AGENT },
      payload: { amountCents: RENT_CENTS, idempotencyKey: randomUUID(), mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION }, ...payload },
    });
  }

  async function sent(accountNumber: string, home?: RentedHome) {
    const rented = home ?? (await rentedHome(testApp, enable));
    const client = await signIn(testApp, rented.tenant);
    const paymentMethodId = (await linkAccount(rented, accountNumber)).json().id;
    const response = await payFromBank(client, { bankAccount: { paymentMethodId }, confirmRepeat: true });
    expect(response.statusCode).toBe(201);
    return { home: rented, client, paymentMethodId, response, receiptId: response.json().payment.receiptId as string };
  }

  async function payment(receiptId: string): Promise<{ paidAt: string }> {
    const [row] = await testApp.dataSource.query(`SELECT occurred_at FROM payments.ledger_transactions WHERE id = $1`, [receiptId]);
    return { paidAt: row.occurred_at.toISOString() };
  }

  async function attemptOf(receiptId: string) {
    const [row] = await testApp.dataSource.query(
      `SELECT status, method, bank_name, bank_last4, failure_code, failure_message, mandate_id, charge_id, connected_account_id
         FROM payments.card_payments WHERE ledger_transaction_id = $1`,
      [receiptId],
    );
    return row;
  }

  /** Every provider event about the account has been worked, and nothing waits in the outbox. */
  function emailTo(address: string, subject: string, after: number) {
    return waitFor(() => testApp.mailbox.list().find((email) => email.id > after && email.to.includes(address.toLowerCase()) && email.subject === subject), {
      what: `"${subject}" to ${address}`,
    });
  }

  async function decided(home: RentedHome, receiptId: string, how: 'as_tested' | 'settle' | 'return_insufficient_funds' = 'as_tested') {
    const attempt = await attemptOf(receiptId);
    expect(await bank.decide(home.accountId, attempt.charge_id, how)).toBe(true);
  }

  it('offers bank payments with the fee, the mandate’s parties and no saved account yet', async () => {
    const home = await rentedHome(testApp, enable);
    const client = await signIn(testApp, home.tenant);
    const setup = (await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers })).json().setup;
    expect(setup.bankDebit).toEqual({
      feeCents: 0,
      linkWith: 'sandbox',
      mandateVersion: BANK_DEBIT_MANDATE_VERSION,
      mandateParties: { tenantName: 'Sam Rivera', landlordName: 'Dana Whitaker', propertyAddress: home.address },
      savedAccounts: [],
    });
  });

  it('does not start a Financial Connections link: the sandbox links on its own test bank page (409)', async () => {
    const home = await rentedHome(testApp, enable);
    const client = await signIn(testApp, home.tenant);
    const refused = await testApp.request({ method: 'POST', url: '/api/tenant/bank-accounts/link-session', headers: client.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'error', error: MESSAGES.bankLinkInSandbox });
  });

  it('sends the debit as processing into the clearing account, stores the mandate, and settles once to the landlord', async () => {
    const { home, client, response, receiptId, paymentMethodId } = await sent('000123456789');
    expect(response.json().payment).toMatchObject({ amountCents: RENT_CENTS, processingFeeCents: 0, chargedCents: RENT_CENTS, paymentStatus: 'processing' });
    const attempt = await attemptOf(receiptId);
    expect(attempt).toMatchObject({ status: 'processing', method: 'bank_debit', bank_name: 'STRIPE TEST BANK', bank_last4: '6789' });
    const [mandate] = await testApp.dataSource.query(`SELECT * FROM payments.bank_debit_mandates WHERE id = $1`, [attempt.mandate_id]);
    expect(mandate).toMatchObject({ tenant_user_id: home.tenant.userId, version: BANK_DEBIT_MANDATE_VERSION, user_agent: USER_AGENT, status: 'active' });
    expect(mandate.client_address).toBeTruthy();
    expect(mandate.text).toContain('authorize Dana Whitaker');
    expect(mandate.text).toContain('STRIPE TEST BANK account ending in 6789 once, for $1,500.00');
    await providerEventsHandled(testApp, home.accountId, 2);
    expect(await journalsOf(testApp, home.tenant.userId)).toEqual([
      expect.objectContaining({ id: receiptId, kind: 'rent_payment', entries: { tenant_card: -RENT_CENTS, bank_debit_clearing: RENT_CENTS } }),
    ]);

    // The same request again: the first answer, nothing debited twice.
    const again = await testApp.request({
      method: 'POST',
      url: '/api/tenant/payments/bank',
      headers: client.headers,
      payload: {
        amountCents: RENT_CENTS,
        idempotencyKey: (await testApp.dataSource.query(`SELECT idempotency_key FROM payments.card_payments WHERE ledger_transaction_id = $1`, [receiptId]))[0]
          .idempotency_key,
        bankAccount: { paymentMethodId },
        mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION },
        confirmRepeat: true,
      },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().payment).toMatchObject({ receiptId, paymentStatus: 'processing' });

    await decided(home, receiptId);
    await providerEventsHandled(testApp, home.accountId, 4);
    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals).toHaveLength(2);
    expect(journals[1]).toMatchObject({
      kind: 'bank_debit_settled',
      corrects_transaction_id: receiptId,
      entries: { bank_debit_clearing: -RENT_CENTS, landlord_payable: RENT_CENTS - 699, processing_fees: 699 },
    });
    expect(await attemptOf(receiptId)).toMatchObject({ status: 'succeeded' });
    // Deciding it again changes nothing.
    expect(await bank.decide(home.accountId, attempt.charge_id, 'settle')).toBe(false);

    // The month of the pay date: received, nothing processing, Stripe's ACH fee (0.8%, at most $5) as the processor fee.
    await testApp.app.get(StatementsProjector).catchUp({ wait: true });
    const month = billingMonthOf(new Date((await payment(receiptId)).paidAt));
    const landlord = await signIn(testApp, home.landlord);
    const statement = (
      await testApp.request({
        method: 'GET',
        url: `/api/landlord/statements/statement?year=${month.year}&month=${month.month}&propertyId=${home.propertyId}`,
        headers: landlord.headers,
      })
    ).json().statement;
    expect(statement.totals).toMatchObject({ grossCents: RENT_CENTS, receivedCents: RENT_CENTS - 699, processingCents: 0, processorFeeCents: 500 });
  });

  it.each([
    ['000222222227', 'insufficient_funds', false],
    ['000111111113', 'account_closed', true],
    ['000111111116', 'no_account', true],
    ['000333333335', 'debit_not_authorized', true],
  ])('account %s fails as %s: a failure journal, both emails, and the account blocked only when the bank says so', async (accountNumber, code, blocked) => {
    const { home, client, receiptId, paymentMethodId } = await sent(accountNumber);
    const mark = mailboxMark(testApp);
    await decided(home, receiptId);
    await providerEventsHandled(testApp, home.accountId, 4);
    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals.map((journal) => journal.kind)).toEqual(['rent_payment', 'bank_debit_failed']);
    expect(journals[1]).toMatchObject({ corrects_transaction_id: receiptId, entries: { bank_debit_clearing: -RENT_CENTS, tenant_card: RENT_CENTS } });
    expect(await attemptOf(receiptId)).toMatchObject({ status: 'failed', failure_code: code, failure_message: bankDebitFailureReason(code) });

    const toTenant = await emailTo(home.tenant.email, 'Your rent payment of $1,500.00 did not go through', mark);
    expect(toTenant.text).toContain(bankDebitFailureReason(code));
    await emailTo(home.landlord.email, "Sam Rivera's bank payment of $1,500.00 failed", mark);

    const retry = await payFromBank(client, { bankAccount: { paymentMethodId }, confirmRepeat: true });
    if (blocked) {
      expect(retry.statusCode).toBe(402);
      expect(retry.json().error).toBe(MESSAGES.bankAccountBlocked);
    } else {
      expect(retry.statusCode).toBe(201);
    }
  });

  it('a debit that settles and is then disputed: settled, then the return as a lost dispute, and the account blocked', async () => {
    const { home, client, receiptId, paymentMethodId } = await sent('000555555559');
    await decided(home, receiptId);
    await waitFor(async () => (await journalsOf(testApp, home.tenant.userId)).some((journal) => journal.kind === 'dispute_lost'), {
      what: 'the return to be posted',
      timeoutMs: 20_000,
    });
    const kinds = (await journalsOf(testApp, home.tenant.userId)).map((journal) => journal.kind);
    expect(kinds).toEqual(['rent_payment', 'bank_debit_settled', 'dispute', 'dispute_lost']);
    const retry = await payFromBank(client, { bankAccount: { paymentMethodId }, confirmRepeat: true });
    expect(retry.statusCode).toBe(402);
  });

  it('settles by the sandbox’s clock, but never the account that stays processing; a developer can return one by hand', async () => {
    const staying = await sent('000000000009');
    const settling = await sent('000123456789', staying.home);
    await testApp.dataSource.query(`UPDATE infra.sandbox_charges SET settles_at = now() - interval '1 minute' WHERE account_id = $1`, [staying.home.accountId]);
    expect(await bank.settleDue()).toBeGreaterThanOrEqual(1);
    await providerEventsHandled(testApp, staying.home.accountId, 6);
    expect(await attemptOf(settling.receiptId)).toMatchObject({ status: 'succeeded' });
    expect(await attemptOf(staying.receiptId)).toMatchObject({ status: 'processing' });

    expect(await bank.decide(staying.home.accountId, (await attemptOf(staying.receiptId)).charge_id, 'as_tested')).toBe(false);
    await decided(staying.home, staying.receiptId, 'return_insufficient_funds');
    await providerEventsHandled(testApp, staying.home.accountId, 8);
    expect(await attemptOf(staying.receiptId)).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
  });

  it('links by microdeposits: SM11AA verifies, SM33CC and SM44DD refuse, and an unverified account cannot be debited', async () => {
    const home = await rentedHome(testApp, enable);
    const client = await signIn(testApp, home.tenant);
    const verify = (id: string, code: string) =>
      testApp.request({ method: 'POST', url: `/sandbox/v1/bank_accounts/${id}/verify_microdeposits`, payload: { account: home.accountId, code } });

    const pending = (await linkAccount(home, '000123456789', 'microdeposits')).json();
    expect(pending).toMatchObject({ bankName: 'STRIPE TEST BANK', last4: '6789', verification: 'pending' });
    const unverified = await payFromBank(client, { bankAccount: { paymentMethodId: pending.id } });
    expect(unverified.statusCode).toBe(402);
    expect(unverified.json().error).toBe(MESSAGES.bankAccountNotVerified);
    expect((await verify(pending.id, 'XX00XX')).json().error).toBe(SANDBOX_BANK_LINK_MESSAGES.wrongCode);
    expect((await verify(pending.id, 'SM11AA')).json()).toMatchObject({ verification: 'verified' });
    expect((await payFromBank(client, { bankAccount: { paymentMethodId: pending.id } })).statusCode).toBe(201);

    const tooMany = (await linkAccount(home, '000123456789', 'microdeposits')).json();
    expect((await verify(tooMany.id, 'SM33CC')).json().error).toBe(SANDBOX_BANK_LINK_MESSAGES.tooManyAttempts);
    expect((await verify(tooMany.id, 'SM11AA')).statusCode).toBe(400);
    const expired = (await linkAccount(home, '000123456789', 'microdeposits')).json();
    expect((await verify(expired.id, 'SM44DD')).json().error).toBe(SANDBOX_BANK_LINK_MESSAGES.expired);

    const wrongRouting = await testApp.request({
      method: 'POST',
      url: '/sandbox/v1/bank_accounts',
      payload: { account: home.accountId, accountHolderName: 'Sam Rivera', routingNumber: '021000021', accountNumber: '000123456789', verification: 'instant' },
    });
    expect(wrongRouting.statusCode).toBe(400);
    expect(wrongRouting.json().error).toBe(SANDBOX_BANK_LINK_MESSAGES.routingNumber);
  });

  it('asks before a second payment for the home while a bank payment is processing', async () => {
    const { client, paymentMethodId } = await sent('000123456789');
    const again = await payFromBank(client, { bankAccount: { paymentMethodId } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'confirm-repeat', error: expect.stringContaining('may still be going through. Pay again?') });
  });

  it('saves an account for next time, pays from it, and lets only its tenant remove it', async () => {
    const home = await rentedHome(testApp, enable);
    const client = await signIn(testApp, home.tenant);
    const paymentMethodId = (await linkAccount(home, '000123456789')).json().id;
    expect((await payFromBank(client, { bankAccount: { paymentMethodId, saveForLater: true } })).statusCode).toBe(201);
    const setup = (await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers })).json().setup;
    expect(setup.bankDebit.savedAccounts).toEqual([{ id: expect.any(String), bankName: 'STRIPE TEST BANK', last4: '6789' }]);
    const savedAccountId = setup.bankDebit.savedAccounts[0].id;

    const fromSaved = await payFromBank(client, { bankAccount: { savedAccountId }, confirmRepeat: true });
    expect(fromSaved.statusCode).toBe(201);
    expect(fromSaved.json().payment.paymentStatus).toBe('processing');

    const stranger = await rentedHome(testApp, enable);
    const strangerClient = await signIn(testApp, stranger.tenant);
    expect((await payFromBank(strangerClient, { bankAccount: { savedAccountId } })).statusCode).toBe(409);
    const strangerRemoves = await testApp.request({ method: 'DELETE', url: `/api/tenant/bank-accounts/${savedAccountId}`, headers: strangerClient.headers });
    expect(strangerRemoves.statusCode).toBe(404);

    const removed = await testApp.request({ method: 'DELETE', url: `/api/tenant/bank-accounts/${savedAccountId}`, headers: client.headers });
    expect(removed.statusCode).toBe(204);
    const after = (await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers })).json().setup;
    expect(after.bankDebit.savedAccounts).toEqual([]);
    expect((await payFromBank(client, { bankAccount: { savedAccountId }, confirmRepeat: true })).statusCode).toBe(409);
  });

  it('refuses without the authorization, with an old one, and with account numbers in the body; nothing is debited', async () => {
    const home = await rentedHome(testApp, enable);
    const client = await signIn(testApp, home.tenant);
    const paymentMethodId = (await linkAccount(home, '000123456789')).json().id;
    const notAccepted = await payFromBank(client, { bankAccount: { paymentMethodId }, mandate: { accepted: false, version: BANK_DEBIT_MANDATE_VERSION } });
    expect(notAccepted.statusCode).toBe(400);
    expect(notAccepted.json().error).toBe(MESSAGES.mandateNotAccepted);
    const outdated = await payFromBank(client, { bankAccount: { paymentMethodId }, mandate: { accepted: true, version: '2020-01-01' } });
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().error).toBe(MESSAGES.mandateOutdated);
    const numbers = await payFromBank(client, { bankAccount: { paymentMethodId }, accountNumber: '000123456789', routingNumber: SANDBOX_ROUTING_NUMBER });
    expect(numbers.statusCode).toBe(400);
    const unknown = await payFromBank(client, { bankAccount: { paymentMethodId: 'pm_sandbox_unknown' } });
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json().error).toBe(MESSAGES.bankAccountNotLinked);
    expect(await journalsOf(testApp, home.tenant.userId)).toEqual([]);
  });
});
