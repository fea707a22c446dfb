// The autopay job at scale (issue 37, decision 0042): 10,000 (x --scale) tenancies on autopay whose rent falls due
// on the 1st, each tenant with a saved sandbox bank account (the test account 000123456789, which
// succeeds) on their landlord's sandbox connected account, and a plan (the balance due, 3 days before the
// due day) under its recurring authorization. One run of the job the worker runs every 15 minutes
// (AutopayRunner.runAt, the same code) at 6:05 in New York on the debit day of the next month whose
// debit is still ahead, when every plan's payment is due: each one stored under its key and paid through
// PayRentAutomatically, a debit at the sandbox and its processing journal. Then its next run, 15 minutes
// later, when there is nothing new to do. Prints each run's time, its rate and the process's peak memory,
// and checks each plan was paid once: one autopay run 'processing', one payment attempt and one sandbox
// debit under its key, for the month's rent, nothing doubled.
//
// The data is written set-based into a scratch database (10 tenancies per landlord, each in a property
// of its own, moved in as this month began in New York; every month from then through the debit's month
// charged and paid by card, so what is due on the day is next month's rent); each run is a CLI context of
// the built server (boot excluded from the time), with the product's clock moved to the run's instant.
// Needs the built server and libs (npx tsc -b tsconfig.build.json).
//
// Usage: npx node bench/autopay.js [--plans 10000] [--statements]   (default 10,000 x BENCH_SCALE)
//   --statements: also times each SQL statement of the first run (round trip and server time, by text)
//   and prints the 15 that took longest, per automatic payment.
const { parseArgs } = require('node:util');
const { AUTOPAY_MANDATE_VERSION, autopayMandateText } = require('@rentwise/libs/autopay');
const { SANDBOX_BANK_NAME, SANDBOX_ROUTING_NUMBER, sandboxTestBankAccount } = require('@rentwise/libs/sandbox-bank-accounts');
const { SCALE, analyze, inProductCli, jobRunRow, recordResults, scratchDatabase, withClient } = require('./support');

// 10,000 plans at 1x (the bench data's size, issue 39), ten times as many at --scale 10.
const { values } = parseArgs({ options: { plans: { type: 'string', default: String(10_000 * SCALE) }, statements: { type: 'boolean', default: false } }, strict: false });
const PLANS = Number(values.plans);
const PER_LANDLORD = 10;
const DAYS_BEFORE_DUE = 3;
const TIME_ZONE = 'America/New_York';
const TEST_ACCOUNT = sandboxTestBankAccount('000123456789');
const CLIENT_ADDRESS = '203.0.113.7';

/** The recurring authorization's text as the product renders it, with the tenant's, landlord's and address's places left for SQL. */
const MANDATE_TEMPLATE = autopayMandateText({
  tenantName: '{tenant}',
  landlordName: '{landlord}',
  propertyAddress: '{address}',
  bankName: SANDBOX_BANK_NAME,
  last4: TEST_ACCOUNT.accountNumber.slice(-4),
  amount: { kind: 'balance' },
  daysBeforeDue: DAYS_BEFORE_DUE,
  dueDay: 1,
});

/**
 * When the run is: 6:05 in New York, 3 days before the 1st of the first month from next month on whose
 * debit is more than an hour ahead (the product's clock only moves forward). `debit_month` is the local
 * month the run falls in, `start_month` the one the tenancies moved in at (this month).
 */
const WHEN = `
  CREATE TEMP TABLE bench_when AS
    SELECT (due - interval '${DAYS_BEFORE_DUE} days' + interval '6 hours 5 minutes') AT TIME ZONE '${TIME_ZONE}' AS debit_at,
           due AS due_month, date_trunc('month', due - interval '${DAYS_BEFORE_DUE} days') AS debit_month,
           date_trunc('month', now() AT TIME ZONE '${TIME_ZONE}') AS start_month
      FROM generate_series(date_trunc('month', now() AT TIME ZONE '${TIME_ZONE}') + interval '1 month',
                           date_trunc('month', now() AT TIME ZONE '${TIME_ZONE}') + interval '3 months', interval '1 month') AS due
     WHERE (due - interval '${DAYS_BEFORE_DUE} days' + interval '6 hours 5 minutes') AT TIME ZONE '${TIME_ZONE}' > now() + interval '1 hour'
     ORDER BY due LIMIT 1`;

/**
 * Landlords with sandbox connected accounts that take charges and bank debits (as onboarding records
 * them), their properties and tenancies, each month's rent charged and paid, and each tenant's saved
 * bank account, recurring authorization and plan. Answers the run's instant and the month it pays.
 */
async function populate(database) {
  return withClient(database.ownerUrl, async (client) => {
    await client.query(WHEN);
    await client.query(`
      CREATE TEMP TABLE bench_homes AS
        SELECT i, i / ${PER_LANDLORD} AS landlord,
               ('00000000-0000-4000-8000-' || lpad(to_hex(i / ${PER_LANDLORD}), 12, '0'))::uuid AS landlord_user_id,
               'acct_sandbox_bench' || lpad(to_hex(i / ${PER_LANDLORD}), 12, '0') AS account_id,
               'pm_sandbox_bench' || lpad(to_hex(i), 12, '0') AS payment_method_id,
               gen_random_uuid() AS property_id, gen_random_uuid() AS tenant_user_id, gen_random_uuid() AS tenancy_id,
               gen_random_uuid() AS bank_account_id, gen_random_uuid() AS mandate_id,
               100000 + (i % 50) * 1000 AS rent_cents, i || ' Bench St, Springfield, IL 62701' AS address
          FROM generate_series(0, $1 - 1) AS i`, [PLANS]);
    await client.query(`
      INSERT INTO infra.sandbox_connected_accounts (id, kind, email, idempotency_key, charges_enabled, payouts_enabled, details_submitted, created_at, updated_at)
      SELECT DISTINCT account_id, 'express', 'landlord' || landlord || '@bench.rentwise.test', 'bench-account-' || landlord, true, true, true,
             now() - interval '2 years', now() - interval '2 years'
        FROM bench_homes`);
    await client.query(`
      INSERT INTO onboarding.registrations
        (landlord_user_id, status, first_name, last_name, email, phone, submitted_at, reviewed_at,
         payout_account_id, payout_status, payout_connected_at, payout_charges_enabled, payout_bank_debits_enabled)
      SELECT DISTINCT landlord_user_id, 'approved'::onboarding.registration_status, 'Landlord', landlord::text, 'landlord' || landlord || '@bench.rentwise.test',
             '555' || lpad(landlord::text, 7, '0'), now() - interval '2 years', now() - interval '2 years',
             account_id, 'active', now() - interval '2 years', true, true
        FROM bench_homes`);
    await client.query(`
      INSERT INTO properties.properties (id, landlord_user_id, address, line1, line2, city, state, zip, rent_cents, created_at, updated_at)
      SELECT property_id, landlord_user_id, address, i || ' Bench St', NULL, 'Springfield', 'IL', '62701',
             rent_cents, now() - interval '2 years', now() - interval '2 years'
        FROM bench_homes`);
    await client.query(`
      INSERT INTO properties.rent_history (property_id, rent_cents, effective_from)
      SELECT property_id, rent_cents, now() - interval '2 years' FROM bench_homes`);
    await client.query(`
      INSERT INTO tenants.tenancies (id, tenant_user_id, property_id, landlord_user_id, started_at)
      SELECT tenancy_id, tenant_user_id, property_id, landlord_user_id, (SELECT start_month FROM bench_when) AT TIME ZONE '${TIME_ZONE}'
        FROM bench_homes`);

    // Each month from the move-in through the debit's own: the rent charge as the charging job posts it
    // (same key, journal, entries and row), and the tenant's card payment of it a day later (rent plus the
    // card fee; the landlord is owed the rent, the platform keeps the fee), so the balance is nil on the day.
    await client.query('BEGIN');
    await client.query(`
      CREATE TEMP TABLE bench_months AS
        SELECT h.*, m AS month, md5('bench-charge-' || h.tenancy_id || m)::uuid AS charge_id, md5('bench-paid-' || h.tenancy_id || m)::uuid AS paid_id,
               m AT TIME ZONE '${TIME_ZONE}' AS due_at
          FROM bench_homes h, bench_when w, generate_series(w.start_month, w.debit_month, interval '1 month') AS m`);
    await client.query(`
      INSERT INTO payments.ledger_transactions (id, idempotency_key, kind, occurred_at, recorded_at, tenant_user_id, landlord_user_id, property_id, description, provider)
      SELECT charge_id, 'rent-charge:' || tenancy_id || ':' || to_char(month, 'YYYY-MM'), 'rent_charge', due_at, due_at,
             tenant_user_id, landlord_user_id, property_id, 'Rent: ' || to_char(month, 'FMMonth YYYY'), 'rentwise'
        FROM bench_months
      UNION ALL
      SELECT paid_id, 'bench-paid:' || tenancy_id || ':' || to_char(month, 'YYYY-MM'), 'rent_payment', due_at + interval '1 day', due_at + interval '1 day',
             tenant_user_id, landlord_user_id, property_id, 'Rent payment for ' || address, 'sandbox'
        FROM bench_months`);
    await client.query(`
      INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents)
      SELECT charge_id, e.account, e.cents FROM bench_months, LATERAL (VALUES ('tenant_receivable', rent_cents), ('rent_charged', -rent_cents)) e(account, cents)
      UNION ALL
      SELECT paid_id, e.account, e.cents FROM bench_months,
             LATERAL (VALUES ('tenant_card', -(rent_cents + 699)), ('landlord_payable', rent_cents), ('processing_fees', 699)) e(account, cents)`);
    await client.query(`
      INSERT INTO payments.rent_charges (tenancy_id, rent_year, rent_month, kind, transaction_id, amount_cents, due_at)
      SELECT tenancy_id, extract(year FROM month), extract(month FROM month), 'charge', charge_id, rent_cents, due_at FROM bench_months`);
    // The ledger's balance and non-empty checks run here.
    await client.query('COMMIT');

    // The bank account each tenant linked (instant verification) and saved, on their landlord's account.
    await client.query(
      `INSERT INTO infra.sandbox_payment_methods (id, type, brand, bank_name, routing_number, last4, outcome, verification, created_at)
       SELECT payment_method_id, 'us_bank_account', 'us_bank_account', $1, $2, $3, $4, 'verified', now() - interval '1 month' FROM bench_homes`,
      [SANDBOX_BANK_NAME, SANDBOX_ROUTING_NUMBER, TEST_ACCOUNT.accountNumber.slice(-4), TEST_ACCOUNT.outcome.kind],
    );
    await client.query(
      `INSERT INTO payments.bank_accounts (id, tenant_user_id, provider, connected_account_id, payment_method_id, bank_name, last4, saved, created_at, updated_at)
       SELECT bank_account_id, tenant_user_id, 'sandbox', account_id, payment_method_id, $1, $2, true, now() - interval '1 month', now() - interval '1 month'
         FROM bench_homes`,
      [SANDBOX_BANK_NAME, TEST_ACCOUNT.accountNumber.slice(-4)],
    );
    // Autopay turned on a week ago: its recurring authorization, then the plan.
    await client.query(
      `INSERT INTO payments.bank_debit_mandates
         (id, idempotency_key, tenant_user_id, landlord_user_id, provider, connected_account_id, payment_method_id, version, text,
          accepted_at, client_address, user_agent, updated_at)
       SELECT mandate_id, 'autopay:' || mandate_id, tenant_user_id, landlord_user_id, 'sandbox', account_id, payment_method_id, $1,
              replace(replace(replace($2, '{tenant}', 'Tenant ' || i), '{landlord}', 'Landlord ' || landlord), '{address}', address),
              now() - interval '7 days', $3, 'bench', now() - interval '7 days'
         FROM bench_homes`,
      [AUTOPAY_MANDATE_VERSION, MANDATE_TEMPLATE, CLIENT_ADDRESS],
    );
    await client.query(
      `INSERT INTO payments.autopay_plans
         (tenant_user_id, tenancy_id, landlord_user_id, property_id, bank_account_id, mandate_id, days_before_due, amount_kind, fixed_cents,
          is_on, turned_on_at, failures_in_row, updated_at)
       SELECT tenant_user_id, tenancy_id, landlord_user_id, property_id, bank_account_id, mandate_id, $1, 'balance', NULL,
              true, now() - interval '7 days', 0, now() - interval '7 days'
         FROM bench_homes`,
      [DAYS_BEFORE_DUE],
    );
    const [when] = (await client.query(`SELECT debit_at, to_char(due_month, 'YYYY-MM') AS period FROM bench_when`)).rows;
    return when;
  }).finally(() => analyze(database));
}

/**
 * Times each statement the CLI process sends, from when pg writes it to the server until the server is
 * ready for the next (round trip and server time, not the wait for a pooled connection), by its text.
 */
const STATEMENT_TIMES = `
  const { Query } = require(require.resolve('pg', { paths: [dist] }));
  const times = new Map();
  const submit = Query.prototype.submit;
  Query.prototype.submit = function (connection) {
    this.benchSentAt = performance.now();
    return submit.call(this, connection);
  };
  const ready = Query.prototype.handleReadyForQuery;
  Query.prototype.handleReadyForQuery = function (connection) {
    if (this.benchSentAt !== undefined) {
      const text = String(this.text).replace(/\\s+/g, ' ').trim().slice(0, 110);
      const entry = times.get(text) ?? { text, calls: 0, ms: 0 };
      entry.calls += 1;
      entry.ms += performance.now() - this.benchSentAt;
      times.set(text, entry);
    }
    return ready.call(this, connection);
  };
  statementTimes = () => [...times.values()].sort((a, b) => b.ms - a.ms);`;

/**
 * The autopay job's run at an instant, the product's clock moved there first (as `npm run autopay:run
 * -- --at` does); with `statements`, also the time each statement of the run took (STATEMENT_TIMES).
 */
const runAutopayAt = (database, at, { statements = false } = {}) =>
  inProductCli(
    database,
    `async (context, dist) => {
       const { Clock } = require(dist + '/infrastructure/clock/clock.js');
       const { AutopayRunner } = require(dist + '/modules/payments/autopay/autopay-runner.js');
       let statementTimes = () => undefined;
       ${statements ? STATEMENT_TIMES : ''}
       const clock = context.get(Clock, { strict: false });
       clock.moveTo(new Date(${JSON.stringify(at.toISOString())}));
       const run = await context.get(AutopayRunner, { strict: false }).runAt(clock.now());
       return { ...run, statements: statementTimes() };
     }`,
  );

/** The statements that took most of a run, per automatic payment. */
function printStatements(run) {
  const total = run.statements.reduce((sum, statement) => sum + statement.ms, 0);
  const calls = run.statements.reduce((sum, statement) => sum + statement.calls, 0);
  console.log(
    `  statements: ${(calls / run.payments).toFixed(1)} a payment, ${(total / run.payments).toFixed(2)} ms a payment on the wire (${Math.round((100 * total) / run.ms)}% of the run); the top 15:`,
  );
  for (const statement of run.statements.slice(0, 15)) {
    console.log(`  ${(statement.calls / run.payments).toFixed(2).padStart(6)} x ${(statement.ms / statement.calls).toFixed(3).padStart(7)} ms = ${(statement.ms / run.payments).toFixed(3)} ms  ${statement.text}`);
  }
}

/** Per plan: its runs, and the payment attempts and sandbox debits under their keys; then how many of each in all. */
async function paidOnce(database, period) {
  const [row] = await withClient(database.appUrl, (client) =>
    client
      .query(
        `WITH per_plan AS (
           SELECT p.tenant_user_id,
                  count(DISTINCT r.id) AS runs,
                  count(DISTINCT r.id) FILTER (WHERE r.status = 'processing' AND r.attempt = 1 AND r.period = $1) AS processing,
                  count(DISTINCT c.id) AS attempts,
                  count(DISTINCT c.id) FILTER (WHERE c.status = 'processing' AND c.method = 'bank_debit' AND c.amount_cents = pr.rent_cents
                                                AND c.ledger_transaction_id IS NOT NULL) AS rent_debits,
                  count(DISTINCT s.id) AS debits,
                  count(DISTINCT s.id) FILTER (WHERE s.status = 'pending' AND s.amount_cents = c.charged_cents) AS pending_debits
             FROM payments.autopay_plans p
             JOIN properties.properties pr ON pr.id = p.property_id
             LEFT JOIN payments.autopay_runs r ON r.tenancy_id = p.tenancy_id
             LEFT JOIN payments.card_payments c ON c.idempotency_key = r.idempotency_key::text
             LEFT JOIN infra.sandbox_charges s ON s.idempotency_key = r.idempotency_key::text
            GROUP BY p.tenant_user_id
         )
         SELECT count(*)::int AS plans,
                count(*) FILTER (WHERE runs = 1 AND processing = 1 AND attempts = 1 AND rent_debits = 1 AND debits = 1 AND pending_debits = 1)::int AS paid_once,
                (SELECT count(*) FROM payments.autopay_runs)::int AS runs,
                (SELECT count(*) FROM payments.card_payments)::int AS attempts,
                (SELECT count(*) FROM infra.sandbox_charges)::int AS debits
           FROM per_plan`,
        [period],
      )
      .then((result) => result.rows),
  );
  return row;
}

async function main() {
  const database = await scratchDatabase('bench_autopay');
  try {
    console.log(
      `Autopay for ${PLANS.toLocaleString('en-US')} plans (${Math.ceil(PLANS / PER_LANDLORD).toLocaleString('en-US')} landlords), rent due on the 1st, debited ${DAYS_BEFORE_DUE} days before`,
    );
    const populating = performance.now();
    const { debit_at: at, period } = await populate(database);
    console.log(`data written in ${((performance.now() - populating) / 1000).toFixed(1)} s; the run pays ${period} at ${at.toISOString()}`);

    const first = await runAutopayAt(database, at, { statements: values.statements });
    console.log(
      `first run: ${(first.ms / 1000).toFixed(1)} s, ${first.payments.toLocaleString('en-US')} automatic payments (${Math.round(first.payments / (first.ms / 1000))}/s, ${(first.ms / Math.max(first.payments, 1)).toFixed(2)} ms each), peak ${Math.round(first.peakRssMb)} MB`,
    );
    if (values.statements) printStatements(first);
    const after = await paidOnce(database, period);

    const idle = await runAutopayAt(database, new Date(at.getTime() + 15 * 60_000));
    console.log(
      `next run, 15 minutes later: ${(idle.ms / 1000).toFixed(1)} s over ${idle.plans.toLocaleString('en-US')} plans (${Math.round(idle.plans / (idle.ms / 1000))}/s), ${idle.payments} payments, ${idle.settled} followed up, peak ${Math.round(idle.peakRssMb)} MB`,
    );
    const again = await paidOnce(database, period);

    const exact = (counts) => counts.plans === PLANS && counts.paid_once === PLANS && counts.runs === PLANS && counts.attempts === PLANS && counts.debits === PLANS;
    if (first.payments !== PLANS || first.notices !== 0 || idle.payments !== 0 || !exact(after) || !exact(again)) {
      throw new Error(
        `expected one automatic payment per plan: first run ${JSON.stringify(first)}, next run ${JSON.stringify(idle)}; after the first ${JSON.stringify(after)}, after the next ${JSON.stringify(again)}`,
      );
    }
    console.log(
      `checked: ${PLANS.toLocaleString('en-US')} plans each paid once for ${period} (one run 'processing', one payment attempt and one sandbox debit of the month's rent under its key), none doubled by the next run`,
    );

    recordResults([
      jobRunRow('autopay-first-run', `Autopay job, first run paying ${PLANS.toLocaleString('en-US')} plans by sandbox bank debit (payments/s; p99_ms = run time)`, first.payments, first),
      jobRunRow('autopay-next-run', `Autopay job, next run with nothing new over ${PLANS.toLocaleString('en-US')} plans (plans/s; p99_ms = run time)`, idle.plans, idle),
    ]);
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
