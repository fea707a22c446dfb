import { CommandBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import { tenantSchema } from '@rentwise/libs/schemas/tenant.schema';
import { randomUUID } from 'node:crypto';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { PostDueRentCharges } from '../../src/modules/payments/contracts/post-due-rent-charges.command';
import { RecordRentPayment } from '../../src/modules/payments/contracts/record-rent-payment.command';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { AddProperty } from '../../src/modules/properties/contracts/add-property.command';
import { InviteTenant } from '../../src/modules/tenants/contracts/invite-tenant.command';
import { signedInUser, signIn, type TestUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { journalsOf, payFromSandboxBank, rentedHome, setRentTerms } from './payment-support';

/** Late fees posted by the scheduled job and waived by the landlord (decision 0040), on the injected clock, New York time. */
describe('late fees (decision 0040)', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2025-01-01T12:00:00Z'));
  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  const commands = () => testApp.app.get(CommandBus);
  /** The scheduled job's work: the month's charges, then the late fees. */
  const runJob = () => commands().execute(new PostDueRentCharges());
  const at = async (iso: string, runs = 1) => {
    clock.set(new Date(iso));
    await Promise.all(Array.from({ length: runs }, runJob));
  };

  interface Home {
    landlord: TestUser;
    landlordUserId: string;
    propertyId: string;
    tenantUserId: string;
  }

  /** A landlord's $1,500 property with a tenant who moved in at `movedInAt`, and the late fee rule as the form types it. */
  async function home(movedInAt: string, lateFees: Record<string, unknown>): Promise<Home> {
    const landlord = await signedInUser(testApp, { type: 'landlord' });
    const property = await commands().execute(
      new AddProperty(landlord.userId, propertySchema.parse({ line1: `${randomUUID().slice(0, 6)} Elm St`, line2: '', city: 'Springfield', state: 'IL', zip: '62704', rent: '1,500' })),
    );
    const email = `tenant-${randomUUID().slice(0, 8)}@example.com`;
    const { tenantUserId } = await commands().execute(
      new InviteTenant(
        landlord.userId,
        property.propertyId,
        tenantSchema.parse({ firstName: 'Sam', lastName: 'Rivera', email, confirmEmail: email, phone: '(555) 301-7721' }),
        new Date(movedInAt),
      ),
    );
    await setRentTerms(testApp, landlord.userId, property.propertyId, lateFees);
    return { landlord, landlordUserId: landlord.userId, propertyId: property.propertyId, tenantUserId };
  }

  /** An imported payment of $1,500 toward rent ($1,506.99 with that era's processing fee). */
  const pay = (home: Home, occurredAt: string) =>
    commands().execute(
      new RecordRentPayment({
        idempotencyKey: randomUUID(),
        occurredAt: new Date(occurredAt),
        tenantUserId: home.tenantUserId,
        landlordUserId: home.landlordUserId,
        propertyId: home.propertyId,
        chargedCents: 150_699,
        description: 'Rent',
        provider: 'import',
        providerReference: null,
      }),
    );

  const feesOf = async (tenantUserId: string) =>
    (await journalsOf(testApp, tenantUserId))
      .filter((journal) => journal.kind === 'late_fee')
      .map((journal) => ({ key: journal.idempotency_key.replace(/^late-fee:[0-9a-f-]{36}:/, ''), cents: journal.entries.tenant_receivable, id: journal.id }))
      // One run posts several days in one transaction (one recorded_at): in month and day order.
      .sort((a, b) => order(a.key).localeCompare(order(b.key)));
  const order = (key: string) => key.replace(/:day-(\d+)$/, (_, day: string) => `:${day.padStart(3, '0')}`);

  const settledMonths = (tenantUserId: string) =>
    testApp.dataSource.query<{ month: string; outcome: string }[]>(
      `SELECT s.rent_year || '-' || lpad(s.rent_month::text, 2, '0') AS month, s.outcome FROM payments.late_fee_months s
        WHERE s.tenancy_id IN (SELECT r.tenancy_id FROM payments.rent_charges r JOIN payments.ledger_transactions t ON t.id = r.transaction_id WHERE t.tenant_user_id = $1)
        ORDER BY 1`,
      [tenantUserId],
    );

  it('posts the fee once when a month is unpaid after the grace period, two runs at a time, through a year', async () => {
    clock.set(new Date('2025-01-01T12:00:00Z'));
    const rented = await home('2025-01-01T05:00:00Z', { flatFee: '50', percentFee: '2' }); // $50 + 2% of $1,500 = $80
    // Late from the start of January 7th in New York (05:00 UTC), judged an hour later.
    await at('2025-01-07T05:59:59Z', 2);
    expect(await feesOf(rented.tenantUserId)).toEqual([]);
    await at('2025-01-07T06:00:00Z', 2);
    expect(await feesOf(rented.tenantUserId)).toEqual([{ key: '2025-01', cents: 8_000, id: expect.any(String) }]);

    // Every month of the year unpaid: quarter-hour runs compressed into a few, two at once, each replayed later.
    for (let month = 2; month <= 12; month++) {
      const lateAt = new Date(Date.UTC(2025, month - 1, 7, 12));
      await at(lateAt.toISOString(), 2);
      await at(new Date(lateAt.getTime() + 3 * 86_400_000).toISOString());
    }
    const fees = await feesOf(rented.tenantUserId);
    expect(fees.map((fee) => fee.key)).toEqual(Array.from({ length: 12 }, (_, index) => `2025-${String(index + 1).padStart(2, '0')}`));
    expect(fees.every((fee) => fee.cents === 8_000)).toBe(true);
    expect((await settledMonths(rented.tenantUserId)).every((month) => month.outcome === 'charged_in_full')).toBe(true);
    const [{ rows }] = await testApp.dataSource.query(
      `SELECT count(*)::int AS rows FROM payments.late_fees l JOIN payments.ledger_transactions t ON t.id = l.transaction_id WHERE t.tenant_user_id = $1`,
      [rented.tenantUserId],
    );
    expect(rows).toBe(12);
  });

  it('charges nothing when the rent was paid by the last day of grace, and the fee when it was paid after', async () => {
    clock.set(new Date('2025-01-01T12:00:00Z'));
    const rented = await home('2025-01-01T05:00:00Z', { flatFee: '50' });
    await pay(rented, '2025-01-07T04:59:00Z'); // 23:59 on January 6th in New York: the grace period's last minute
    await at('2025-01-20T12:00:00Z');
    await pay(rented, '2025-02-07T05:01:00Z'); // a minute into February 7th: late
    await at('2025-02-20T12:00:00Z');
    expect((await feesOf(rented.tenantUserId)).map((fee) => fee.key)).toEqual(['2025-02']);
    expect(await settledMonths(rented.tenantUserId)).toEqual([
      { month: '2025-01', outcome: 'on_time' },
      { month: '2025-02', outcome: 'charged_in_full' },
    ]);
  });

  it('charges nothing when a bank debit was sent before the deadline, though it is still processing', async () => {
    clock.set(new Date('2025-03-01T12:00:00Z'));
    const rented = await rentedHome(testApp, async (accountId, chargesEnabled) => {
      await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
    });
    await setRentTerms(testApp, rented.landlord.userId, rented.propertyId, { flatFee: '50' });
    await at('2025-03-06T20:00:00Z'); // March's rent is charged (the move-in), unpaid
    const tenant = await signIn(testApp, rented.tenant);
    // The sandbox's account that stays processing.
    const sent = await payFromSandboxBank(testApp, rented, tenant, { accountNumber: '000000000009', amountCents: 150_000 });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().payment.paymentStatus).toBe('processing');
    await at('2025-03-12T12:00:00Z', 2);
    expect(await feesOf(rented.tenant.userId)).toEqual([]);
    expect(await settledMonths(rented.tenant.userId)).toEqual([{ month: '2025-03', outcome: 'on_time' }]);
  });

  it('adds the daily amount for each further day unpaid, never above the monthly cap', async () => {
    clock.set(new Date('2025-01-01T12:00:00Z'));
    const rented = await home('2025-01-01T05:00:00Z', { flatFee: '50', dailyFee: '10', monthlyCap: '95' });
    await at('2025-01-08T06:00:00Z', 2); // days 1 and 2
    expect((await feesOf(rented.tenantUserId)).map((fee) => [fee.key, fee.cents])).toEqual([
      ['2025-01', 5_000],
      ['2025-01:day-2', 1_000],
    ]);
    await at('2025-01-09T04:59:00Z', 2); // later on day 2 in New York: nothing new to judge
    expect(await feesOf(rented.tenantUserId)).toHaveLength(2);
    await at('2025-01-31T12:00:00Z', 2);
    // $50, then $10 a day for days 2 to 5, then the $5 left under the $95 cap.
    expect((await feesOf(rented.tenantUserId)).map((fee) => [fee.key, fee.cents])).toEqual([
      ['2025-01', 5_000],
      ['2025-01:day-2', 1_000],
      ['2025-01:day-3', 1_000],
      ['2025-01:day-4', 1_000],
      ['2025-01:day-5', 1_000],
      ['2025-01:day-6', 500],
    ]);
  });

  it('stops the daily amount once the rent is paid', async () => {
    clock.set(new Date('2025-01-01T12:00:00Z'));
    const rented = await home('2025-01-01T05:00:00Z', { flatFee: '50', dailyFee: '10', monthlyCap: '200' });
    await at('2025-01-09T06:00:00Z'); // days 1 to 3
    await pay(rented, '2025-01-09T15:00:00Z');
    await at('2025-01-25T12:00:00Z', 2);
    expect((await feesOf(rented.tenantUserId)).map((fee) => fee.key)).toEqual(['2025-01', '2025-01:day-2', '2025-01:day-3']);
    expect(await settledMonths(rented.tenantUserId)).toEqual([{ month: '2025-01', outcome: 'paid' }]);
  });

  it('never charges a month that was already late when late fees were turned on', async () => {
    clock.set(new Date('2024-10-01T12:00:00Z'));
    const rented = await home('2024-10-01T04:00:00Z', { lateFeesOn: false });
    await at('2025-01-15T12:00:00Z'); // October to January charged, none paid
    await setRentTerms(testApp, rented.landlordUserId, rented.propertyId, { flatFee: '50' });
    await at('2025-01-20T12:00:00Z');
    expect(await feesOf(rented.tenantUserId)).toEqual([]);
    await at('2025-02-08T12:00:00Z');
    expect((await feesOf(rented.tenantUserId)).map((fee) => fee.key)).toEqual(['2025-02']);
  });

  it('lets the landlord waive their tenant’s late fee once, with the reason; nobody else', async () => {
    clock.set(new Date('2025-01-01T12:00:00Z'));
    const rented = await home('2025-01-01T05:00:00Z', { flatFee: '50' });
    await at('2025-01-08T12:00:00Z');
    const [fee] = await feesOf(rented.tenantUserId);
    const landlord = await signIn(testApp, rented.landlord);
    const waive = (headers: Record<string, string>, journalId: string, reason: unknown = 'Paid by check on the 5th') =>
      testApp.request({ method: 'POST', url: `/api/landlord/late-fees/${journalId}/waiver`, headers, payload: { reason } });

    const stranger = await signedInUser(testApp, { type: 'landlord' });
    expect((await waive(stranger.headers, fee.id)).statusCode).toBe(404);
    const [charge] = (await journalsOf(testApp, rented.tenantUserId)).filter((journal) => journal.kind === 'rent_charge');
    expect((await waive(landlord.headers, charge.id)).statusCode).toBe(404);
    expect((await waive(landlord.headers, 'not-an-id')).statusCode).toBe(404);
    const empty = await waive(landlord.headers, fee.id, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ status: 'error', error: MESSAGES.waiverReasonRequired });

    const [first, second] = await Promise.all([waive(landlord.headers, fee.id), waive(landlord.headers, fee.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toEqual({ status: 'error', error: MESSAGES.lateFeeAlreadyWaived });
    const waivers = (await journalsOf(testApp, rented.tenantUserId)).filter((journal) => journal.kind === 'late_fee_waiver');
    expect(waivers).toEqual([
      expect.objectContaining({ idempotency_key: `late-fee-waiver:${fee.id}`, corrects_transaction_id: fee.id, entries: { tenant_receivable: -5_000, late_fees_charged: 5_000 } }),
    ]);
    const [{ description }] = await testApp.dataSource.query(`SELECT description FROM payments.ledger_transactions WHERE id = $1`, [waivers[0].id]);
    expect(description).toBe('Late fee waived: Paid by check on the 5th');
    // Both show on the tenancy's ledger: the fee, marked waived, and the waiver with its reason.
    const ledger = await testApp.request({ method: 'GET', url: `/api/landlord/properties/${rented.propertyId}/tenants/${rented.tenantUserId}/ledger`, headers: landlord.headers });
    expect(ledger.json().ledger.lines.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'late_fee_waiver', what: 'Late fee waived: Paid by check on the 5th', amountCents: -5_000, waived: false }),
      expect.objectContaining({ kind: 'late_fee', what: 'Late fee: January 2025 rent', amountCents: 5_000, waived: true }),
    ]);
  });

  it('answers the waiver only to landlords', async () => {
    const tenant = await signedInUser(testApp, { type: 'tenant' });
    const asTenant = await testApp.request({ method: 'POST', url: `/api/landlord/late-fees/${randomUUID()}/waiver`, headers: tenant.headers, payload: { reason: 'x' } });
    expect(asTenant.statusCode).toBe(403);
    const anonymous = await testApp.request({ method: 'POST', url: `/api/landlord/late-fees/${randomUUID()}/waiver`, payload: { reason: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
