import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { AutopayPlans } from '../../src/modules/payments/autopay/autopay-plans';
import { AutopayRunner } from '../../src/modules/payments/autopay/autopay-runner';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { CommandBus } from '@nestjs/cqrs';
import { startTestApp, TestApp } from '../support/test-app';
import { autopayRunsOf, tenantOnAutopay, tenantOnCardAutopay } from './autopay-support';

const HOUR_MS = 3_600_000;

/**
 * Autopay pays each month once (issue 37, decision 0042), by bank debit or by card, whatever the
 * schedule of its runs: runs doubled or tripled at once, a run killed after it stored the month's
 * row and before it asked the provider, and one killed after the provider charged and before it
 * recorded the answer. The next runs finish what the killed ones left, under the row's key, and
 * charge nothing twice.
 */
describe('autopay, exactly once (fast-check)', () => {
  const clock = new FixedClock(new Date());
  let testApp: TestApp;
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  const runner = () => testApp.app.get(AutopayRunner);

  /** What a run killed at `when` leaves behind for the month due at `at`. */
  async function killedRun(tenantUserId: string, at: Date, when: 'after-store' | 'after-charge'): Promise<void> {
    const plan = (await testApp.app.get(AutopayPlans).ofTenant(tenantUserId))!;
    const [scheduled] = await runner().schedule([plan], at);
    if (at < scheduled.debitAt) return;
    const key = randomUUID();
    const [row] = await testApp.dataSource.query(
      `INSERT INTO payments.autopay_runs (id, tenancy_id, period, attempt, tenant_user_id, landlord_user_id, property_id, idempotency_key, amount_cents, status, created_at, updated_at)
       VALUES ($1, $2, $3, 1, $4, $5, $6, $7, 10000, 'started', $8, $8) ON CONFLICT DO NOTHING RETURNING id`,
      [randomUUID(), plan.tenancyId, scheduled.period, tenantUserId, plan.landlordUserId, plan.propertyId, key, at],
    );
    if (!row || when === 'after-store') return;
    await testApp.app.get(CommandBus).execute(await runner().paymentOf(plan, 10_000, key));
  }

  it('charges each month once over any schedule of runs, doubled, killed after storing or after charging', async () => {
    const step = fc.record({
      advanceHours: fc.integer({ min: 1, max: 24 * 12 }),
      runsAtOnce: fc.integer({ min: 1, max: 3 }),
      killed: fc.constantFrom(null, 'after-store' as const, 'after-charge' as const),
    });
    let paidMonths = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), fc.constantFrom('bank_account' as const, 'card' as const), async (schedule, method) => {
        // A debit stays processing; a card is charged, off-session, at once.
        const { home, next } =
          method === 'card'
            ? await tenantOnCardAutopay(testApp, enable, { cardNumber: '4242424242424242' })
            : await tenantOnAutopay(testApp, enable, { accountNumber: '000000000009' });
        let now = new Date(next.debitAt).getTime() - 4 * 24 * HOUR_MS;
        for (const { advanceHours, runsAtOnce, killed } of schedule) {
          now += advanceHours * HOUR_MS;
          const at = new Date(now);
          clock.set(at);
          const runs: Promise<unknown>[] = Array.from({ length: runsAtOnce }, () => runner().runAt(at));
          if (killed) runs.push(killedRun(home.tenant.userId, at, killed));
          await Promise.all(runs);
        }
        // One more run: whatever a killed run left is finished, and nothing doubles.
        await runner().runAt(new Date(now));
        const rows = await autopayRunsOf(testApp, home);
        expect(new Set(rows.map((row) => row.period)).size).toBe(rows.length);
        const paid = method === 'card' ? 'succeeded' : 'processing';
        for (const row of rows) {
          expect(row.status).not.toBe('started');
          // Every month's row has exactly its one attempt at the provider, under its key.
          expect(row.payment_status).toBe(row.status === paid ? paid : null);
        }
        const [{ payments }] = await testApp.dataSource.query(
          `SELECT count(*)::int AS payments FROM payments.card_payments WHERE tenant_user_id = $1 AND amount_cents <> 100`,
          [home.tenant.userId],
        );
        expect(payments).toBe(rows.filter((row) => row.status === paid).length);
        paidMonths += payments;
      }),
      { numRuns: 8 },
    );
    // The schedules did reach debit days: the property was not held by doing nothing.
    expect(paidMonths).toBeGreaterThan(0);
  });
});
