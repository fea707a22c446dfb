import { MESSAGES } from '@rentwise/libs/messages';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Client } from 'pg';
import { APP_ROLE } from '../../src/migrations/1733100000000-ledger-hardening';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { RentChargePoster } from '../../src/modules/payments/charges/rent-charge-poster';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { SandboxMoney } from '../../src/modules/payments/gateways/sandbox/sandbox-money';
import { ProviderReconciler } from '../../src/modules/payments/reconciliation/provider-reconciler';
import { FinanceExporter } from '../../src/modules/statements/finance/finance-exporter';
import { StatementsProjector } from '../../src/modules/statements/projection/statements-projector';
import { signIn, SignedInClient } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { payRent, providerEventsHandled, rentedHome, RentedHome, tokenizeCard } from './payment-support';

interface LedgerLine {
  journalId: string;
  kind: string;
  date: string;
  what: string;
  amountCents: number;
  voided: boolean;
}

/**
 * Cash, checks and money orders the landlord recorded (issue 38, decision 0043): through the balance,
 * both ledgers, receipts, statements and the finance export; voided as a new journal; never in a
 * payout or a reconciliation.
 */
describe('payments the landlord recorded', () => {
  let testApp: TestApp;
  // Everyone moves in at midnight starting March 1st in New York; the landlord records on April 20th.
  const clock = new FixedClock(new Date('2025-03-01T05:00:00Z'));
  let home: RentedHome;
  let stranger: RentedHome;
  let landlord: SignedInClient;
  let strangerLandlord: SignedInClient;
  let tenant: SignedInClient;
  let cardReceiptId: string;
  const receipts: Record<'check' | 'cash' | 'moneyOrder', string> = { check: '', cash: '', moneyOrder: '' };

  const as = (client: SignedInClient, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    testApp.request({ method, url, headers: client.headers, ...(payload && { payload }) });
  const record = (client: SignedInClient, payment: Record<string, unknown>) => as(client, 'POST', '/api/landlord/recorded-payments', payment);
  const check = (more: Record<string, unknown> = {}) => ({
    propertyId: home.propertyId,
    tenantUserId: home.tenant.userId,
    receivedOn: '2025-04-05',
    amount: '1,500.00',
    method: 'check',
    reference: '1234',
    idempotencyKey: randomUUID(),
    ...more,
  });
  const balance = async () => (await as(tenant, 'GET', '/api/tenant/balance')).json().balance.balanceCents as number;
  const landlordLedger = async (): Promise<LedgerLine[]> =>
    (await as(landlord, 'GET', `/api/landlord/properties/${home.propertyId}/tenants/${home.tenant.userId}/ledger`)).json().ledger.lines;
  const journalCount = async () => Number((await testApp.dataSource.query(`SELECT count(*) FROM payments.ledger_transactions`))[0].count);
  const statement = async (month: number) => {
    await testApp.app.get(StatementsProjector).catchUp({ wait: true });
    return (await as(landlord, 'GET', `/api/landlord/statements/statement?year=2025&month=${month}&propertyId=${home.propertyId}`)).json().statement;
  };
  /** The finance CSV's line for the home's property in a billing month of 2025, by header. */
  const financeLine = async (month: number): Promise<Record<string, string>> => {
    const exported = await testApp.app.get(FinanceExporter).export(
      2025,
      'csv',
      async (source: Readable) => {
        const chunks: Buffer[] = [];
        for await (const chunk of source) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      },
      async () => undefined,
    );
    const rows = parse(exported.written, { columns: true }) as Record<string, string>[];
    return rows.find((row) => row['Property id'] === home.propertyId && row.Month === String(month))!;
  };

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
    const enable = async (accountId: string, chargesEnabled: boolean) => {
      await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
    };
    home = await rentedHome(testApp, enable);
    stranger = await rentedHome(testApp, enable);
    clock.set(new Date('2025-04-20T15:00:00Z'));
    // March and April are charged: $3,000 owed.
    await testApp.app.get(RentChargePoster).postThrough(clock.now());
    [landlord, strangerLandlord, tenant] = await Promise.all([signIn(testApp, home.landlord), signIn(testApp, stranger.landlord), signIn(testApp, home.tenant)]);
    const card = await tokenizeCard(testApp, { number: '4242424242424242' });
    const paid = await payRent(testApp, tenant, { amountCents: 10_000, paymentMethodId: card.json().id, idempotencyKey: randomUUID() });
    expect(paid.statusCode).toBe(201);
    cardReceiptId = paid.json().payment.receiptId;
  });
  afterAll(() => testApp.close());

  it('records a check, once per idempotency key, and refuses the key again with other details', async () => {
    expect(await balance()).toBe(290_000);
    const payment = check();
    const first = await record(landlord, payment);
    expect(first.statusCode).toBe(201);
    receipts.check = first.json().payment.receiptId;
    expect(first.json().payment).toEqual({ receiptId: receipts.check, created: true });

    const again = await record(landlord, payment);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment).toEqual({ receiptId: receipts.check, created: false });

    const changed = await record(landlord, { ...payment, amount: '1,400.00' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error).toBe(MESSAGES.paymentAttemptReused);
    expect(await balance()).toBe(140_000);
  });

  it('records cash and a money order, which need no reference, and counts all of each toward rent', async () => {
    const cash = await record(landlord, check({ method: 'cash', reference: '', amount: '100', receivedOn: '2025-03-15' }));
    expect(cash.statusCode).toBe(201);
    receipts.cash = cash.json().payment.receiptId;
    const moneyOrder = await record(landlord, check({ method: 'money_order', reference: 'No. 0042', amount: 50, receivedOn: '2025-03-05' }));
    expect(moneyOrder.statusCode).toBe(201);
    receipts.moneyOrder = moneyOrder.json().payment.receiptId;
    // No processing fee is taken out of money that never went through us.
    expect(await balance()).toBe(140_000 - 10_000 - 5_000);
  });

  it('refuses a check without its number, a date ahead of today or before the move-in, and changes nothing', async () => {
    const before = await journalCount();
    for (const [payment, message] of [
      [check({ reference: '  ' }), MESSAGES.checkNumberRequired],
      [check({ receivedOn: '2025-04-21' }), MESSAGES.receivedOnInFuture],
      [check({ receivedOn: '2025-02-28' }), MESSAGES.receivedOnBeforeTenancy],
      [check({ amount: '0' }), MESSAGES.recordedAmountInvalid],
    ] as const) {
      const refused = await record(landlord, payment);
      expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 400, error: message });
    }
    expect(await journalCount()).toBe(before);
  });

  it('refuses someone else’s tenant or property as if they did not exist, and changes nothing', async () => {
    const before = await journalCount();
    for (const [client, payment] of [
      [strangerLandlord, check()],
      [strangerLandlord, check({ propertyId: stranger.propertyId })],
      [landlord, check({ propertyId: home.propertyId, tenantUserId: stranger.tenant.userId })],
      [landlord, check({ propertyId: stranger.propertyId, tenantUserId: stranger.tenant.userId })],
    ] as const) {
      const refused = await record(client, payment);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 404, body: { status: 'error', error: MESSAGES.notFound } });
    }
    expect(await as(tenant, 'POST', '/api/landlord/recorded-payments', check())).toMatchObject({ statusCode: 403 });
    expect(await journalCount()).toBe(before);
  });

  it('shows the tenant each one in the history, with a receipt that says how, when, for which month and who recorded it', async () => {
    const history = (await as(tenant, 'GET', '/api/tenant/payments')).json().rows;
    expect(history.map(({ receiptId, status, chargedCents }: { receiptId: string; status: string; chargedCents: number }) => [receiptId, status, chargedCents])).toEqual([
      [cardReceiptId, 'succeeded', 10_699],
      [receipts.check, 'recorded', 150_000],
      [receipts.cash, 'recorded', 10_000],
      [receipts.moneyOrder, 'recorded', 5_000],
    ]);

    const receipt = (await as(tenant, 'GET', `/api/tenant/payments/${receipts.check}`)).json().receipt;
    expect(receipt).toMatchObject({
      mode: 'tenant',
      status: 'Recorded by landlord',
      amountCents: 150_000,
      paymentMethod: 'Check #1234',
      paidBy: 'Sam Rivera',
      paidTo: 'Dana Whitaker',
      description: 'Rent payment: Check #1234, recorded by landlord',
      tenantFeeCents: null,
      recorded: { receivedOn: '2025-04-05', periodCovered: 'April 2025', recordedBy: 'Dana Whitaker', voided: null },
    });
    // Received on March 15th: after the 10th, so it paid April.
    const cash = (await as(tenant, 'GET', `/api/tenant/payments/${receipts.cash}`)).json().receipt;
    expect(cash).toMatchObject({ paymentMethod: 'Cash', recorded: { receivedOn: '2025-03-15', periodCovered: 'April 2025' } });
    const moneyOrder = (await as(landlord, 'GET', `/api/landlord/payments/${receipts.moneyOrder}`)).json().receipt;
    expect(moneyOrder).toMatchObject({ mode: 'landlord', amountCents: 5_000, paymentMethod: 'Money order #0042', recorded: { periodCovered: 'March 2025' } });

    // Only the payer and the payee have a receipt.
    expect((await as(strangerLandlord, 'GET', `/api/landlord/payments/${receipts.check}`)).statusCode).toBe(404);
  });

  it('puts each on both ledgers in the landlord’s words, on the day received', async () => {
    const lines = await landlordLedger();
    expect(lines.filter((line) => line.kind === 'recorded_payment').map(({ date, what, amountCents, voided }) => ({ date, what, amountCents, voided }))).toEqual([
      { date: '2025-04-05', what: 'Check #1234, recorded by landlord', amountCents: -150_000, voided: false },
      { date: '2025-03-15', what: 'Cash, recorded by landlord', amountCents: -10_000, voided: false },
      { date: '2025-03-05', what: 'Money order #0042, recorded by landlord', amountCents: -5_000, voided: false },
    ]);
    const tenantLines = (await as(tenant, 'GET', '/api/tenant/ledger')).json().ledger.lines;
    expect(tenantLines).toEqual(lines);
  });

  it('counts each in its billing month’s statement as received in full, marked as recorded, and in the finance export', async () => {
    // The card payment of April 20th counts to May.
    const april = await statement(4);
    expect(april.totals).toMatchObject({ rentDueCents: 150_000, grossCents: 160_000, receivedCents: 160_000, platformFeeCents: 0, netCents: 160_000, stillDueCents: 0 });
    expect(april.payments.filter((payment: { kind: string }) => payment.kind === 'recorded_payment')).toEqual([
      expect.objectContaining({ receiptId: receipts.check, description: 'Rent payment: Check #1234, recorded by landlord', grossCents: 150_000, platformFeeCents: 0, receivedCents: 150_000, processorFeeCents: 0 }),
      expect.objectContaining({ receiptId: receipts.cash, description: 'Rent payment: Cash, recorded by landlord', receivedCents: 10_000 }),
    ]);
    const march = await statement(3);
    expect(march.totals).toMatchObject({ receivedCents: 5_000, stillDueCents: 145_000 });

    const line = await financeLine(4);
    expect(line).toMatchObject({ 'Platform fee': '0.00', Received: '1600.00', 'Recorded by landlord (cash, checks, money orders)': '1600.00' });
    expect(await financeLine(5)).toMatchObject({ 'Paid by tenants': '106.99', 'Platform fee': '6.99', Received: '100.00', 'Recorded by landlord (cash, checks, money orders)': '0.00' });
  });

  it('never puts a recorded payment in a payout or a reconciliation', async () => {
    // The card payment's two events; then the sandbox pays the landlord's balance out, with two more.
    await providerEventsHandled(testApp, home.accountId, 2);
    const payout = await testApp.app.get(SandboxMoney).payOut(home.accountId);
    expect(payout).not.toBeNull();
    await providerEventsHandled(testApp, home.accountId, 4);
    const [deposit, ...older] = (await as(landlord, 'GET', '/api/landlord/payouts')).json().payouts;
    expect(older).toEqual([]);
    expect(deposit.lines.map((line: { receiptId: string | null }) => line.receiptId).filter(Boolean)).toEqual([cardReceiptId]);

    const reconciled = await testApp.app
      .get(ProviderReconciler)
      .reconcileAccount(home.accountId, { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-04-21T00:00:00Z') });
    // The card payment is the account's one journal, though the recorded ones lie in the window.
    expect(reconciled).toMatchObject({ journals: 1, differences: [] });
  });

  it('voids a check with a reason as a new line, once, putting it back on the balance, the statement and the export', async () => {
    const before = await balance();
    const voided = await as(landlord, 'POST', `/api/landlord/recorded-payments/${receipts.check}/void`, { reason: ' The check bounced ' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().void).toMatchObject({ receiptId: receipts.check, amountCents: 150_000 });
    expect(await balance()).toBe(before + 150_000);

    const again = await as(landlord, 'POST', `/api/landlord/recorded-payments/${receipts.check}/void`, { reason: 'Twice' });
    expect({ status: again.statusCode, error: again.json().error }).toEqual({ status: 409, error: MESSAGES.recordedPaymentAlreadyVoided });

    const lines = await landlordLedger();
    expect(lines.find((line) => line.journalId === voided.json().void.voidJournalId)).toMatchObject({
      kind: 'recorded_payment_void',
      date: '2025-04-20',
      what: 'Recorded payment voided: The check bounced',
      amountCents: 150_000,
    });
    // The payment's own line is still there, as it was, and says it was voided.
    expect(lines.find((line) => line.journalId === receipts.check)).toMatchObject({ amountCents: -150_000, voided: true });

    const receipt = (await as(tenant, 'GET', `/api/tenant/payments/${receipts.check}`)).json().receipt;
    expect(receipt).toMatchObject({ status: 'Voided', amountCents: 150_000, recorded: { voided: { reason: 'The check bounced', voidedAt: '2025-04-20T15:00:00.000Z' } } });
    const history = (await as(tenant, 'GET', '/api/tenant/payments')).json().rows;
    expect(history.find((row: { receiptId: string }) => row.receiptId === receipts.check).status).toBe('voided');

    // The check counts to April, where it was received: the void takes it out of April, not of the month it was voided.
    const april = await statement(4);
    expect(april.totals).toMatchObject({ receivedCents: 10_000, stillDueCents: 140_000 });
    expect(april.payments.find((payment: { kind: string }) => payment.kind === 'recorded_payment_void')).toMatchObject({
      receiptId: receipts.check,
      receivedCents: -150_000,
      description: 'Recorded payment voided: The check bounced',
    });
    expect(await financeLine(4)).toMatchObject({ Received: '100.00', 'Recorded by landlord (cash, checks, money orders)': '100.00' });
  });

  it('voids only the landlord’s own recorded payments: anything else is not found and changes nothing', async () => {
    const before = await journalCount();
    for (const [client, receiptId] of [
      [strangerLandlord, receipts.cash],
      [landlord, cardReceiptId],
      [landlord, randomUUID()],
      [landlord, 'not-an-id'],
    ] as const) {
      const refused = await as(client, 'POST', `/api/landlord/recorded-payments/${receiptId}/void`, { reason: 'Mistake' });
      expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 404, error: MESSAGES.notFound });
    }
    const unexplained = await as(landlord, 'POST', `/api/landlord/recorded-payments/${receipts.cash}/void`, { reason: '' });
    expect({ status: unexplained.statusCode, error: unexplained.json().error }).toEqual({ status: 400, error: MESSAGES.voidReasonRequired });
    expect(await journalCount()).toBe(before);
  });

  it('keeps what was recorded and voided as written: the application’s role may only read and add', async () => {
    const owner = new Client({ connectionString: process.env.DATABASE_MIGRATION_URL ?? process.env.DATABASE_URL });
    await owner.connect();
    const asAppRole = async (sql: string) => {
      await owner.query('BEGIN');
      try {
        await owner.query(`SET LOCAL ROLE ${APP_ROLE}`);
        return await owner.query(sql);
      } finally {
        await owner.query('ROLLBACK');
      }
    };
    try {
      await expect(asAppRole(`SELECT count(*) FROM payments.recorded_payments`)).resolves.toBeTruthy();
      for (const sql of [
        `UPDATE payments.recorded_payments SET reference = '9999' WHERE transaction_id = '${receipts.check}'`,
        `DELETE FROM payments.recorded_payments WHERE transaction_id = '${receipts.cash}'`,
        `UPDATE payments.recorded_payment_voids SET reason = 'Typo' WHERE payment_transaction_id = '${receipts.check}'`,
        `DELETE FROM payments.recorded_payment_voids WHERE payment_transaction_id = '${receipts.check}'`,
      ]) {
        await expect(asAppRole(sql)).rejects.toThrow(/permission denied/);
      }
    } finally {
      await owner.end();
    }
  });
});
