// The bench's generated database (never the demo seed): 1,000 landlords with 10 properties each,
// one to three tenants per property, a live session per landlord, 1,000,000 ledger entries of rent
// payments, the rent charges of every tenancy (decision 0039) and a year of late fees on a fifth of the
// properties (decision 0040); at `--scale N` (BENCH_SCALE) N times the landlords, properties,
// tenancies, entries, charges and late fees, in a database of its own
// (rentwise_bench_<N>x). Rows are made set-based (INSERT ... SELECT generate_series) as the tables'
// owner, through every ledger trigger (balanced, non-empty, signs by kind); the charges and late fees
// are the charging job's own rows (key, journal, entries, rent_charges or late_fees row), and the job
// then runs once to post what is left (the statement landlord's part months, this month's late fees of
// the tenants who moved in this month) and to show it finds the rest done.
// Ids are md5-derived, so the bench can name a landlord's session, properties and tenants without
// asking the database.
const { createHash } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { resolve } = require('node:path');
const { SCALE, postDueRentCharges, projectStatements, withClient, withDatabase } = require('./support');

const LANDLORDS = 1000 * SCALE;
const PROPERTIES_PER_LANDLORD = 10;
const PROPERTIES = LANDLORDS * PROPERTIES_PER_LANDLORD;
const LEDGER_ENTRIES = 1_000_000 * SCALE;
/**
 * The statements database (bench/statements.js) has one more landlord, with 100 properties and a
 * monthly payment on each for ten years (12,000 payments, 36,000 entries): the yearly statement's
 * landlord. The other landlords' payments are fewer by as many entries, so the ledger still holds
 * exactly LEDGER_ENTRIES.
 */
const STATEMENT_LANDLORD = { number: LANDLORDS + 1, properties: 100, months: 120 };
const STATEMENT_ENTRIES = STATEMENT_LANDLORD.properties * STATEMENT_LANDLORD.months * 3;
// Rent payments post three entries (card, landlord, fee); the last ones post two (no fee) so that
// the total is exactly the entries asked for.
const paymentCounts = (entries) => {
  const threeEntryPayments = Math.floor((entries - 4) / 3);
  return { threeEntryPayments, payments: threeEntryPayments + (entries - threeEntryPayments * 3) / 2 };
};
const PAYMENTS_PER_BATCH = 50_000;
/** Bump when the generated rows change: an older bench database is then made again. */
const BASE_DATA_VERSION = 4;
/**
 * Each property's first tenant moved in as their payments begin (about 33 months back, at the first
 * moment of the month in New York, so each month is charged whole); the others this month.
 */
const FIRST_TENANT_MONTHS = 33;

const uuidOf = (key) => createHash('md5').update(key).digest('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const landlord = (i) => ({
  userId: uuidOf(`landlord-${i}`),
  sessionToken: `bench-session-${i}`,
  propertyIds: Array.from({ length: PROPERTIES_PER_LANDLORD }, (_, k) => uuidOf(`property-${(i - 1) * PROPERTIES_PER_LANDLORD + k + 1}`)),
  /** The latest payment to the landlord's first property (payment t is property ((t - 1) mod 10,000) + 1's). */
  receiptId: uuidOf(`ledger-${(i - 1) * PROPERTIES_PER_LANDLORD + 1}`),
});
/**
 * Signed-in tenants: the first tenant of 1,000 properties spread over the table (every SCALE-th
 * from the first; about 33 payments each).
 */
const TENANTS = 1000;
const tenantProperty = (i) => (i - 1) * SCALE + 1;
const tenant = (i) => ({
  userId: uuidOf(`tenant-${tenantProperty(i)}-1`),
  sessionToken: `bench-tenant-session-${i}`,
  /** Their latest payment. */
  receiptId: uuidOf(`ledger-${tenantProperty(i)}`),
});


async function generatedVersion(url) {
  try {
    return await withClient(url, async (client) => (await client.query('SELECT version FROM public.bench_data')).rows[0]?.version);
  } catch {
    return undefined;
  }
}

/** The bench database of a scale, with or without the statement landlord. */
const benchDatabaseName = ({ scale, statementLandlord: withStatementLandlord }) =>
  `${withStatementLandlord ? 'rentwise_bench_statements' : 'rentwise_bench'}${scale === 1 ? '' : `_${scale}x`}`;
/** The marker a made database carries; the statements database's differs, so neither is taken for the other. */
const benchDataVersion = (withStatementLandlord) => (withStatementLandlord ? 1000 + BASE_DATA_VERSION : BASE_DATA_VERSION);

/** The statement landlord (with statementLandlord): their session and properties. */
const statementLandlord = () => ({
  userId: uuidOf(`landlord-${STATEMENT_LANDLORD.number}`),
  sessionToken: 'bench-statement-session',
  propertyIds: Array.from({ length: STATEMENT_LANDLORD.properties }, (_, k) => uuidOf(`statement-property-${k + 1}`)),
});

/**
 * Makes (or reuses) the bench database; returns its owner and app URLs. With statementLandlord, the
 * database (by default rentwise_bench_statements) also has the statement landlord.
 */
async function ensureBenchDatabase({ ownerUrl, appUrl, name, log = console.log, regenerate = false, statementLandlord: withStatementLandlord = false }) {
  name ??= benchDatabaseName({ scale: SCALE, statementLandlord: withStatementLandlord });
  const DATA_VERSION = benchDataVersion(withStatementLandlord);
  const { threeEntryPayments: THREE_ENTRY_PAYMENTS, payments: PAYMENTS } = paymentCounts(LEDGER_ENTRIES - (withStatementLandlord ? STATEMENT_ENTRIES : 0));
  const owner = withDatabase(ownerUrl, name);
  const app = withDatabase(appUrl, name);
  const migrate = () =>
    execFileSync(process.execPath, [resolve(__dirname, '../server/dist/cli/migrate.js')], {
      env: { ...process.env, DATABASE_URL: app, DATABASE_MIGRATION_URL: owner },
      stdio: 'ignore',
    });
  if (!regenerate && (await generatedVersion(owner)) === DATA_VERSION) {
    migrate();
    log(`bench data: reusing database ${name}`);
    await ensureStatementLines({ ownerUrl: owner, appUrl: app }, log);
    await prewarm(owner, log);
    return { ownerUrl: owner, appUrl: app };
  }
  await withClient(withDatabase(ownerUrl, 'postgres'), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  migrate();
  const started = Date.now();
  await withClient(owner, async (client) => {
    const step = async (title, sql, params = []) => {
      const at = Date.now();
      await client.query(sql, params);
      log(`bench data: ${title} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
    };
    await step(
      `${LANDLORDS} landlords`,
      `INSERT INTO accounts.users (id, type, status, first_name, last_name, email, phone, activated_at, last_login_at)
       SELECT md5('landlord-' || i)::uuid, 'landlord', 'active', 'Landlord', 'Number ' || i,
              'landlord' || i || '@bench.rentwise.test', '555' || lpad(i::text, 7, '0'), now(), now()
         FROM generate_series(1, $1::int) i`,
      [LANDLORDS],
    );
    await step(
      `${PROPERTIES} properties`,
      `INSERT INTO properties.properties (id, landlord_user_id, address, line1, city, state, zip, rent_cents, created_at, updated_at)
       SELECT md5('property-' || p)::uuid, md5('landlord-' || ((p - 1) / $2::int + 1))::uuid,
              p || ' Bench Street, Springfield, IL ' || lpad((p % 100000)::text, 5, '0'),
              p || ' Bench Street', 'Springfield', 'IL', lpad((p % 100000)::text, 5, '0'),
              100000 + (p % 50) * 1000, now() - interval '10 years' + p * interval '1 second', now()
         FROM generate_series(1, $1::int) p`,
      [PROPERTIES, PROPERTIES_PER_LANDLORD],
    );
    await step(
      'rent history',
      `INSERT INTO properties.rent_history (property_id, rent_cents, effective_from)
       SELECT id, rent_cents, created_at FROM properties.properties`,
    );
    await step(
      'tenants (one to three per property) and their tenancies',
      `WITH tenants AS (
         SELECT p, k, md5('tenant-' || p || '-' || k)::uuid AS id
           FROM generate_series(1, $1::int) p, generate_series(1, (p - 1) % 3 + 1) k
       ), users AS (
         INSERT INTO accounts.users (id, type, status, first_name, last_name, email, phone, activated_at, last_login_at)
         SELECT id, 'tenant', 'active', 'Tenant', p || '-' || k, 'tenant' || p || '-' || k || '@bench.rentwise.test',
                '556' || lpad(p::text, 6, '0') || k, now(), CASE WHEN k = 1 THEN now() END
           FROM tenants
       )
       INSERT INTO tenants.tenancies (tenant_user_id, property_id, landlord_user_id, started_at)
       SELECT id, md5('property-' || p)::uuid, md5('landlord-' || ((p - 1) / $2::int + 1))::uuid,
              (date_trunc('month', now() AT TIME ZONE 'America/New_York')
                 - make_interval(months => CASE WHEN k = 1 THEN $3::int - 1 ELSE 0 END)) AT TIME ZONE 'America/New_York'
         FROM tenants`,
      [PROPERTIES, PROPERTIES_PER_LANDLORD, FIRST_TENANT_MONTHS],
    );
    await step(
      'a live session per landlord',
      `INSERT INTO accounts.sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at)
       SELECT md5('session-' || i)::uuid, md5('landlord-' || i)::uuid,
              sha256(convert_to('bench-session-' || i, 'UTF8')), now(), now(), now() + interval '12 hours'
         FROM generate_series(1, $1::int) i`,
      [LANDLORDS],
    );
    for (let from = 1; from <= PAYMENTS; from += PAYMENTS_PER_BATCH) {
      const to = Math.min(PAYMENTS, from + PAYMENTS_PER_BATCH - 1);
      await client.query('BEGIN');
      // Payment t: the first tenant of property (t mod 10,000), one month further back every 10,000.
      await client.query(
        `INSERT INTO payments.ledger_transactions
           (id, idempotency_key, kind, occurred_at, tenant_user_id, landlord_user_id, property_id, description, provider)
         SELECT md5('ledger-' || t)::uuid, 'bench-' || t, 'rent_payment',
                now() - make_interval(months => (t - 1) / $3::int, days => t % 27),
                md5('tenant-' || p || '-1')::uuid, md5('landlord-' || ((p - 1) / $4::int + 1))::uuid,
                md5('property-' || p)::uuid, 'Rent', 'sandbox'
           FROM generate_series($1::int, $2::int) t, LATERAL (SELECT (t - 1) % $3::int + 1 AS p) property`,
        [from, to, PROPERTIES, PROPERTIES_PER_LANDLORD],
      );
      await client.query(
        `INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents)
         SELECT md5('ledger-' || t)::uuid, entry.account, entry.cents
           FROM generate_series($1::int, $2::int) t,
                LATERAL (SELECT 100000 + (((t - 1) % $3::int + 1) % 50) * 1000 AS rent,
                                CASE WHEN t <= $4::int THEN 299 + t % 100 ELSE 0 END AS fee) amounts,
                LATERAL (VALUES ('tenant_card', -(rent + fee)), ('landlord_payable', rent), ('processing_fees', fee)) entry(account, cents)
          WHERE entry.cents <> 0`,
        [from, to, PROPERTIES, THREE_ENTRY_PAYMENTS],
      );
      // The balance and non-empty triggers run here, at commit.
      await client.query('COMMIT');
      log(`bench data: ledger payments ${from}-${to} of ${PAYMENTS}`);
    }
    if (withStatementLandlord) await generateStatementLandlord(client, log);
    const [{ entries }] = (
      await client.query(
        `SELECT count(*)::int AS entries FROM payments.ledger_entries e
           JOIN payments.ledger_transactions t ON t.id = e.transaction_id WHERE t.kind = 'rent_payment'`,
      )
    ).rows;
    if (entries !== LEDGER_ENTRIES) throw new Error(`Expected ${LEDGER_ENTRIES} ledger entries of payments, made ${entries}`);
    await postRentCharges(client, log);
    await postLateFees(client, log);
    await client.query('ANALYZE');
    // The product's own job (as its worker would on first start) posts what is left, so the benches'
    // products find nothing due and tenants' balances read real charges.
    const charged = await postDueRentCharges({ ownerUrl: owner, appUrl: app });
    log(
      `bench data: ${charged.charges.toLocaleString('en-US')} more rent charges and ${charged.lateFees.toLocaleString('en-US')} more late fees ` +
        `by the product's job over ${charged.tenancies.toLocaleString('en-US')} tenancies (${(charged.ms / 1000).toFixed(0)} s)`,
    );
    await client.query('ANALYZE');
    await ensureStatementLines({ ownerUrl: owner, appUrl: app }, log);
    await client.query('CREATE TABLE public.bench_data (version int NOT NULL, generated_at timestamptz NOT NULL DEFAULT now())');
    await client.query('INSERT INTO public.bench_data (version) VALUES ($1)', [DATA_VERSION]);
  });
  log(`bench data: made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await prewarm(owner, log);
  return { ownerUrl: owner, appUrl: app };
}

/**
 * Reads the bench database into PostgreSQL's shared buffers, smallest relations first, as far as they
 * hold it (decision 0049): a part measures the server as it runs day to day, not a disk's first reads
 * of a database just made. What does not fit is read as the requests need it, as in production.
 */
async function prewarm(ownerUrl, log) {
  const at = Date.now();
  const megabytes = await withClient(ownerUrl, async (client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const { rows } = await client.query(
      `WITH relations AS (
         SELECT c.oid, sum(pg_relation_size(c.oid)) OVER (ORDER BY pg_relation_size(c.oid), c.oid) AS running
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relkind IN ('r', 'i', 't', 'm') AND n.nspname <> 'pg_catalog')
       SELECT coalesce(sum(pg_prewarm(oid)), 0) * 8 / 1024 AS megabytes FROM relations
        WHERE running <= (SELECT setting::bigint * 8192 * 9 / 10 FROM pg_settings WHERE name = 'shared_buffers')`,
    );
    return Number(rows[0].megabytes);
  });
  log(`bench data: ${Math.round(megabytes).toLocaleString('en-US')} MB read into shared buffers (${((Date.now() - at) / 1000).toFixed(0)} s)`);
}

/**
 * The ledger projected into statement lines by the product's own projector, as a running product has
 * them: the Monthly Overview and the statements read these. Made once (a database made before this
 * step gets it on its next use).
 */
async function ensureStatementLines(database, log) {
  const projected = await withClient(database.ownerUrl, async (client) => (await client.query('SELECT EXISTS (SELECT 1 FROM statements.statement_lines) AS any')).rows[0].any);
  if (projected) return;
  const caughtUp = await projectStatements(database);
  await withClient(database.ownerUrl, (client) => client.query('ANALYZE statements.statement_lines'));
  log(`bench data: ${caughtUp.journals.toLocaleString('en-US')} journals projected into statement lines (${(caughtUp.ms / 1000).toFixed(0)} s, peak ${Math.round(caughtUp.peakRssMb)} MB)`);
}

/**
 * Every whole month's rent charge of the bench's tenancies (they all moved in as a month began in New
 * York, so no month is a part), written as the charging job writes it (server/src/modules/payments/
 * charges/rent-charge-poster.ts): the journal under `rent-charge:<tenancy>:<YYYY-MM>` on the due date,
 * the receivable up and rent_charged down, and the rent_charges row. One transaction a month, so the
 * ledger's checks run on a month's journals at a time. Set-based: the job's 1,500 charges a second
 * would take the 10x data over an hour.
 */
async function postRentCharges(client, log) {
  // Each local month (YYYY-MM-DD of its 1st) from the earliest move-in through this one.
  const { rows: months } = await client.query(
    `SELECT to_char(m, 'YYYY-MM-DD') AS month
       FROM generate_series((SELECT min(date_trunc('month', started_at AT TIME ZONE 'America/New_York')) FROM tenants.tenancies),
                            date_trunc('month', now() AT TIME ZONE 'America/New_York'), interval '1 month') AS m`,
  );
  let charges = 0;
  const started = Date.now();
  for (const { month } of months) {
    await client.query('BEGIN');
    await client.query(
      `CREATE TEMP TABLE bench_charges ON COMMIT DROP AS
         SELECT t.id AS tenancy_id, t.tenant_user_id, t.landlord_user_id, t.property_id, p.rent_cents,
                md5('bench-rent-charge-' || t.id || $1::text)::uuid AS journal_id,
                ($1::timestamp AT TIME ZONE 'America/New_York') AS due_at
           FROM tenants.tenancies t
           JOIN properties.properties p ON p.id = t.property_id
           JOIN accounts.users u ON u.id = t.tenant_user_id
          WHERE u.email LIKE 'tenant%@bench.rentwise.test' AND t.started_at <= ($1::timestamp AT TIME ZONE 'America/New_York')`,
      [month],
    );
    const { rowCount } = await client.query(
      `INSERT INTO payments.ledger_transactions (id, idempotency_key, kind, occurred_at, recorded_at, tenant_user_id, landlord_user_id, property_id,
                                                 description, provider, correlation_id, causation_id)
       SELECT journal_id, 'rent-charge:' || tenancy_id || ':' || to_char($1::date, 'YYYY-MM'), 'rent_charge', due_at, due_at,
              tenant_user_id, landlord_user_id, property_id, 'Rent: ' || to_char($1::date, 'FMMonth YYYY'), 'rentwise', gen_random_uuid(), gen_random_uuid()
         FROM bench_charges`,
      [month],
    );
    await client.query(
      `INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents)
       SELECT journal_id, e.account, e.cents FROM bench_charges, LATERAL (VALUES ('tenant_receivable', rent_cents), ('rent_charged', -rent_cents)) e(account, cents)`,
    );
    await client.query(
      `INSERT INTO payments.rent_charges (tenancy_id, rent_year, rent_month, kind, transaction_id, amount_cents, due_at)
       SELECT tenancy_id, $1::int, $2::int, 'charge', journal_id, rent_cents, due_at FROM bench_charges`,
      month.split('-').slice(0, 2).map(Number),
    );
    await client.query('COMMIT');
    charges += rowCount;
  }
  log(`bench data: ${charges.toLocaleString('en-US')} rent charges, as the charging job writes them (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

/**
 * Late fees (decision 0040) on one property in five, turned on twelve months ago: half a flat $50, half
 * 5% of the rent, each once when rent is more than 5 days late. Which properties is counted in steps
 * of the scale (property p has them when ((p - 1) / SCALE) mod 5 is 0), so that the same fifth of the
 * signed-in tenants have them at every scale. A first tenant's month is late when its payment came
 * after the grace days; those months get the fee's journal, entries and row as the late-fee job
 * posts them (decision 0040: key `late-fee:<tenancy>:<YYYY-MM>`, dated the first day late), and every
 * month judged so far is settled as the job settles it, so the job finds only the tenants who moved
 * in this month and have not paid (it posts theirs itself, next). One transaction a month.
 */
async function postLateFees(client, log) {
  const started = Date.now();
  await client.query(
    `UPDATE properties.properties
        SET late_fee_grace_days = 5,
            late_fee_flat_cents = CASE WHEN number / $1::int % 10 = 0 THEN 5000 ELSE 0 END,
            late_fee_percent_basis_points = CASE WHEN number / $1::int % 10 = 0 THEN 0 ELSE 500 END,
            late_fees_since = (date_trunc('month', now() AT TIME ZONE 'America/New_York') - interval '12 months') AT TIME ZONE 'America/New_York'
       FROM (SELECT id, split_part(line1, ' ', 1)::int - 1 AS number FROM properties.properties WHERE line1 LIKE '% Bench Street') p
      WHERE properties.properties.id = p.id AND p.number / $1::int % 5 = 0`,
    [SCALE],
  );
  const { rows: months } = await client.query(
    `SELECT to_char(m, 'YYYY-MM-DD') AS month
       FROM generate_series(date_trunc('month', now() AT TIME ZONE 'America/New_York') - interval '12 months',
                            date_trunc('month', now() AT TIME ZONE 'America/New_York'), interval '1 month') AS m`,
  );
  let fees = 0;
  for (const { month } of months) {
    await client.query('BEGIN');
    // Each first tenant's charge of the month on a property with late fees, judged (late from the start
    // of the 7th, an hour gone), with its fee and whether the month's payment came by then.
    await client.query(
      `CREATE TEMP TABLE bench_late_months ON COMMIT DROP AS
         SELECT r.tenancy_id, t.tenant_user_id, t.landlord_user_id, t.property_id, late_at,
                p.late_fee_flat_cents + (p.rent_cents * p.late_fee_percent_basis_points + 5000) / 10000 AS fee_cents,
                md5('bench-late-fee-' || r.tenancy_id || $1::text)::uuid AS journal_id,
                NOT EXISTS (SELECT 1 FROM payments.ledger_transactions pay
                             WHERE pay.tenant_user_id = t.tenant_user_id AND pay.kind = 'rent_payment'
                               AND pay.occurred_at >= ($1::timestamp AT TIME ZONE 'America/New_York') AND pay.occurred_at < late_at) AS late
           FROM payments.rent_charges r
           JOIN tenants.tenancies t ON t.id = r.tenancy_id
           JOIN properties.properties p ON p.id = t.property_id,
                LATERAL (SELECT (($1::timestamp + make_interval(days => p.late_fee_grace_days + 1)) AT TIME ZONE 'America/New_York') AS late_at) l
          WHERE p.late_fees_since IS NOT NULL AND r.kind = 'charge' AND r.rent_year = $2::int AND r.rent_month = $3::int
            AND t.started_at < ($4::timestamp AT TIME ZONE 'America/New_York')
            AND late_at >= p.late_fees_since AND late_at <= now() - interval '1 hour'`,
      [month, ...month.split('-').slice(0, 2).map(Number), months[months.length - 1].month],
    );
    const { rowCount } = await client.query(
      `INSERT INTO payments.ledger_transactions (id, idempotency_key, kind, occurred_at, recorded_at, tenant_user_id, landlord_user_id, property_id,
                                                 description, provider, correlation_id, causation_id)
       SELECT journal_id, 'late-fee:' || tenancy_id || ':' || to_char($1::date, 'YYYY-MM'), 'late_fee', late_at, late_at + interval '1 hour',
              tenant_user_id, landlord_user_id, property_id, 'Late fee: ' || to_char($1::date, 'FMMonth YYYY') || ' rent', 'rentwise',
              gen_random_uuid(), gen_random_uuid()
         FROM bench_late_months WHERE late`,
      [month],
    );
    await client.query(
      `INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents)
       SELECT journal_id, e.account, e.cents FROM bench_late_months, LATERAL (VALUES ('tenant_receivable', fee_cents), ('late_fees_charged', -fee_cents)) e(account, cents)
        WHERE late`,
    );
    await client.query(
      `INSERT INTO payments.late_fees (tenancy_id, rent_year, rent_month, late_day, transaction_id, amount_cents)
       SELECT tenancy_id, $1::int, $2::int, 1, journal_id, fee_cents FROM bench_late_months WHERE late`,
      month.split('-').slice(0, 2).map(Number),
    );
    await client.query(
      `INSERT INTO payments.late_fee_months (tenancy_id, rent_year, rent_month, outcome, settled_at)
       SELECT tenancy_id, $1::int, $2::int, CASE WHEN late THEN 'charged_in_full' ELSE 'on_time' END, late_at + interval '1 hour' FROM bench_late_months`,
      month.split('-').slice(0, 2).map(Number),
    );
    await client.query('COMMIT');
    fees += rowCount;
  }
  log(`bench data: ${fees.toLocaleString('en-US')} late fees, as the late-fee job posts them (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

/** The statement landlord: 100 properties, a tenant each for ten years, a payment a month on each. */
async function generateStatementLandlord(client, log) {
  const { number, properties, months } = STATEMENT_LANDLORD;
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO accounts.users (id, type, status, first_name, last_name, email, phone, activated_at, last_login_at)
     VALUES (md5('landlord-' || $1::int)::uuid, 'landlord', 'active', 'Statement', 'Landlord', 'statement-landlord@bench.rentwise.test',
             '5550000000', now(), now())`,
    [number],
  );
  await client.query(
    `INSERT INTO properties.properties (id, landlord_user_id, address, line1, city, state, zip, rent_cents, created_at, updated_at)
     SELECT md5('statement-property-' || k)::uuid, md5('landlord-' || $1::int)::uuid,
            k || ' Statement Avenue, Springfield, IL 62704', k || ' Statement Avenue', 'Springfield', 'IL', '62704',
            120000 + (k % 20) * 1000, date_trunc('month', now()) - make_interval(months => $3::int) + k * interval '1 minute', now()
       FROM generate_series(1, $2::int) k`,
    [number, properties, months],
  );
  await client.query(
    `INSERT INTO properties.rent_history (property_id, rent_cents, effective_from)
     SELECT id, rent_cents, created_at FROM properties.properties WHERE landlord_user_id = md5('landlord-' || $1::int)::uuid`,
    [number],
  );
  await client.query(
    `WITH tenants AS (SELECT k, md5('statement-tenant-' || k)::uuid AS id FROM generate_series(1, $2::int) k),
     users AS (
       INSERT INTO accounts.users (id, type, status, first_name, last_name, email, phone, activated_at)
       SELECT id, 'tenant', 'active', 'Tenant', 'Statement ' || k, 'statement-tenant' || k || '@bench.rentwise.test', '559' || lpad(k::text, 7, '0'), now()
         FROM tenants)
     INSERT INTO tenants.tenancies (tenant_user_id, property_id, landlord_user_id, started_at)
     SELECT id, md5('statement-property-' || k)::uuid, md5('landlord-' || $1::int)::uuid,
            date_trunc('month', now()) - make_interval(months => $3::int) + k * interval '1 minute'
       FROM tenants`,
    [number, properties, months],
  );
  await client.query(
    `INSERT INTO accounts.sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at)
     VALUES (md5('statement-session')::uuid, md5('landlord-' || $1::int)::uuid, sha256(convert_to('bench-statement-session', 'UTF8')),
             now(), now(), now() + interval '12 hours')`,
    [number],
  );
  // Month m back (1..months), property k: paid on the (k mod 25) + 1st, rent plus a fee of its era.
  await client.query(
    `INSERT INTO payments.ledger_transactions
       (id, idempotency_key, kind, occurred_at, tenant_user_id, landlord_user_id, property_id, description, provider)
     SELECT md5('statement-ledger-' || k || '-' || m)::uuid, 'bench-statement-' || k || '-' || m, 'rent_payment',
            date_trunc('month', now()) - make_interval(months => m) + make_interval(days => k % 25, hours => 12),
            md5('statement-tenant-' || k)::uuid, md5('landlord-' || $1::int)::uuid, md5('statement-property-' || k)::uuid, 'Rent', 'sandbox'
       FROM generate_series(1, $2::int) k, generate_series(1, $3::int) m`,
    [number, properties, months],
  );
  await client.query(
    `INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents)
     SELECT md5('statement-ledger-' || k || '-' || m)::uuid, entry.account, entry.cents
       FROM generate_series(1, $1::int) k, generate_series(1, $2::int) m,
            LATERAL (SELECT 120000 + (k % 20) * 1000 AS rent, 299 + (k + m) % 100 AS fee) amounts,
            LATERAL (VALUES ('tenant_card', -(rent + fee)), ('landlord_payable', rent), ('processing_fees', fee)) entry(account, cents)`,
    [properties, months],
  );
  await client.query('COMMIT');
  log(`bench data: the statement landlord (${properties} properties, ${properties * months} monthly payments over ${months / 12} years)`);
}

/** The first property's first tenant, signed in (Lighthouse opens the tenant payment page as them). */
const TENANT_SESSION_TOKEN = tenant(1).sessionToken;

/** Sessions idle out after an hour and end after twelve: every run starts them afresh. */
async function refreshSessions(ownerUrl) {
  await withClient(ownerUrl, async (client) => {
    await client.query(
      `UPDATE accounts.sessions SET created_at = now(), last_seen_at = now(), expires_at = now() + interval '12 hours', revoked_at = NULL
        WHERE id IN (SELECT md5('session-' || i)::uuid FROM generate_series(1, $1::int) i)`,
      [LANDLORDS],
    );
    await client.query(
      `INSERT INTO accounts.sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at)
       SELECT md5('tenant-session-' || i)::uuid, md5('tenant-' || ((i - 1) * $2::int + 1) || '-1')::uuid,
              sha256(convert_to('bench-tenant-session-' || i, 'UTF8')), now(), now(), now() + interval '12 hours'
         FROM generate_series(1, $1::int) i
       ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, created_at = now(), last_seen_at = now(), expires_at = now() + interval '12 hours', revoked_at = NULL`,
      [TENANTS, SCALE],
    );
    await client.query(
      `UPDATE accounts.sessions SET created_at = now(), last_seen_at = now(), expires_at = now() + interval '12 hours', revoked_at = NULL
        WHERE id = md5('statement-session')::uuid`,
    );
  });
}

module.exports = {
  LANDLORDS,
  TENANTS,
  TENANT_SESSION_TOKEN,
  LEDGER_ENTRIES,
  STATEMENT_LANDLORD,
  landlord,
  tenant,
  statementLandlord,
  benchDatabaseName,
  benchDataVersion,
  ensureBenchDatabase,
  refreshSessions,
};

if (require.main === module) {
  const { DATABASE_MIGRATION_URL, DATABASE_URL } = process.env;
  ensureBenchDatabase({ ownerUrl: DATABASE_MIGRATION_URL || DATABASE_URL, appUrl: DATABASE_URL, regenerate: true }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
