import { randomUUID } from 'node:crypto';
import { AUTOPAY_MANDATE_VERSION, type AutopayAmount } from '@rentwise/libs/autopay';
import { billingMonthOf } from '@rentwise/libs/billing-month';
import { MESSAGES } from '@rentwise/libs/messages';
import { MovableClock } from '../../src/infrastructure/clock/clock';
import { AutopayRunner } from '../../src/modules/payments/autopay/autopay-runner';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { SandboxBankDebits } from '../../src/modules/payments/gateways/sandbox/sandbox-bank-debits';
import { StatementsProjector } from '../../src/modules/statements/projection/statements-projector';
import { SignedInClient } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { autopayRunsOf, autopayView, chargeDueRent, tenantOnAutopay } from './autopay-support';
import { rentedHome, RentedHome, signIn } from './payment-support';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Autopay (issue 37, decision 0042) on the sandbox gateway, with the app's clock moved over the
 * months: the notice, the debit on its day (once, even with two runs at once), a skipped month,
 * a return for insufficient funds tried once more and autopay turned off after two failures.
 */
describe('autopay', () => {
  let testApp: TestApp;
  let clock: MovableClock;
  let runner: AutopayRunner;
  let bank: SandboxBankDebits;
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    clock = testApp.clock as MovableClock;
    runner = testApp.app.get(AutopayRunner);
    bank = testApp.app.get(SandboxBankDebits);
  });
  afterAll(() => testApp.close());

  const autopayOf = (client: SignedInClient) => autopayView(testApp, client);

  const onAutopay = (accountNumber: string, amount: AutopayAmount = { kind: 'balance' }, saveBy: 'paying' | 'saving' = 'paying') =>
    tenantOnAutopay(testApp, enable, { accountNumber, amount, saveBy });

  const runsOf = (home: RentedHome) => autopayRunsOf(testApp, home);

  /** The clock moves on, and the rent charging job runs (every 15 minutes in production). */
  const moveTo = async (at: number) => {
    clock.moveTo(new Date(Math.max(at, clock.now().getTime() + 1)));
    await chargeDueRent(testApp);
  };

  const emailTo = (address: string, subject: string | RegExp) =>
    waitFor(
      () =>
        testApp.mailbox
          .list()
          .find((email) => email.to.includes(address.toLowerCase()) && (typeof subject === 'string' ? email.subject === subject : subject.test(email.subject))),
      { what: `"${subject}" to ${address}` },
    );

  const paymentDecided = (home: RentedHome, status: string) =>
    waitFor(async () => ((await runsOf(home)).some((run) => run.payment_status === status) ? true : undefined), {
      what: `an automatic payment ${status}`,
    });

  it('notices three days ahead, then debits what is due on the day, once with two runs at once, and settles', async () => {
    const { home, next } = await onAutopay('000123456789');
    const debitAt = new Date(next.debitAt).getTime();
    // The estimate: this month's rent not yet charged, less the $1 paid by hand.
    expect(next.estimatedCents).toBeGreaterThan(0);

    await moveTo(debitAt - 2 * DAY_MS);
    expect((await runner.runAt(clock.now())).notices).toBeGreaterThanOrEqual(1);
    expect((await runner.runAt(clock.now())).notices).toBe(0);
    await emailTo(home.tenant.email, /^Autopay will pay \$[\d,.]+ on /);
    expect(await runsOf(home)).toEqual([]);

    await moveTo(debitAt + MINUTE_MS);
    await Promise.all([runner.runAt(clock.now()), runner.runAt(clock.now())]);
    await runner.runAt(clock.now());
    const [run, ...others] = await runsOf(home);
    expect(others).toEqual([]);
    expect(run).toMatchObject({ attempt: 1, status: 'processing', amount_cents: next.estimatedCents, payment_status: 'processing', charged_cents: next.estimatedCents });

    expect(await bank.decide(home.accountId, run.charge_id!, 'settle')).toBe(true);
    await paymentDecided(home, 'succeeded');
    await runner.runAt(clock.now());
    expect(await runsOf(home)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    const after = await autopayOf(await signIn(testApp, home.tenant)); // a new session: days have passed
    expect(after.autopay.recentPayments).toEqual([expect.objectContaining({ period: next.period, status: 'succeeded', amountCents: next.estimatedCents })]);
    // The next month is next.
    expect(after.autopay.next.period).not.toBe(next.period);

    // The automatic payment says so wherever it is listed; the $1 paid by hand does not.
    const tenant = await signIn(testApp, home.tenant);
    const history: { receiptId: string; paidAt: string; status: string; automatic: boolean }[] = (
      await testApp.request({ method: 'GET', url: '/api/tenant/payments', headers: tenant.headers })
    ).json().rows;
    expect(history).toEqual([
      expect.objectContaining({ chargedCents: next.estimatedCents, status: 'succeeded', automatic: true }),
      expect.objectContaining({ chargedCents: 100, automatic: false }),
    ]);
    const [automatic, byHand] = history;
    const receipt = await testApp.request({ method: 'GET', url: `/api/tenant/payments/${automatic.receiptId}`, headers: tenant.headers });
    expect(receipt.json().receipt).toMatchObject({ status: 'Paid', automatic: true, paymentMethod: 'STRIPE TEST BANK •••• 6789' });
    const landlord = await signIn(testApp, home.landlord);
    /** The landlord's month page: the payments of the month the payment counts to (the landlord's zone is the default). */
    const monthRowsOf = async (payment: { paidAt: string }) => {
      const { year, month } = billingMonthOf(new Date(payment.paidAt));
      const url = `/api/landlord/statements/statement?year=${year}&month=${month}&propertyId=${home.propertyId}`;
      return (await testApp.request({ method: 'GET', url, headers: landlord.headers })).json().statement.payments as { receiptId: string; kind: string; automatic: boolean }[];
    };
    await waitFor(
      async () => {
        await testApp.app.get(StatementsProjector).catchUp({ wait: true });
        return (await monthRowsOf(automatic)).some((row) => row.kind === 'bank_debit_settled') ? true : undefined;
      },
      { what: 'the settled automatic payment on the landlord’s month page' },
    );
    expect((await monthRowsOf(automatic)).filter((row) => row.receiptId === automatic.receiptId)).toEqual([
      expect.objectContaining({ kind: 'bank_debit_settled', automatic: true }),
      expect.objectContaining({ kind: 'rent_payment', automatic: true }),
    ]);
    expect((await monthRowsOf(byHand)).filter((row) => row.receiptId === byHand.receiptId)).toEqual([
      expect.objectContaining({ kind: 'rent_payment', automatic: false }),
    ]);
  });

  it('skips a month the tenant skipped, and takes nothing', async () => {
    const { home, client, next } = await onAutopay('000123456789', { kind: 'fixed', cents: 50_000 }, 'saving');
    const skipped = await testApp.request({ method: 'PUT', url: '/api/tenant/autopay/skip', headers: client.headers, payload: { month: next.period, skip: true } });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({ message: MESSAGES.autopayMonthSkipped, autopay: { next: { period: next.period, skipped: true } } });
    const notNext = await testApp.request({ method: 'PUT', url: '/api/tenant/autopay/skip', headers: client.headers, payload: { month: '2020-01', skip: true } });
    expect(notNext.statusCode).toBe(409);
    expect(notNext.json().error).toBe(MESSAGES.autopayMonthNotAhead);

    await moveTo(new Date(next.debitAt).getTime() + MINUTE_MS);
    await runner.runAt(clock.now());
    expect(await runsOf(home)).toEqual([expect.objectContaining({ attempt: 1, status: 'skipped', amount_cents: 0, payment_status: null })]);
  });

  it('tries a debit returned for insufficient funds once more in three days, then turns itself off and tells both sides', async () => {
    const { home, next } = await onAutopay('000222222227');
    await moveTo(new Date(next.debitAt).getTime() + MINUTE_MS);
    await runner.runAt(clock.now());
    const [first] = await runsOf(home);
    expect(await bank.decide(home.accountId, first.charge_id!, 'as_tested')).toBe(true);
    await paymentDecided(home, 'failed');
    await runner.runAt(clock.now());
    const [failed] = await runsOf(home);
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
    expect(failed.retry_after!.getTime()).toBeGreaterThan(clock.now().getTime() + 2 * DAY_MS);
    await emailTo(home.tenant.email, /was returned; we’ll try again on /);

    await moveTo(failed.retry_after!.getTime() + MINUTE_MS);
    await Promise.all([runner.runAt(clock.now()), runner.runAt(clock.now())]);
    const [, retry, ...none] = await runsOf(home);
    expect(none).toEqual([]);
    expect(retry).toMatchObject({ attempt: 2, status: 'processing' });
    expect(await bank.decide(home.accountId, retry.charge_id!, 'as_tested')).toBe(true);
    await waitFor(async () => ((await runsOf(home))[1].payment_status === 'failed' ? true : undefined), { what: 'the retry to fail' });
    await runner.runAt(clock.now());

    // Weeks have passed on the clock: the morning's session has expired.
    const client = await signIn(testApp, home.tenant);
    expect((await autopayOf(client)).autopay).toMatchObject({ isOn: false, turnedOffReason: 'failures', next: null });
    await emailTo(home.tenant.email, 'Autopay is off: please pay your rent by hand');
    await emailTo(home.landlord.email, 'Autopay is off for Sam Rivera');
    const landlordClient = await signIn(testApp, home.landlord);
    const landlordView = await testApp.request({ method: 'GET', url: '/api/landlord/autopay', headers: landlordClient.headers });
    expect(landlordView.json().tenants).toEqual([
      expect.objectContaining({ tenantUserId: home.tenant.userId, isOn: false, lastPayment: expect.objectContaining({ attempt: 2, status: 'failed' }) }),
    ]);
  });

  it('refuses an account that is not the tenant’s, an old authorization and a bad day, changing nothing', async () => {
    const home = await rentedHome(testApp, enable);
    const client = await signIn(testApp, home.tenant);
    const put = (payload: object) => testApp.request({ method: 'PUT', url: '/api/tenant/autopay', headers: client.headers, payload });
    const valid = { savedBankAccountId: randomUUID(), daysBeforeDue: 3, amount: { kind: 'balance' }, mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION } };
    expect((await put(valid)).json()).toEqual({ status: 'error', error: MESSAGES.autopayNeedsBankAccount });
    expect((await put({ ...valid, mandate: { accepted: true, version: 'old' } })).json().error).toBe(MESSAGES.autopayMandateOutdated);
    const badDay = await put({ ...valid, daysBeforeDue: 20 });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().error).toBe(MESSAGES.autopayDayInvalid);
    expect((await autopayOf(client)).autopay).toMatchObject({ isOn: false, settings: null });
    const skip = await testApp.request({ method: 'PUT', url: '/api/tenant/autopay/skip', headers: client.headers, payload: { month: '2027-01', skip: true } });
    expect(skip.json().error).toBe(MESSAGES.autopayNotOn);
    expect((await testApp.request({ method: 'DELETE', url: '/api/tenant/autopay', headers: client.headers })).statusCode).toBe(200);
  });
});
