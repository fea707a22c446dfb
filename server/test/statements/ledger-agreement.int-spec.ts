import { CommandBus } from '@nestjs/cqrs';
import { billingMonthKey, billingMonthOf, localYearMonthAt } from '@rentwise/libs/billing-month';
import { PLATFORM_FEE_ACCOUNT, tenantProcessingFeeCentsAt } from '@rentwise/libs/fees';
import { type OverviewMonth, type Statement, statementFigures, US_TIME_ZONES } from '@rentwise/libs/statement-views';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { businessDaysAfter, sandboxBankDebitFeeCents, SandboxBankDebits } from '../../src/modules/payments/gateways/sandbox/sandbox-bank-debits';
import { sandboxProcessorFeeCents } from '../../src/modules/payments/gateways/sandbox/sandbox-test-cards';
import { RemoveTenant } from '../../src/modules/tenants/commands/remove-tenant.command';
import { chargeDueRent } from '../payments/autopay-support';
import {
  anotherTenantOf,
  journalsOf,
  payFromSandboxBank,
  payRent,
  type Person,
  type PostedJournal,
  providerEventsHandled,
  rentedHome,
  type RentedHome,
  setRentTerms,
  signIn,
  tokenizeCard,
} from '../payments/payment-support';
import { financeCsv, projected } from '../support/statement-lines';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 36: whatever happens to a tenancy over a few months (rent charged by the job, late fees, waivers,
 * card and bank payments that settle, fail or stay processing, a move-out's credit), the landlord's
 * statements (Monthly Overview, monthly and yearly statements, the monthly CSV), the tenancy's ledger and
 * finance's export say what the ledger holds, month by month; and the ledger holds what happened.
 */
describe('statements and the finance export agree with the ledger (fast-check)', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2025-01-01T12:00:00Z'));
  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  /** The sandbox's test bank accounts by how their debits end. */
  const BANK_ACCOUNTS = { succeeds: '000123456789', fails: '000222222227', stays_processing: '000000000009' } as const;
  type BankOutcome = keyof typeof BANK_ACCOUNTS;

  // ---- The story -------------------------------------------------------------------------------

  const amount = fc.oneof(
    fc.constant({ of: 'balance' as const }),
    fc.record({ of: fc.constant('part' as const), percent: fc.integer({ min: 1, max: 99 }) }),
    fc.record({ of: fc.constant('fixed' as const), cents: fc.integer({ min: 100, max: 320_000 }) }),
  );
  const action = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('card' as const), amount }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('bank' as const), amount, outcome: fc.constantFrom<BankOutcome>('succeeds', 'fails', 'stays_processing') }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('waive' as const), fee: fc.nat() }), weight: 3 },
    { arbitrary: fc.constant({ kind: 'nothing' as const }), weight: 2 },
    // The landlord removes the tenant: the days after it in a month already charged come back as a credit.
    { arbitrary: fc.constant({ kind: 'moveOut' as const }), weight: 1 },
  );
  /** The Rent & late fees form as a landlord fills it in; at least one kind of fee. */
  const rentTerms = fc
    .record({
      dueDay: fc.integer({ min: 1, max: 10 }),
      graceDays: fc.integer({ min: 0, max: 20 }),
      flatFee: fc.constantFrom('', '25', '50', '75.50'),
      percentFee: fc.constantFrom('', '2', '5', '2.5'),
      daily: fc.option(fc.record({ dailyFee: fc.constantFrom('5', '10', '12.25'), monthlyCap: fc.constantFrom('20', '60', '150') }), { nil: null }),
    })
    .filter((terms) => terms.flatFee !== '' || terms.percentFee !== '' || terms.daily !== null)
    .map(({ daily, dueDay, graceDays, ...fees }) => ({ ...fees, ...daily, dueDay: String(dueDay), graceDays: String(graceDays) }));
  const story = fc.record({
    /** Hours after the start of 2025 that the story (and the first move-in) begins. */
    startHours: fc.integer({ min: 0, max: 364 * 24 }),
    timeZone: fc.constantFrom(...US_TIME_ZONES.map((zone) => zone.id)),
    /** One property each, the second moved into at the same moment. */
    terms: fc.array(rentTerms, { minLength: 1, maxLength: 2 }),
    steps: fc.array(fc.record({ advanceHours: fc.integer({ min: 1, max: 12 * 24 }), tenancy: fc.nat(), action }), { minLength: 3, maxLength: 9 }),
    finalAdvanceHours: fc.integer({ min: 1, max: 30 * 24 }),
  });

  type Story = typeof story extends fc.Arbitrary<infer T> ? T : never;

  interface Tenancy {
    tenant: Person;
    propertyId: string;
    movedOut: boolean;
  }

  interface StoryPayment {
    receiptId: string;
    tenantUserId: string;
    method: 'card' | 'bank';
    amountCents: number;
    paidAt: Date;
    outcome: BankOutcome | null;
  }

  const bank = () => testApp.app.get(SandboxBankDebits);
  /** Whether the sandbox's bank has answered a debit by `now` (it does on its settlement day, unless the account never answers). */
  const decided = (payment: StoryPayment, now: Date) =>
    payment.method === 'bank' && payment.outcome !== 'stays_processing' && businessDaysAfter(payment.paidAt, 4).getTime() <= now.getTime();

  /** Acts the story out on the clock; answers who lives where and what they paid. */
  async function actOut(input: Story): Promise<{ home: RentedHome; tenancies: Tenancy[]; payments: StoryPayment[] }> {
    const start = new Date(Date.UTC(2025, 0, 1) + input.startHours * 3_600_000);
    clock.set(start);
    const home = await rentedHome(testApp, enable);
    const tenancies: Tenancy[] = [{ tenant: home.tenant, propertyId: home.propertyId, movedOut: false }];
    if (input.terms.length > 1) {
      const neighbour = await anotherTenantOf(testApp, home);
      const [{ property_id }] = await testApp.dataSource.query(`SELECT property_id FROM tenants.tenancies WHERE tenant_user_id = $1`, [neighbour.userId]);
      tenancies.push({ tenant: neighbour, propertyId: property_id as string, movedOut: false });
    }
    const landlord = await signIn(testApp, home.landlord);
    const zone = await testApp.request({ method: 'PUT', url: '/api/landlord/statements/settings', headers: landlord.headers, payload: { timeZone: input.timeZone } });
    expect(zone.statusCode).toBe(200);
    for (const [index, terms] of input.terms.entries()) await setRentTerms(testApp, home.landlord.userId, tenancies[index].propertyId, terms);

    const payments: StoryPayment[] = [];
    // Two provider events for each payment made (its charge and intent), two more when a bank answers a debit.
    const eventsHandled = () =>
      providerEventsHandled(testApp, home.accountId, 2 * payments.length + 2 * payments.filter((payment) => decided(payment, clock.now())).length);
    /** The clock moves on: the sandbox's bank answers what is due, then the job charges rent and late fees. */
    const advanceTo = async (at: Date) => {
      clock.set(at);
      await bank().settleDue();
      await eventsHandled();
      await chargeDueRent(testApp);
    };

    let now = start.getTime();
    await advanceTo(start);
    for (const step of input.steps) {
      now += step.advanceHours * 3_600_000;
      await advanceTo(new Date(now));
      const tenancy = tenancies[step.tenancy % tenancies.length];
      const { action } = step;
      if ((action.kind === 'card' || action.kind === 'bank') && !tenancy.movedOut) {
        const tenant = await signIn(testApp, tenancy.tenant);
        const balance = (await testApp.request({ method: 'GET', url: '/api/tenant/balance', headers: tenant.headers })).json().balance.balanceCents as number;
        const amountCents =
          action.amount.of === 'fixed' ? action.amount.cents : action.amount.of === 'balance' ? balance : Math.floor((balance * action.amount.percent) / 100);
        if (amountCents <= 0) continue;
        const paid =
          action.kind === 'card'
            ? await payRent(testApp, tenant, {
                amountCents,
                paymentMethodId: (await tokenizeCard(testApp, { number: '4242424242424242' })).json().id,
                idempotencyKey: randomUUID(),
                confirmRepeat: true,
              })
            : await payFromSandboxBank(testApp, home, tenant, { accountNumber: BANK_ACCOUNTS[action.outcome], amountCents });
        expect(paid.statusCode).toBe(201);
        payments.push({
          receiptId: paid.json().payment.receiptId,
          tenantUserId: tenancy.tenant.userId,
          method: action.kind,
          amountCents,
          paidAt: clock.now(),
          outcome: action.kind === 'bank' ? action.outcome : null,
        });
        await eventsHandled();
      } else if (action.kind === 'waive') {
        const journals = await journalsOf(testApp, tenancy.tenant.userId);
        const waived = new Set(journals.filter((journal) => journal.kind === 'late_fee_waiver').map((journal) => journal.corrects_transaction_id));
        const open = journals.filter((journal) => journal.kind === 'late_fee' && !waived.has(journal.id));
        if (open.length === 0) continue;
        const waiver = await testApp.request({
          method: 'POST',
          url: `/api/landlord/late-fees/${open[action.fee % open.length].id}/waiver`,
          headers: (await signIn(testApp, home.landlord)).headers,
          payload: { reason: 'Paid by check' },
        });
        expect(waiver.statusCode).toBe(200);
      } else if (action.kind === 'moveOut' && !tenancy.movedOut) {
        await testApp.app.get(CommandBus).execute(new RemoveTenant(home.landlord.userId, tenancy.propertyId, tenancy.tenant.userId));
        tenancy.movedOut = true;
      }
    }
    await advanceTo(new Date(now + input.finalAdvanceHours * 3_600_000));
    return { home, tenancies, payments };
  }

  // ---- What the ledger holds, month by month ------------------------------------------------------

  interface Figures {
    rentDueCents: number;
    lateFeesCents: number;
    grossCents: number;
    platformFeeCents: number;
    receivedCents: number;
    processingCents: number;
    processorFeeCents: number;
    netCents: number;
    payments: number;
  }
  const NONE: Readonly<Figures> = Object.freeze({
    rentDueCents: 0,
    lateFeesCents: 0,
    grossCents: 0,
    platformFeeCents: 0,
    receivedCents: 0,
    processingCents: 0,
    processorFeeCents: 0,
    netCents: 0,
    payments: 0,
  });
  const STATEMENT_KEYS = ['rentDueCents', 'lateFeesCents', 'grossCents', 'platformFeeCents', 'receivedCents', 'processingCents', 'processorFeeCents', 'netCents'] as const;
  const OVERVIEW_KEYS = ['rentDueCents', 'lateFeesCents', 'receivedCents', 'processingCents', 'payments'] as const;
  const pick = <K extends keyof Figures>(figures: Partial<Record<keyof Figures, number>>, keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, figures[key] ?? 0])) as Record<K, number>;
  const CHARGE_KINDS = new Set(['rent_charge', 'rent_credit', 'late_fee', 'late_fee_waiver']);

  /** A journal's time for its billing month: a bank's answer counts when the tenant paid (decision 0037). */
  const countsAt = (journal: PostedJournal, byId: Map<string, PostedJournal>): Date =>
    journal.kind === 'bank_debit_settled' || journal.kind === 'bank_debit_failed' ? byId.get(journal.corrects_transaction_id!)!.occurred_at : journal.occurred_at;

  /**
   * Each property's billing months ('<property>/2025-04') summed straight from the journals' entries:
   * the charges' receivable by kind, the money by account. The processor's fee is not in the ledger:
   * it is the sandbox's documented price of each card payment and settled debit the story made.
   */
  function ledgerMonths(journals: readonly PostedJournal[], payments: readonly StoryPayment[], timeZone: string): Map<string, Figures> {
    const byId = new Map(journals.map((journal) => [journal.id, journal]));
    const paymentOf = new Map(payments.map((payment) => [payment.receiptId, payment]));
    const months = new Map<string, Figures>();
    for (const journal of journals) {
      const key = `${journal.property_id}/${billingMonthKey(billingMonthOf(countsAt(journal, byId), timeZone))}`;
      const month = months.get(key) ?? { ...NONE };
      months.set(key, month);
      const entry = (account: string) => journal.entries[account] ?? 0;
      if (journal.kind === 'rent_charge' || journal.kind === 'rent_credit') month.rentDueCents += entry('tenant_receivable');
      if (journal.kind === 'late_fee' || journal.kind === 'late_fee_waiver') month.lateFeesCents += entry('tenant_receivable');
      month.grossCents -= entry('tenant_card');
      month.platformFeeCents += entry(PLATFORM_FEE_ACCOUNT);
      month.receivedCents += entry('landlord_payable');
      month.processingCents += entry('bank_debit_clearing');
      const payment = paymentOf.get(journal.kind === 'bank_debit_settled' ? journal.corrects_transaction_id! : journal.id);
      if (journal.kind === 'rent_payment' && payment?.method === 'card') month.processorFeeCents += sandboxProcessorFeeCents(-entry('tenant_card'));
      if (journal.kind === 'bank_debit_settled' && payment) month.processorFeeCents += sandboxBankDebitFeeCents(payment.amountCents);
      month.netCents = month.receivedCents - month.processorFeeCents;
      if (journal.kind === 'rent_payment') month.payments += 1;
      if (journal.kind === 'bank_debit_failed') month.payments -= 1;
    }
    return months;
  }

  const cents = (decimal: string) => Math.round(Number(decimal) * 100);
  const monthKey = (year: number, month: number) => billingMonthKey({ year, month });

  // ---- The property ------------------------------------------------------------------------------

  it('shows rent charged, late fees less waivers and payments as the ledger sums them, in every statement and export', async () => {
    await fc.assert(
      fc.asyncProperty(story, async (input) => {
        const { home, tenancies, payments } = await actOut(input);
        const timeZone = input.timeZone;
        const journals = (await Promise.all(tenancies.map((tenancy) => journalsOf(testApp, tenancy.tenant.userId)))).flat();
        const byId = new Map(journals.map((journal) => [journal.id, journal]));

        // The ledger holds what happened: each payment once, with its fee; each debit as its bank answered it.
        for (const payment of payments) {
          const feeCents = payment.method === 'card' ? tenantProcessingFeeCentsAt(payment.paidAt) : 0;
          expect(byId.get(payment.receiptId)).toMatchObject({ kind: 'rent_payment', entries: expect.objectContaining({ tenant_card: -(payment.amountCents + feeCents) }) });
          const answers = journals.filter((journal) => journal.corrects_transaction_id === payment.receiptId).map((journal) => journal.kind);
          const answer = decided(payment, clock.now()) ? (payment.outcome === 'succeeds' ? ['bank_debit_settled'] : ['bank_debit_failed']) : [];
          expect({ receiptId: payment.receiptId, answers }).toEqual({ receiptId: payment.receiptId, answers: payment.method === 'bank' ? answer : [] });
        }

        await projected(testApp, ...journals.map((journal) => journal.id));
        const expected = ledgerMonths(journals, payments, timeZone);
        const landlord = await signIn(testApp, home.landlord);
        const get = (url: string) => testApp.request({ method: 'GET', url, headers: landlord.headers });

        for (const { tenant, propertyId } of tenancies) {
          // The tenancy's ledger page: its lines add up kind by kind, its balance is charges less rent paid.
          const mine = journals.filter((journal) => journal.property_id === propertyId);
          const ledger = (await get(`/api/landlord/properties/${propertyId}/tenants/${tenant.userId}/ledger`)).json().ledger as {
            balanceCents: number;
            lines: { journalId: string; kind: string; amountCents: number; waived: boolean }[];
          };
          for (const kind of CHARGE_KINDS) {
            const lines = ledger.lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.amountCents, 0);
            const entries = mine.filter((journal) => journal.kind === kind).reduce((total, journal) => total + (journal.entries.tenant_receivable ?? 0), 0);
            expect({ kind, lines }).toEqual({ kind, lines: entries });
          }
          const waived = new Set(mine.filter((journal) => journal.kind === 'late_fee_waiver').map((journal) => journal.corrects_transaction_id));
          expect(ledger.lines.filter((line) => line.waived).map((line) => line.journalId).sort()).toEqual([...waived].sort());
          const chargedCents = mine.reduce((total, journal) => total + (journal.entries.tenant_receivable ?? 0), 0);
          const paidCents = payments
            .filter((payment) => payment.tenantUserId === tenant.userId && !(payment.outcome === 'fails' && decided(payment, clock.now())))
            .reduce((total, payment) => total + payment.amountCents, 0);
          expect(ledger.balanceCents).toBe(chargedCents - paidCents);

          // The Monthly Overview: every month the ledger has, and nothing it has not.
          const overview = (await get(`/api/landlord/statements/properties/${propertyId}/months`)).json().overview.months as OverviewMonth[];
          const shown = new Set(overview.map((month) => `${propertyId}/${monthKey(month.year, month.month)}`));
          for (const key of expected.keys()) if (key.startsWith(`${propertyId}/`)) expect({ key, shown: shown.has(key) }).toEqual({ key, shown: true });
          for (const month of overview) {
            const key = `${propertyId}/${monthKey(month.year, month.month)}`;
            expect({ key, ...pick(month, OVERVIEW_KEYS) }).toEqual({ key, ...pick(expected.get(key) ?? NONE, OVERVIEW_KEYS) });

            // Its monthly statement, on screen and as CSV, and the money that moved in it.
            const query = `year=${month.year}&month=${month.month}&propertyId=${propertyId}`;
            const statement = (await get(`/api/landlord/statements/statement?${query}`)).json().statement as Statement;
            expect({ key, ...pick(statement.totals, STATEMENT_KEYS) }).toEqual({ key, ...pick(expected.get(key) ?? NONE, STATEMENT_KEYS) });
            const moved = mine.filter(
              (journal) => !CHARGE_KINDS.has(journal.kind) && `${propertyId}/${billingMonthKey(billingMonthOf(countsAt(journal, byId), timeZone))}` === key,
            );
            const asListed = (rows: { kind: string; grossCents: number; receivedCents: number; processingCents: number }[]) =>
              rows.map((row) => [row.kind, row.grossCents, row.receivedCents, row.processingCents].join(' ')).sort();
            expect({ key, payments: asListed(statement.payments) }).toEqual({
              key,
              payments: asListed(
                moved.map((journal) => ({
                  kind: journal.kind,
                  grossCents: 0 - (journal.entries.tenant_card ?? 0),
                  receivedCents: journal.entries.landlord_payable ?? 0,
                  processingCents: journal.entries.bank_debit_clearing ?? 0,
                })),
              ),
            });
            const csv = parse((await get(`/api/landlord/statements/statement/download?${query}&format=csv`)).body, {
              relax_column_count: true,
              skip_empty_lines: true,
            }) as string[][];
            const titles = csv.find((row) => row[0] === 'Month')!;
            const total = csv.find((row) => row[0] === 'Total')!;
            const figures = new Map(statementFigures(statement).map((figure) => [figure.title, figure.key]));
            const fromCsv = Object.fromEntries(titles.slice(1).map((title, index) => [figures.get(title), cents(total[index + 1])]));
            expect({ key, csv: pick(fromCsv, STATEMENT_KEYS) }).toEqual({ key, csv: pick(expected.get(key) ?? NONE, STATEMENT_KEYS) });
          }
        }

        // Each year: the landlord's yearly statement and finance's export, month by month and by payment date.
        const calendarGross = new Map<number, number>();
        for (const journal of journals) {
          const year = localYearMonthAt(countsAt(journal, byId), timeZone).year;
          calendarGross.set(year, (calendarGross.get(year) ?? 0) - (journal.entries.tenant_card ?? 0));
        }
        const years = new Set([...calendarGross.keys(), ...[...expected.keys()].map((key) => Number(key.split('/')[1].slice(0, 4)))]);
        for (const year of years) {
          const inYear = [...expected].filter(([key]) => key.split('/')[1].startsWith(`${year}-`));
          const yearTotals: Figures = { ...NONE };
          for (const [, month] of inYear) for (const figure of STATEMENT_KEYS) yearTotals[figure] += month[figure];
          const yearly = (await get(`/api/landlord/statements/statement?year=${year}`)).json().statement as Statement;
          expect({ year, ...pick(yearly.totals, STATEMENT_KEYS) }).toEqual({ year, ...pick(yearTotals, STATEMENT_KEYS) });
          expect({ year, calendarGross: yearly.calendarYear?.totals.grossCents }).toEqual({ year, calendarGross: calendarGross.get(year) ?? 0 });

          const rows = (parse(await financeCsv(testApp, year), { columns: true }) as Record<string, string>[]).filter(
            (row) => row['Landlord id'] === home.landlord.userId,
          );
          const exported = new Map(
            rows.map((row) => [
              `${row['Property id']}/${monthKey(Number(row.Year), Number(row.Month))}`,
              {
                rentDueCents: cents(row['Rent due']),
                lateFeesCents: cents(row['Late fees (less waived)']),
                grossCents: cents(row['Paid by tenants']),
                platformFeeCents: cents(row['Platform fee']),
                receivedCents: cents(row.Received),
                processingCents: cents(row['Processing (bank debits not yet settled)']),
                processorFeeCents: cents(row['Processor fee']),
                netCents: cents(row['Net deposited']),
              },
            ]),
          );
          for (const [key, month] of inYear) expect({ key, ...pick(exported.get(key) ?? NONE, STATEMENT_KEYS) }).toEqual({ key, ...pick(month, STATEMENT_KEYS) });
          for (const [key, row] of exported) expect({ key, ...row }).toEqual({ key, ...pick(expected.get(key) ?? NONE, STATEMENT_KEYS) });
          const exportedCalendarGross = rows.reduce((total, row) => total + cents(row['Paid in calendar month (by payment date)']), 0);
          expect({ year, exportedCalendarGross }).toEqual({ year, exportedCalendarGross: calendarGross.get(year) ?? 0 });
        }
      }),
      { numRuns: 8 },
    );
  }, 180_000);
});
