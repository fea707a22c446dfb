import { CommandBus } from '@nestjs/cqrs';
import { TRANSACTIONS_EXPORT_MESSAGES } from '@rentwise/libs/schemas/transactions-export.schema';
import type { Statement } from '@rentwise/libs/statement-views';
import { TRANSACTIONS_CSV_HEADER } from '@rentwise/libs/transactions-export';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { PostDueRentCharges } from '../../src/modules/payments/contracts/post-due-rent-charges.command';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { SandboxBankDebits } from '../../src/modules/payments/gateways/sandbox/sandbox-bank-debits';
import { SandboxMoney } from '../../src/modules/payments/gateways/sandbox/sandbox-money';
import { StatementsProjector } from '../../src/modules/statements/projection/statements-projector';
import { signIn, type SignedInClient } from '../support/accounts';
import { formulaCells, SPREADSHEET_SEPARATORS } from '../support/spreadsheet-cells';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import {
  journalsOf,
  payFromSandboxBank,
  payRent,
  providerEventsHandled,
  rentedHome,
  RentedHome,
  setRentTerms,
  tokenizeCard,
} from '../payments/payment-support';

type Line = Record<(typeof TRANSACTIONS_CSV_HEADER)[number], string>;
const cents = (amount: string): number => Math.round(Number(amount) * 100);

/**
 * The landlord's transactions CSV (issue 38, decision 0045): one line per ledger movement of theirs,
 * with the statements' own figures, the deposit each payment arrived in, safe in a spreadsheet.
 */
describe('the landlord’s transactions export', () => {
  let testApp: TestApp;
  // The tenant moves in at midnight on March 1st in New York; everything else happens on March 8th.
  const clock = new FixedClock(new Date('2025-03-01T05:00:00Z'));
  let home: RentedHome;
  let stranger: RentedHome;
  let landlord: SignedInClient;
  const receipts = { card: '', settled: '', failed: '', check: '', stranger: '' };
  let payoutId = '';

  const as = (client: SignedInClient, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    testApp.request({ method, url, headers: client.headers, ...(payload && { payload }) });
  const download = (query: string, client = landlord) => as(client, 'GET', `/api/landlord/transactions.csv${query}`);
  const linesOf = (csv: string): Line[] => parse(csv, { columns: true }) as Line[];
  const kindsOf = async () => (await journalsOf(testApp, home.tenant.userId)).map((journal) => journal.kind);

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
    const enable = async (accountId: string, chargesEnabled: boolean) => {
      await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
    };
    home = await rentedHome(testApp, enable);
    stranger = await rentedHome(testApp, enable);
    await setRentTerms(testApp, home.landlord.userId, home.propertyId, { flatFee: '50' });
    // A name a spreadsheet would run as a formula.
    await testApp.dataSource.query(`UPDATE accounts.users SET first_name = '=cmd' WHERE id = $1`, [home.tenant.userId]);

    // March's rent is charged on the 1st and late from the 7th: a $50 late fee, which the landlord waives.
    clock.set(new Date('2025-03-08T15:00:00Z'));
    await testApp.app.get(CommandBus).execute(new PostDueRentCharges());
    landlord = await signIn(testApp, home.landlord);
    const [fee] = (await journalsOf(testApp, home.tenant.userId)).filter((journal) => journal.kind === 'late_fee');
    expect((await as(landlord, 'POST', `/api/landlord/late-fees/${fee.id}/waiver`, { reason: 'First time' })).statusCode).toBeLessThan(300);

    const tenant = await signIn(testApp, home.tenant);
    const card = await tokenizeCard(testApp, { number: '4242424242424242' });
    const paid = await payRent(testApp, tenant, { amountCents: 150_000, paymentMethodId: card.json().id, idempotencyKey: randomUUID(), confirmRepeat: true });
    expect(paid.statusCode).toBe(201);
    receipts.card = paid.json().payment.receiptId;
    const refunded = await as(landlord, 'POST', `/api/landlord/payments/${receipts.card}/refunds`, { amountCents: 20_000, reason: 'Overcharged', idempotencyKey: randomUUID() });
    expect(refunded.statusCode).toBeLessThan(300);

    const bank = testApp.app.get(SandboxBankDebits);
    for (const [which, accountNumber, how] of [
      ['settled', '000123456789', 'settle'],
      ['failed', '000222222227', 'as_tested'],
    ] as const) {
      const sent = await payFromSandboxBank(testApp, home, tenant, { accountNumber, amountCents: 150_000 });
      expect(sent.statusCode).toBe(201);
      receipts[which] = sent.json().payment.receiptId;
      const [{ charge_id }] = await testApp.dataSource.query(`SELECT charge_id FROM payments.card_payments WHERE ledger_transaction_id = $1`, [receipts[which]]);
      expect(await bank.decide(home.accountId, charge_id, how)).toBe(true);
    }
    await waitFor(async () => ['refund', 'bank_debit_settled', 'bank_debit_failed'].every((kind) => kindsOf().then((kinds) => kinds.includes(kind))), {
      what: 'the refund and the banks’ answers to be posted',
    });
    await providerEventsHandled(testApp, home.accountId, 1);

    const check = await as(landlord, 'POST', '/api/landlord/recorded-payments', {
      propertyId: home.propertyId,
      tenantUserId: home.tenant.userId,
      receivedOn: '2025-03-05',
      amount: '1,500.00',
      method: 'check',
      reference: '123',
      idempotencyKey: randomUUID(),
    });
    expect(check.statusCode).toBe(201);
    receipts.check = check.json().payment.receiptId;
    expect((await as(landlord, 'POST', `/api/landlord/recorded-payments/${receipts.check}/void`, { reason: 'Bounced' })).statusCode).toBeLessThan(300);

    const payout = await testApp.app.get(SandboxMoney).payOut(home.accountId);
    payoutId = payout!.payoutId;
    await waitFor(
      async () =>
        (await testApp.dataSource.query(`SELECT 1 FROM payments.payouts p JOIN payments.payout_lines l ON l.payout_row_id = p.id WHERE p.payout_id = $1`, [payoutId]))
          .length > 0,
      { what: 'the payout to be recorded' },
    );
    await providerEventsHandled(testApp, home.accountId, 1);

    const strangerPaid = await payRent(testApp, await signIn(testApp, stranger.tenant), {
      amountCents: 150_000,
      paymentMethodId: (await tokenizeCard(testApp, { number: '4242424242424242' })).json().id,
      idempotencyKey: randomUUID(),
    });
    receipts.stranger = strangerPaid.json().payment.receiptId;
    await testApp.app.get(StatementsProjector).catchUp({ wait: true });
  });
  afterAll(() => testApp.close());

  it('downloads the year as a named CSV file, one line per movement, each in the landlord’s words', async () => {
    const response = await download('?year=2025');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rentwise-transactions-2025.csv"');
    const [header] = response.body.split('\r\n');
    expect(header).toBe(TRANSACTIONS_CSV_HEADER.join(','));

    const lines = linesOf(response.body);
    const of = (kind: string) => lines.filter((line) => line.Kind === kind);
    expect(lines.map((line) => line.Kind).sort()).toEqual(
      [
        'Bank payment',
        'Bank payment',
        'Bank payment failed',
        'Bank payment settled',
        'Late fee',
        'Late fee waived',
        'Recorded payment (Check #123)',
        'Recorded payment voided',
        'Refund',
        'Rent charge',
        'Rent payment',
      ].sort(),
    );
    for (const line of lines) {
      expect(line).toMatchObject({ Tenant: "'=cmd Rivera", Property: home.address, 'Billing month': '2025-03' });
      expect(cents(line.Net)).toBe(cents(line.Gross) - cents(line['Platform fee']) - cents(line['Processor fee']) - cents(line.Processing));
    }

    expect(of('Rent charge')[0]).toMatchObject({ 'Date paid': '2025-03-01', 'Date settled': '', 'Charged to tenant': '1500.00', Gross: '0.00', Receipt: '' });
    expect(of('Late fee')[0]).toMatchObject({ 'Charged to tenant': '50.00', Receipt: '' });
    expect(of('Late fee waived')[0]).toMatchObject({ 'Charged to tenant': '-50.00' });

    const [card] = of('Rent payment');
    expect(card).toMatchObject({ 'Date paid': '2025-03-08', 'Date settled': '2025-03-08', Gross: '1506.99', 'Platform fee': '6.99', Deposit: payoutId, Receipt: receipts.card });
    expect(card['Deposit arrived']).toMatch(/^2025-03-\d\d$/);
    expect(of('Refund')[0]).toMatchObject({ Gross: '-200.00', Net: '-200.00', Deposit: payoutId, Receipt: receipts.card });

    const [settledPayment] = of('Bank payment').filter((line) => line.Receipt === receipts.settled);
    expect(settledPayment).toMatchObject({ 'Date settled': '2025-03-08', Gross: '1500.00', Processing: '1500.00', Net: '0.00', Deposit: '' });
    expect(of('Bank payment settled')[0]).toMatchObject({ Processing: '-1500.00', Deposit: payoutId, Receipt: receipts.settled });
    const [failedPayment] = of('Bank payment').filter((line) => line.Receipt === receipts.failed);
    expect(failedPayment).toMatchObject({ 'Date settled': '', Deposit: '' });
    expect(of('Bank payment failed')[0]).toMatchObject({ 'Date paid': '2025-03-08', 'Date settled': '', Gross: '-1500.00', Receipt: receipts.failed });

    expect(of('Recorded payment (Check #123)')[0]).toMatchObject({ 'Date paid': '2025-03-05', 'Date settled': '2025-03-05', Net: '1500.00', Deposit: '', Receipt: receipts.check });
    // Voided on the 8th, counted where the check was: its day and month net to nothing.
    expect(of('Recorded payment voided')[0]).toMatchObject({ 'Date paid': '2025-03-05', 'Date settled': '', Net: '-1500.00', Receipt: receipts.check });
  });

  it('leaves out every other landlord’s movements, and is the landlord’s only', async () => {
    const csv = (await download('?year=2025')).body;
    expect(csv).not.toContain(receipts.stranger);
    expect(csv).not.toContain(stranger.tenant.userId);
    const theirs = linesOf((await download('?year=2025', await signIn(testApp, stranger.landlord))).body);
    expect(theirs.map((line) => [line.Kind, line.Receipt])).toEqual([
      ['Rent charge', ''],
      ['Rent payment', receipts.stranger],
    ]);
    expect((await download('?year=2025', await signIn(testApp, home.tenant))).statusCode).toBe(403);
  });

  it('gives a spreadsheet no cell it would run as a formula, whatever separator it splits on', async () => {
    const csv = (await download('?year=2025')).body;
    for (const separator of SPREADSHEET_SEPARATORS) expect(formulaCells(csv, separator)).toEqual([]);
  });

  it('takes a period of days on the landlord’s calendar, both ends included', async () => {
    const response = await download('?from=2025-03-06&to=2025-03-08');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rentwise-transactions-2025-03-06-to-2025-03-08.csv"');
    const kinds = linesOf(response.body).map((line) => line.Kind);
    expect(kinds).toContain('Refund');
    // The check (the 5th) and its void, counted on the check's day, fall before the period; so does the charge.
    expect(kinds).not.toContain('Recorded payment voided');
    expect(kinds).not.toContain('Rent charge');
    expect(linesOf((await download('?from=2025-03-09&to=2025-12-31')).body)).toEqual([]);
  });

  it('refuses a period it cannot read with a message the landlord can act on', async () => {
    for (const [query, message] of [
      ['', TRANSACTIONS_EXPORT_MESSAGES.choosePeriod],
      ['?year=abc', TRANSACTIONS_EXPORT_MESSAGES.year],
      ['?from=2025-03-02&to=2025-03-01', TRANSACTIONS_EXPORT_MESSAGES.endsBeforeStart],
      ['?from=2020-01-01&to=2025-12-31', TRANSACTIONS_EXPORT_MESSAGES.tooLong],
      ['?year=2025&from=2025-01-01&to=2025-02-01', TRANSACTIONS_EXPORT_MESSAGES.yearOrPeriod],
    ] as const) {
      const refused = await download(query);
      expect({ query, status: refused.statusCode, body: refused.json() }).toEqual({ query, status: 400, body: { status: 'error', error: message } });
    }
  });

  it('adds up, billing month by billing month, to the monthly statements, and the year to the yearly statement', async () => {
    const lines = linesOf((await download('?year=2025')).body);
    const sum = (of: readonly Line[], column: keyof Line) => of.reduce((total, line) => total + cents(line[column]), 0);
    const statementOf = async (query: string): Promise<Statement> => (await as(landlord, 'GET', `/api/landlord/statements/statement?${query}`)).json().statement;
    for (const month of [...new Set(lines.map((line) => line['Billing month']))]) {
      const ofMonth = lines.filter((line) => line['Billing month'] === month);
      const { totals } = await statementOf(`year=2025&month=${Number(month.slice(5))}`);
      const charged = (kinds: string[]) => sum(ofMonth.filter((line) => kinds.includes(line.Kind)), 'Charged to tenant');
      expect({
        grossCents: sum(ofMonth, 'Gross'),
        platformFeeCents: sum(ofMonth, 'Platform fee'),
        processorFeeCents: sum(ofMonth, 'Processor fee'),
        processingCents: sum(ofMonth, 'Processing'),
        receivedCents: sum(ofMonth, 'Net') + sum(ofMonth, 'Processor fee'),
        netCents: sum(ofMonth, 'Net'),
        rentDueCents: charged(['Rent charge', 'Rent credit']),
        lateFeesCents: charged(['Late fee', 'Late fee waived']),
      }).toEqual({
        grossCents: totals.grossCents,
        platformFeeCents: totals.platformFeeCents,
        processorFeeCents: totals.processorFeeCents,
        processingCents: totals.processingCents,
        receivedCents: totals.receivedCents,
        netCents: totals.netCents,
        rentDueCents: totals.rentDueCents,
        lateFeesCents: totals.lateFeesCents,
      });
      expect(totals.receivedCents).not.toBe(0);
    }
    // A calendar year of payment dates is the yearly statement's calendar table.
    const yearly = (await statementOf('year=2025')).calendarYear!.totals;
    expect({ gross: sum(lines, 'Gross'), net: sum(lines, 'Net') }).toEqual({ gross: yearly.grossCents, net: yearly.netCents });
  });
});
