// The monthly rent charging and reminding jobs at scale (issue 36, decisions 0039 and 0041): 10,000 (x --scale)
// tenancies whose rent falls due on the 1st, charged by one run of the job the worker runs every 15
// minutes (PostDueRentCharges, the same code), then its next run, when nothing is due; then, late fees
// turned on, its late fee part on the 9th (three days' fees for every tenancy) and 15 minutes later; then the
// reminders job at 9:00 three days before next month's due date, when every tenant still owes this
// month's rent (two reminders each: next month's "due in 3 days" and this month's "late"), and its next run. Prints each run's time, its rate and the process's peak memory, and
// checks every tenancy was charged once, fined once a day and reminded once.
//
// The tenancies are written set-based into a scratch database (10 per landlord, each in a property of
// its own, moved in at the first moment of this month in New York); each run is a CLI context of the
// built server (boot excluded from the time).
//
// Usage: node bench/charges.js [--tenancies 10000]   (default 10,000 x BENCH_SCALE)
const { parseArgs } = require('node:util');
const { SCALE, analyze, inProductCli, postDueRentCharges, jobRunRow, recordResults, scratchDatabase, withClient } = require('./support');

// 10,000 tenancies at 1x (the bench data's size, issue 39), ten times as many at --scale 10.
const { values } = parseArgs({ options: { tenancies: { type: 'string', default: String(10_000 * SCALE) } }, strict: false });
const TENANCIES = Number(values.tenancies);
const PER_LANDLORD = 10;

/** Landlords' properties, their rents and one tenancy each, moved in as this month began in New York. */
async function populate(database) {
  await withClient(database.ownerUrl, async (client) => {
    await client.query(`
      CREATE TEMP TABLE bench_homes AS
        SELECT gen_random_uuid() AS property_id, gen_random_uuid() AS tenant_user_id,
               ('00000000-0000-4000-8000-' || lpad(to_hex(i / ${PER_LANDLORD}), 12, '0'))::uuid AS landlord_user_id,
               100000 + (i % 50) * 1000 AS rent_cents, i
          FROM generate_series(0, $1 - 1) AS i`, [TENANCIES]);
    await client.query(`
      INSERT INTO properties.properties (id, landlord_user_id, address, line1, line2, city, state, zip, rent_cents, created_at, updated_at)
      SELECT property_id, landlord_user_id, i || ' Bench St, Springfield, IL 62701', i || ' Bench St', NULL, 'Springfield', 'IL', '62701',
             rent_cents, now() - interval '2 years', now() - interval '2 years'
        FROM bench_homes`);
    await client.query(`
      INSERT INTO properties.rent_history (property_id, rent_cents, effective_from)
      SELECT property_id, rent_cents, now() - interval '2 years' FROM bench_homes`);
    await client.query(`
      INSERT INTO tenants.tenancies (tenant_user_id, property_id, landlord_user_id, started_at)
      SELECT tenant_user_id, property_id, landlord_user_id, date_trunc('month', now() AT TIME ZONE 'America/New_York') AT TIME ZONE 'America/New_York'
        FROM bench_homes`);
  });
  await analyze(database);
}

/**
 * Every property's late fees, turned on as this month began after the charging runs (so that they time
 * charging alone): $50 when rent is more than 5 days late, then $10 a day, at most $100 a month.
 */
const LATE_FEE_RULE = { graceDays: 5, flatCents: 5000, dailyCents: 1000, monthlyCapCents: 10_000 };
/** The late fee job is run on the 9th: the 7th, 8th and 9th are days late. */
const LATE_DAYS = 3;
const LATE_FEE_CENTS = LATE_FEE_RULE.flatCents + (LATE_DAYS - 1) * LATE_FEE_RULE.dailyCents;

async function turnLateFeesOn(database) {
  await withClient(database.ownerUrl, (client) =>
    client.query(
      `UPDATE properties.properties
          SET late_fee_grace_days = $1, late_fee_flat_cents = $2, late_fee_daily_cents = $3, late_fee_monthly_cap_cents = $4,
              late_fees_since = date_trunc('month', now() AT TIME ZONE 'America/New_York') AT TIME ZONE 'America/New_York'`,
      [LATE_FEE_RULE.graceDays, LATE_FEE_RULE.flatCents, LATE_FEE_RULE.dailyCents, LATE_FEE_RULE.monthlyCapCents],
    ),
  );
  await analyze(database);
}

/** 10:00 in New York on this month's 9th: the rent, unpaid, is 3 days late (an hour past the 9th's start is judged). */
async function lateFeesInstant(database) {
  const [{ at }] = await withClient(database.appUrl, (client) =>
    client
      .query(`SELECT ((date_trunc('month', now() AT TIME ZONE 'America/New_York') + interval '8 days 10 hours') AT TIME ZONE 'America/New_York') AS at`)
      .then((result) => result.rows),
  );
  return at;
}

/** The late fee job's run at an instant (LateFeePoster.postThrough, what the charging job runs after the charges). */
const postLateFeesAt = (database, at) =>
  inProductCli(
    database,
    `async (context, dist) => {
       const { LateFeePoster } = require(dist + '/modules/payments/charges/late-fee-poster.js');
       return context.get(LateFeePoster, { strict: false }).postThrough(new Date(${JSON.stringify(at.toISOString())}));
     }`,
  );

/** The reminders job's run at an instant (RentReminderSender.sendAt, what its scheduler runs). */
const remindAt = (database, at) =>
  inProductCli(
    database,
    `async (context, dist) => {
       const { RentReminderSender } = require(dist + '/modules/payments/reminders/rent-reminder-sender.js');
       return context.get(RentReminderSender, { strict: false }).sendAt(new Date(${JSON.stringify(at.toISOString())}));
     }`,
  );

/** 9:05 in New York three days before next month's 1st: its "due in 3 days", and this month's "late" (unpaid since the 1st). */
async function dueSoonInstant(database) {
  const [{ at }] = await withClient(database.appUrl, (client) =>
    client
      .query(
        `SELECT ((date_trunc('month', now() AT TIME ZONE 'America/New_York') + interval '1 month' - interval '3 days' + interval '9 hours 5 minutes')
                  AT TIME ZONE 'America/New_York') AS at`,
      )
      .then((result) => result.rows),
  );
  return at;
}

async function main() {
  const database = await scratchDatabase('bench_charges');
  try {
    console.log(`Charging ${TENANCIES.toLocaleString('en-US')} tenancies (${(TENANCIES / PER_LANDLORD).toLocaleString('en-US')} landlords), rent due on the 1st`);
    await populate(database);
    const first = await postDueRentCharges(database);
    console.log(
      `first run: ${(first.ms / 1000).toFixed(1)} s, ${first.charges.toLocaleString('en-US')} charges (${Math.round(first.charges / (first.ms / 1000))}/s), peak ${Math.round(first.peakRssMb)} MB`,
    );
    const idle = await postDueRentCharges(database);
    console.log(`next run, nothing due: ${(idle.ms / 1000).toFixed(1)} s over ${idle.tenancies.toLocaleString('en-US')} tenancies, ${idle.charges} charges, peak ${Math.round(idle.peakRssMb)} MB`);
    const [{ charged, doubled }] = await withClient(database.appUrl, (client) =>
      client
        .query(
          `SELECT count(DISTINCT tenancy_id)::int AS charged, (count(*) - count(DISTINCT (tenancy_id, rent_year, rent_month)))::int AS doubled
             FROM payments.rent_charges WHERE kind = 'charge'`,
        )
        .then((result) => result.rows),
    );
    if (charged !== TENANCIES || doubled !== 0 || idle.charges !== 0) {
      throw new Error(`expected every tenancy charged once: ${charged} charged, ${doubled} doubled, ${idle.charges} in the idle run`);
    }
    console.log(`checked: ${charged.toLocaleString('en-US')} tenancies charged once each, none doubled`);

    await turnLateFeesOn(database);
    const lateAt = await lateFeesInstant(database);
    const fined = await postLateFeesAt(database, lateAt);
    console.log(
      `late fees at ${lateAt.toISOString()} (3 days late): ${(fined.ms / 1000).toFixed(1)} s, ${fined.fees.toLocaleString('en-US')} fees (${Math.round(fined.fees / (fined.ms / 1000))}/s), peak ${Math.round(fined.peakRssMb)} MB`,
    );
    const finedAgain = await postLateFeesAt(database, new Date(lateAt.getTime() + 15 * 60_000));
    console.log(`late fees 15 minutes later: ${(finedAgain.ms / 1000).toFixed(1)} s over ${TENANCIES.toLocaleString('en-US')} tenancies, ${finedAgain.fees} fees, peak ${Math.round(finedAgain.peakRssMb)} MB`);
    const [{ fees, cents }] = await withClient(database.appUrl, (client) =>
      client.query(`SELECT count(*)::int AS fees, sum(amount_cents)::int AS cents FROM payments.late_fees`).then((result) => result.rows),
    );
    if (fined.fees !== LATE_DAYS * TENANCIES || fees !== LATE_DAYS * TENANCIES || cents !== TENANCIES * LATE_FEE_CENTS || finedAgain.fees !== 0) {
      throw new Error(`expected ${LATE_DAYS} late fees per tenancy: ${fined.fees} posted (${fees} rows, ${cents} cents), then ${finedAgain.fees}`);
    }
    console.log(`checked: ${TENANCIES.toLocaleString('en-US')} tenancies charged ${LATE_DAYS} late fees each, none doubled`);

    const at = await dueSoonInstant(database);
    const reminded = await remindAt(database, at);
    console.log(
      `reminders at ${at.toISOString()}: ${(reminded.ms / 1000).toFixed(1)} s, ${reminded.reminders.toLocaleString('en-US')} reminders (${Math.round(reminded.reminders / (reminded.ms / 1000))}/s), peak ${Math.round(reminded.peakRssMb)} MB`,
    );
    const remindedAgain = await remindAt(database, new Date(at.getTime() + 15 * 60_000));
    console.log(`reminders 15 minutes later: ${(remindedAgain.ms / 1000).toFixed(1)} s, ${remindedAgain.reminders} reminders`);
    if (reminded.reminders !== 2 * TENANCIES || remindedAgain.reminders !== 0) {
      throw new Error(`expected two reminders per tenancy (due soon, late): ${reminded.reminders}, then ${remindedAgain.reminders}`);
    }
    recordResults([
      jobRunRow('charges-first-run', `Rent charging job, first run over ${TENANCIES.toLocaleString('en-US')} tenancies (charges/s; p99_ms = run time)`, first.charges, first),
      jobRunRow('reminders', `Rent reminders job, "due in 3 days" and "late" over ${TENANCIES.toLocaleString('en-US')} tenancies (reminders/s; p99_ms = run time)`, reminded.reminders, reminded),
      jobRunRow('late-fees-first-run', `Late fee job, the first ${LATE_DAYS} days late over ${TENANCIES.toLocaleString('en-US')} tenancies (fees/s; p99_ms = run time)`, fined.fees, fined),
      jobRunRow('late-fees-nothing-new', `Late fee job, run with nothing new over ${TENANCIES.toLocaleString('en-US')} tenancies (tenancies/s; p99_ms = run time)`, TENANCIES, finedAgain),
      jobRunRow('charges-nothing-due', `Rent charging job, run with nothing due over ${TENANCIES.toLocaleString('en-US')} tenancies (tenancies/s; p99_ms = run time)`, idle.tenancies, idle),
    ]);
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
