import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { billingMonthKey } from '@rentwise/libs/billing-month';
import { rentChargesThrough } from '@rentwise/libs/rent-charges';
import fc from 'fast-check';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import { tenantSchema } from '@rentwise/libs/schemas/tenant.schema';
import { randomUUID } from 'node:crypto';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { RecordRentPayment } from '../../src/modules/payments/contracts/record-rent-payment.command';
import { RentChargePoster } from '../../src/modules/payments/charges/rent-charge-poster';
import { GetTenantBalance } from '../../src/modules/payments/queries/get-tenant-balance.query';
import { AddProperty } from '../../src/modules/properties/contracts/add-property.command';
import { InviteTenant } from '../../src/modules/tenants/contracts/invite-tenant.command';
import { RemoveTenant } from '../../src/modules/tenants/commands/remove-tenant.command';
import { signedInUser } from '../support/accounts';
import { UnitOfWork } from '../../src/infrastructure/database/unit-of-work';
import { startTestApp, TestApp } from '../support/test-app';

describe('rent charges (decision 0039)', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2025-01-15T15:00:00Z'));
  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  const commands = () => testApp.app.get(CommandBus);
  const poster = () => testApp.app.get(RentChargePoster);

  /** A landlord's property at $1,500 and a tenant who moved in at `movedInAt`. */
  async function tenancy(movedInAt: Date) {
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
        movedInAt,
      ),
    );
    return { landlordUserId: landlord.userId, propertyId: property.propertyId, tenantUserId };
  }

  const chargesOf = (tenantUserId: string) =>
    testApp.dataSource.query<{ kind: string; description: string; receivable: string; occurred_at: Date }[]>(
      `SELECT t.kind, t.description, t.occurred_at,
              (SELECT sum(e.amount_cents) FROM payments.ledger_entries e WHERE e.transaction_id = t.id AND e.account = 'tenant_receivable') AS receivable
         FROM payments.ledger_transactions t
        WHERE t.tenant_user_id = $1 AND t.kind IN ('rent_charge', 'rent_credit') ORDER BY t.occurred_at, t.kind`,
      [tenantUserId],
    );

  it('charges a part month at move-in, then each month once on its due date through a year, with two runs at once', async () => {
    clock.set(new Date('2025-01-15T15:00:00Z'));
    const home = await tenancy(new Date('2025-01-15T15:00:00Z')); // 10:00 on January 15th in New York
    await Promise.all([poster().postThrough(clock.now()), poster().postThrough(clock.now())]);
    // 17 of January's 31 days (the 15th through the 31st): 150,000 × 17 / 31 = 82,258.06.
    expect(await chargesOf(home.tenantUserId)).toEqual([
      expect.objectContaining({ kind: 'rent_charge', description: 'Rent: January 2025 (17 of 31 days)', receivable: '82258' }),
    ]);

    // Just before February's due date (midnight starting the 1st in New York): nothing new.
    clock.set(new Date('2025-02-01T04:59:59.999Z'));
    await poster().postThrough(clock.now());
    expect(await chargesOf(home.tenantUserId)).toHaveLength(1);

    // A year of quarter-hour runs compressed into a few a month, two at a time, each month replayed.
    for (let month = 2; month <= 13; month++) {
      const at = new Date(Date.UTC(2025, month - 1, 1, 5, 0, 0));
      clock.set(at);
      await Promise.all([poster().postThrough(at), poster().postThrough(at)]);
      await poster().postThrough(new Date(at.getTime() + 86_400_000));
    }
    const charges = await chargesOf(home.tenantUserId);
    expect(charges.map((charge) => charge.description)).toEqual([
      'Rent: January 2025 (17 of 31 days)',
      ...['February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map((month) => `Rent: ${month} 2025`),
      'Rent: January 2026',
    ]);
    expect(charges.slice(1).every((charge) => charge.receivable === '150000')).toBe(true);
    const [{ rows }] = await testApp.dataSource.query(`SELECT count(*)::int AS rows FROM payments.rent_charges rc
      JOIN payments.ledger_transactions t ON t.id = rc.transaction_id WHERE t.tenant_user_id = $1`, [home.tenantUserId]);
    expect(rows).toBe(13);
  });

  it('credits the days after a move-out in a month already charged, once', async () => {
    clock.set(new Date('2025-03-01T06:00:00Z'));
    const home = await tenancy(new Date('2024-12-01T05:00:00Z'));
    await poster().postThrough(clock.now());
    expect(await chargesOf(home.tenantUserId)).toHaveLength(4); // December to March

    clock.set(new Date('2025-03-10T16:00:00Z')); // removed on March 10th: 10 of 31 days lived there
    await commands().execute(new RemoveTenant(home.landlordUserId, home.propertyId, home.tenantUserId));
    await Promise.all([poster().postThrough(clock.now()), poster().postThrough(clock.now())]);
    clock.set(new Date('2025-06-01T06:00:00Z'));
    await poster().postThrough(clock.now());

    const charges = await chargesOf(home.tenantUserId);
    expect(charges).toHaveLength(5);
    // 150,000 − 150,000 × 10 / 31 (48,387.10 → 48,387) = 101,613 back.
    expect(charges[4]).toMatchObject({ kind: 'rent_credit', receivable: '-101613', description: 'Rent credit: March 2025, 21 days after moving out' });
  });

  it('gives the tenant’s balance: charges less what they paid toward rent, not the card fee; the next due date', async () => {
    clock.set(new Date('2025-04-20T15:00:00Z'));
    const home = await tenancy(new Date('2025-03-01T05:00:00Z'));
    await poster().postThrough(clock.now()); // March and April: 300,000
    await commands().execute(
      new RecordRentPayment({
        idempotencyKey: randomUUID(),
        occurredAt: new Date('2025-03-03T15:00:00Z'),
        tenantUserId: home.tenantUserId,
        landlordUserId: home.landlordUserId,
        propertyId: home.propertyId,
        chargedCents: 150_699, // $1,500 and the $6.99 processing fee
        description: 'Rent: March 2025',
        provider: 'import',
        providerReference: null,
      }),
    );
    const balance = await testApp.app.get(QueryBus).execute(new GetTenantBalance(home.tenantUserId));
    expect(balance).toMatchObject({
      balanceCents: 150_000,
      nextDue: { dueAt: '2025-05-01T04:00:00.000Z', amountCents: 150_000 },
      lastPayment: { chargedCents: 150_699, status: 'succeeded' },
    });
  });

  it('answers the balance only to the tenant', async () => {
    const landlord = await signedInUser(testApp, { type: 'landlord' });
    const asLandlord = await testApp.request({ method: 'GET', url: '/api/tenant/balance', headers: landlord.headers });
    expect(asLandlord.statusCode).toBe(403);
    const anonymous = await testApp.request({ method: 'GET', url: '/api/tenant/balance' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('charges each month exactly once over any schedule of runs: doubled, crashed half way, the clock moved back (fast-check)', async () => {
    const DAY_MS = 86_400_000;
    const start = Date.parse('2025-01-01T05:00:00Z');
    const step = fc.record({
      advanceHours: fc.integer({ min: 1, max: 24 * 45 }),
      runsAtOnce: fc.integer({ min: 1, max: 3 }),
      // A run that dies before it commits (a worker killed): everything it wrote rolls back.
      crashes: fc.boolean(),
      // A run on a clock behind the others' (a machine's clock moved back).
      clockBackHours: fc.option(fc.integer({ min: 1, max: 24 * 60 }), { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 300 * 24 }), { minLength: 1, maxLength: 3 }),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async (moveInHours, schedule) => {
          clock.set(new Date(start));
          const homes = await Promise.all(moveInHours.map((hours) => tenancy(new Date(start + hours * 3_600_000))));
          let now = start;
          let latest = start;
          for (const { advanceHours, runsAtOnce, crashes, clockBackHours } of schedule) {
            now += advanceHours * 3_600_000;
            latest = Math.max(latest, now);
            const at = new Date(clockBackHours === null ? now : now - clockBackHours * 3_600_000);
            const runs = Array.from({ length: runsAtOnce }, () => poster().postThrough(at));
            if (crashes) {
              runs.push(
                testApp.app
                  .get(UnitOfWork)
                  .run(async () => {
                    await poster().postThrough(at);
                    throw new Error('killed before commit');
                  })
                  .then(
                    () => ({ tenancies: 0, charges: 0, credits: 0 }),
                    () => ({ tenancies: 0, charges: 0, credits: 0 }),
                  ),
              );
            }
            await Promise.all(runs);
          }
          // One more run on the latest clock: whatever crashed or ran behind is made up, and nothing doubles.
          await poster().postThrough(new Date(latest));
          for (const [index, home] of homes.entries()) {
            const rows = await testApp.dataSource.query<{ rent_year: number; rent_month: number; amount_cents: string }[]>(
              `SELECT rc.rent_year, rc.rent_month, rc.amount_cents FROM payments.rent_charges rc
                 JOIN payments.ledger_transactions t ON t.id = rc.transaction_id
                WHERE t.tenant_user_id = $1 AND rc.kind = 'charge' ORDER BY rc.rent_year, rc.rent_month`,
              [home.tenantUserId],
            );
            const expected = rentChargesThrough({
              tenancy: { startedAt: new Date(start + moveInHours[index] * 3_600_000), endedAt: null },
              rentHistory: [{ rentCents: 150_000, effectiveFrom: new Date(start - DAY_MS) }],
              dueDay: 1,
              timeZone: 'America/New_York',
              through: new Date(latest),
            });
            expect(rows.map((row) => [billingMonthKey({ year: row.rent_year, month: row.rent_month }), Number(row.amount_cents)])).toEqual(
              expected.map((charge) => [billingMonthKey(charge.month), charge.amountCents]),
            );
            expect(await chargesOf(home.tenantUserId)).toHaveLength(expected.length);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
