// Finance's yearly export (decision 0018) at two sizes: 100 landlords / 1,000 properties, then
// 1,000 landlords / 10,000 properties (each times --scale), one year of monthly rent each. Prints the export's time, the
// exporting process's peak memory (VmHWM) at both sizes, and the ratio against one COPY of the same
// rows in the same run.
//
// The data is generated set-based (INSERT ... SELECT generate_series) as the tables' owner, straight
// into what the export reads: accounts.users, properties.properties and rent_history, and the
// statements projection (statements.statement_lines), not the ledger: the projection is what every
// statement and export reads, and the ledger's path into it has its own tests.
//
// Usage: node bench/finance-export.js [--zip]   (--zip also times the ZIP of PDFs at the small size)
const { spawn } = require('node:child_process');
const { createWriteStream, readFileSync, rmSync, statSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { pipeline } = require('node:stream/promises');
const { parseArgs } = require('node:util');
const { SCALE, recordResults, withClient, withDatabase } = require('./support');
const { to: copyTo } = require('pg-copy-streams');

const { values } = parseArgs({ options: { zip: { type: 'boolean', default: false } } });
const root = resolve(__dirname, '..');
const database = `rentwise_bench_finance_${process.pid}`;
const ownerBaseUrl = process.env.DATABASE_MIGRATION_URL || process.env.DATABASE_URL;
const PROPERTIES_PER_LANDLORD = 10;
// A whole past year, so every month of it is closed.
const YEAR = new Date().getFullYear() - 1;

/** Landlords [from, to) with their properties, rent and twelve monthly payments of YEAR. */
async function generate(owner, from, to) {
  await owner.query('BEGIN');
  await owner.query(
    `INSERT INTO accounts.users (id, type, status, first_name, last_name, email, phone)
     SELECT md5('landlord' || i)::uuid, 'landlord', 'active', 'Bench', 'Landlord ' || i, 'bench-landlord-' || i || '@bench.example', '(555) 555-0100'
       FROM generate_series($1::int, $2::int - 1) AS i`,
    [from, to],
  );
  await owner.query(
    `INSERT INTO properties.properties (id, landlord_user_id, address, line1, city, state, zip, rent_cents, created_at)
     SELECT md5('property' || i || '-' || p)::uuid, md5('landlord' || i)::uuid,
            p || ' Bench Street, Springfield, IL 62704', p || ' Bench Street', 'Springfield', 'IL', '62704', 150000,
            make_timestamptz($3, 1, 1, 0, 0, 0, 'America/New_York')
       FROM generate_series($1::int, $2::int - 1) AS i, generate_series(1, ${PROPERTIES_PER_LANDLORD}) AS p`,
    [from, to, YEAR],
  );
  await owner.query(
    `INSERT INTO properties.rent_history (property_id, rent_cents, effective_from)
     SELECT md5('property' || i || '-' || p)::uuid, 150000, make_timestamptz($3, 1, 1, 0, 0, 0, 'America/New_York')
       FROM generate_series($1::int, $2::int - 1) AS i, generate_series(1, ${PROPERTIES_PER_LANDLORD}) AS p`,
    [from, to, YEAR],
  );
  await owner.query(
    `INSERT INTO statements.statement_lines (journal_id, kind, landlord_user_id, property_id, tenant_user_id, occurred_at,
       billing_year, billing_month, gross_cents, platform_fee_cents, received_cents, processor_fee_cents, description)
     SELECT gen_random_uuid(), 'rent_payment', md5('landlord' || i)::uuid, md5('property' || i || '-' || p)::uuid,
            md5('tenant' || i || '-' || p)::uuid, make_timestamptz($3, m, 5, 12, 0, 0, 'America/New_York'),
            $3, m, 151500, 1500, 150000, 4424, 'Rent'
       FROM generate_series($1::int, $2::int - 1) AS i, generate_series(1, ${PROPERTIES_PER_LANDLORD}) AS p, generate_series(1, 12) AS m`,
    [from, to, YEAR],
  );
  await owner.query('COMMIT');
  await owner.query('ANALYZE');
}

/** Runs the export CLI (the same exporter as the worker) and samples its peak resident memory. */
function exportOnce(env, format) {
  const out = join(tmpdir(), `${database}.${format}`);
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [resolve(root, 'server/dist/cli/export-statements.js'), '--year', String(YEAR), '--format', format, '--out', out, '--quiet'], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let peakKb = 0;
    const sample = setInterval(() => {
      try {
        const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (match) peakKb = Math.max(peakKb, Number(match[1]));
      } catch {
        // The process has just exited.
      }
    }, 20);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      clearInterval(sample);
      const processSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) return fail(new Error(`export exited ${code}`));
      const bytes = statSync(out).size;
      rmSync(out, { force: true });
      // The export's own time, as the CLI reports it: the process's start (Nest, the pool) is not the export's.
      const seconds = Number(/in ([\d.]+) s$/.exec(output.trim())?.[1] ?? processSeconds);
      done({ seconds, processSeconds, peakMb: peakKb / 1024, bytes, output: output.trim() });
    });
  });
}

/** One COPY of the same rows (lines joined to property and landlord) to a file. */
async function copyOnce(appUrl) {
  const out = join(tmpdir(), `${database}.copy.csv`);
  return withClient(appUrl, async (client) => {
    const started = process.hrtime.bigint();
    const stream = client.query(
      copyTo(`COPY (
        SELECT u.first_name || ' ' || u.last_name, u.email, l.landlord_user_id, p.address, l.property_id, l.billing_year, l.billing_month,
               l.gross_cents, l.platform_fee_cents, l.received_cents, l.processor_fee_cents
          FROM statements.statement_lines l
          JOIN properties.properties p ON p.id = l.property_id
          JOIN accounts.users u ON u.id = l.landlord_user_id
         WHERE l.billing_year = ${YEAR}
         ORDER BY l.landlord_user_id, l.property_id, l.billing_month) TO STDOUT WITH (FORMAT csv)`),
    );
    await pipeline(stream, createWriteStream(out));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const bytes = statSync(out).size;
    rmSync(out, { force: true });
    return { seconds, bytes };
  });
}

async function measure(env, landlords, formats) {
  const results = [];
  for (const format of formats) {
    const copy = await copyOnce(env.DATABASE_URL);
    const run = await exportOnce(env, format);
    results.push({ landlords, format, ...run, copy });
    console.log(
      `${String(landlords).padStart(5)} landlords ${String(landlords * PROPERTIES_PER_LANDLORD).padStart(6)} properties  ${format}: ` +
        `${run.seconds.toFixed(2)} s (process ${run.processSeconds.toFixed(1)} s with its start), peak ${run.peakMb.toFixed(0)} MB, ${(run.bytes / 1e6).toFixed(1)} MB written; ` +
        `COPY of the same rows ${copy.seconds.toFixed(3)} s (${(copy.bytes / 1e6).toFixed(1)} MB) → ${(run.seconds / copy.seconds).toFixed(0)}x COPY`,
    );
  }
  return results;
}

async function main() {
  await withClient(withDatabase(ownerBaseUrl, 'postgres'), (client) => client.query(`CREATE DATABASE "${database}"`));
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: withDatabase(process.env.DATABASE_URL, database),
    DATABASE_MIGRATION_URL: withDatabase(ownerBaseUrl, database),
    LOG_LEVEL: 'warn',
    QUEUE_PREFIX: `bench-finance-${process.pid}`,
    DEV_SMTP_PORT: '0',
  };
  try {
    await new Promise((done, fail) =>
      spawn(process.execPath, [resolve(root, 'server/dist/cli/migrate.js')], { env, stdio: 'ignore' }).on('exit', (code) =>
        code === 0 ? done() : fail(new Error(`migrate exited ${code}`)),
      ),
    );
    console.log(`Finance export of ${YEAR}: one CSV line per landlord, property and month (12 payments per property)`);
    const [smallSize, largeSize] = [100 * SCALE, 1000 * SCALE];
    const small = await withClient(env.DATABASE_MIGRATION_URL, async (owner) => {
      await generate(owner, 0, smallSize);
      return measure(env, smallSize, values.zip ? ['csv', 'zip'] : ['csv']);
    });
    const large = await withClient(env.DATABASE_MIGRATION_URL, async (owner) => {
      await generate(owner, smallSize, largeSize);
      return measure(env, largeSize, ['csv']);
    });
    const [a, b] = [small[0], large[0]];
    console.log(
      `Peak memory: ${a.peakMb.toFixed(0)} MB at ${smallSize.toLocaleString('en-US')} landlords, ${b.peakMb.toFixed(0)} MB at ${largeSize.toLocaleString('en-US')} ` +
        `(x${(b.peakMb / a.peakMb).toFixed(2)} for 10x the data); time x${(b.seconds / a.seconds).toFixed(1)}; ` +
        `${(b.seconds / b.copy.seconds).toFixed(1)}x COPY at ${largeSize.toLocaleString('en-US')} (target within 5x)`,
    );
    recordResults([
      {
        name: 'export',
        path: `Finance yearly export, CSV of ${largeSize.toLocaleString('en-US')} landlords vs one COPY of the same rows (lines/s; p99_ms = export time)`,
        connections: 1,
        product_rps: Math.round((largeSize * PROPERTIES_PER_LANDLORD * 12) / b.seconds),
        baseline_rps: Math.round((largeSize * PROPERTIES_PER_LANDLORD * 12) / b.copy.seconds),
        ratio: Number((b.seconds / b.copy.seconds).toFixed(1)),
        ratio_of: 'time',
        p99_ms: Math.round(b.seconds * 1000),
        seconds: Number(b.seconds.toFixed(2)),
        peak_mb: Math.round(b.peakMb),
        target: 5,
        met: b.seconds / b.copy.seconds <= 5,
      },
    ]);
  } finally {
    await withClient(withDatabase(ownerBaseUrl, 'postgres'), (client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
