// Statements at scale, on the statements bench database (bench/data.js with statementLandlord: the
// 1,000,000 ledger entries include a landlord with 100 properties and ten years of monthly payments):
//   rebuild    the statements projector's full rebuild (what `npm run statements:rebuild` runs: the
//              RebuildStatements command, swapping the rebuilt lines in) timed inside the application,
//              against one SQL aggregate over the same ledger rows (per landlord, property and month);
//   statement  the yearly statement of the 100-property landlord (GET /api/landlord/statements/statement
//              ?year=last year, all properties) with autocannon, against the pg baseline running the
//              same SQL (bench/baselines/pg-server.js). The product remembers a yearly statement by what
//              it was made from (decision 0024) and the baseline computes it every time: the first read
//              of each, which both compute, is printed before the load.
// The rebuild runs first: it also projects the lines the statement reads.
//
// Usage: node bench/statements.js [--parts rebuild,statement --runs 3 --duration 10 --connections 4,20 --regenerate]
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const { cpus, loadavg } = require('node:os');
const { resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { LEDGER_ENTRIES, ensureBenchDatabase, refreshSessions, statementLandlord } = require('./data');
const { cpuFields, cpuMeter, cpuPerUnit, median, recordResults, root, stackUrls, startBaseline, startProduct, waitUntilUp, withClient } = require('./support');

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: 'rebuild,statement' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    // One landlord's statement: a few at once (a landlord and their accountant), and 20 like the reads.
    connections: { type: 'string', default: '4,20' },
    regenerate: { type: 'boolean', default: false },
  },
  strict: false,
});
const PORTS = { product: 3330, pg: 3331 };
const YEAR = new Date().getFullYear() - 1;

/** The RebuildStatements command in a CLI context of the built server; its own time, boot excluded. */
function rebuildOnce(database) {
  const dist = resolve(root, 'server/dist');
  const script = `
    const { runCli } = require(${JSON.stringify(`${dist}/cli/run-cli.js`)});
    const { CommandBus } = require(require.resolve('@nestjs/cqrs', { paths: [${JSON.stringify(dist)}] }));
    const { RebuildStatements } = require(${JSON.stringify(`${dist}/modules/statements/contracts/rebuild-statements.command.js`)});
    runCli(async (context) => {
      const started = performance.now();
      const result = await context.get(CommandBus).execute(new RebuildStatements(true));
      const ms = performance.now() - started;
      const peakRssMb = process.resourceUsage().maxRSS / 1024;
      console.log(JSON.stringify({ ms, lines: result.lines, differences: result.differences.length, peakRssMb }));
    });`;
  return new Promise((done, fail) => {
    const nodeArgs = (process.env.BENCH_PRODUCT_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, '-e', script], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: database.appUrl, DATABASE_MIGRATION_URL: database.ownerUrl, LOG_LEVEL: 'warn', DEV_SMTP_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const line = output.trim().split('\n').pop();
      if (code !== 0 || !line?.startsWith('{')) return fail(new Error(`rebuild exited ${code}: ${output}`));
      done(JSON.parse(line));
    });
  });
}

/** One SQL aggregate over the same ledger rows: every journal's entries summed per landlord, property and month. */
const AGGREGATE = `
  SELECT t.landlord_user_id, t.property_id,
         date_trunc('month', t.occurred_at AT TIME ZONE 'America/New_York') AS month,
         count(DISTINCT t.id) AS journals,
         sum(e.amount_cents) FILTER (WHERE e.account = 'tenant_card') AS charged_cents,
         sum(e.amount_cents) FILTER (WHERE e.account = 'landlord_payable') AS landlord_cents,
         sum(e.amount_cents) FILTER (WHERE e.account = 'processing_fees') AS fee_cents
    FROM payments.ledger_transactions t
    JOIN payments.ledger_entries e ON e.transaction_id = t.id
   GROUP BY 1, 2, 3`;

async function aggregateOnce(appUrl) {
  return withClient(appUrl, async (client) => {
    const started = performance.now();
    const { rowCount } = await client.query(AGGREGATE);
    return { ms: performance.now() - started, groups: rowCount };
  });
}

async function rebuildPath(database, runs) {
  const entries = await withClient(database.ownerUrl, async (client) => (await client.query('SELECT count(*)::int AS n FROM payments.ledger_entries')).rows[0].n);
  // A first rebuild projects whatever is not yet live (the first time, everything) and warms the caches.
  const first = await rebuildOnce(database);
  console.log(`rebuild (warm-up): ${(first.ms / 1000).toFixed(1)} s, ${first.lines} lines, ${first.differences} differences with the live lines`);
  await aggregateOnce(database.appUrl);
  const product = [];
  const baseline = [];
  for (let run = 0; run < runs; run++) {
    product.push(await rebuildOnce(database));
    baseline.push(await aggregateOnce(database.appUrl));
    console.log(
      `rebuild run ${run + 1}: ${(product[run].ms / 1000).toFixed(1)} s (${product[run].lines} lines, ${product[run].differences} differences); ` +
        `SQL aggregate ${(baseline[run].ms / 1000).toFixed(2)} s (${baseline[run].groups} groups)`,
    );
  }
  const productS = median(product.map((r) => r.ms)) / 1000;
  const baselineS = median(baseline.map((r) => r.ms)) / 1000;
  const row = {
    name: 'rebuild',
    path: `Statements projector full rebuild of ${entries.toLocaleString('en-US')} ledger entries vs one SQL aggregate, entries/s`,
    connections: 1,
    product_rps: Math.round(entries / productS),
    baseline_rps: Math.round(entries / baselineS),
    ratio: 0,
    p99_ms: Math.round(productS * 1000),
    seconds: Number(productS.toFixed(2)),
    peak_mb: Math.round(median(product.map((r) => r.peakRssMb))),
  };
  row.ratio = Number((row.product_rps / row.baseline_rps).toFixed(2));
  console.log(
    `\nFull rebuild: ${productS.toFixed(1)} s against ${baselineS.toFixed(2)} s for one SQL aggregate over the same ${entries.toLocaleString('en-US')} entries: ` +
      `${(productS / baselineS).toFixed(1)}x (target at most 3x); the rebuilding process's peak memory ${row.peak_mb} MB`,
  );
  if (entries !== LEDGER_ENTRIES) console.log(`  (the ledger holds ${entries} entries, not ${LEDGER_ENTRIES})`);
  return row;
}

function load(port, path, headers, connections, duration) {
  return new Promise((done, fail) => {
    // A 30 s timeout: on a loaded machine a heavy statement at many connections can queue for seconds.
    autocannon({ url: `http://127.0.0.1:${port}${path}`, connections, duration, timeout: 30, headers: { 'accept-encoding': 'gzip, br', ...headers } }, (error, result) => {
      if (error) return fail(error);
      if (result.non2xx || result.errors) return fail(new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors on port ${port}`));
      done({ rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total });
    });
  });
}

/** One round of load with the server's and its database's CPU per request (bench/support.js: cpuMeter). */
async function round(server, path, headers, connections, duration) {
  const stopMeter = server.meter.start();
  const result = await load(server.port, path, headers, connections, duration);
  return { ...result, ...cpuPerUnit(stopMeter(), result.requests) };
}

async function statementPath(database, runs, connections) {
  await refreshSessions(database.ownerUrl);
  const landlord = statementLandlord();
  const headers = { cookie: `rw_session=${landlord.sessionToken}` };
  const path = `/api/landlord/statements/statement?year=${YEAR}`;
  const product = await startProduct({ port: PORTS.product, database, queuePrefix: `bench-statements-${process.pid}`, env: { RUN_WORKERS: 'false' } });
  const baseline = await startBaseline('pg-server', PORTS.pg, { DATABASE_URL: database.appUrl });
  try {
    await product.ready();
    await waitUntilUp(`http://127.0.0.1:${PORTS.pg}/api/account/validate`);
    // Both answer the same statement (checked on its totals), then the load.
    const answers = [];
    const firstReadMs = [];
    for (const port of [PORTS.product, PORTS.pg]) {
      const started = performance.now();
      answers.push(await fetch(`http://127.0.0.1:${port}${path}`, { headers }).then((r) => r.json()));
      firstReadMs.push(performance.now() - started);
    }
    const [ours, theirs] = answers.map((answer) => JSON.stringify({ rows: answer.statement?.rows, totals: answer.statement?.totals, calendar: answer.statement?.calendarYear }));
    if (ours !== theirs) throw new Error(`The baseline's statement differs from the product's:\n${ours.slice(0, 400)}\n${theirs.slice(0, 400)}`);
    console.log(`yearly statement ${YEAR}: ${answers[0].statement.rows.length} months, total received ${answers[0].statement.totals.receivedCents} cents (same from both)`);
    console.log(`first read (computed by both): product ${firstReadMs[0].toFixed(0)} ms, baseline ${firstReadMs[1].toFixed(0)} ms`);
    const duration = Number(values.duration);
    await load(PORTS.product, path, headers, connections, Number(values.warmup));
    await load(PORTS.pg, path, headers, connections, Number(values.warmup));
    const databaseName = new URL(database.appUrl).pathname.slice(1);
    const ourServer = { port: PORTS.product, meter: cpuMeter({ serverPid: product.child.pid, database: databaseName }) };
    const theirServer = { port: PORTS.pg, meter: cpuMeter({ serverPid: baseline.pid, database: databaseName }) };
    const ours2 = [];
    const theirs2 = [];
    for (let run = 0; run < runs; run++) {
      ours2.push(await round(ourServer, path, headers, connections, duration));
      theirs2.push(await round(theirServer, path, headers, connections, duration));
      console.log(`statement run ${run + 1}: product ${ours2[run].rps.toFixed(0)} req/s p99 ${ours2[run].p99} ms; baseline ${theirs2[run].rps.toFixed(0)} req/s p99 ${theirs2[run].p99} ms`);
    }
    const row = {
      path: `GET /api/landlord/statements/statement?year= (yearly, 100 properties, 10 years of lines)`,
      connections,
      product_rps: Math.round(median(ours2.map((r) => r.rps))),
      baseline_rps: Math.round(median(theirs2.map((r) => r.rps))),
      p99_ms: median(ours2.map((r) => r.p99)),
      // The product remembers the statement (decision 0024) and the baseline computes it: the CPU ratio is
      // not like for like, so the target is the p99.
      ...cpuFields(ours2, theirs2),
      target: 'p99 < 50 ms',
    };
    row.met = row.p99_ms < 50;
    console.log(
      `\nYearly statement, ${connections} connections: product ${row.product_rps} req/s, p99 ${row.p99_ms} ms (target < 50); ` +
        `baseline ${row.baseline_rps} req/s, p99 ${median(theirs2.map((r) => r.p99))} ms; CPU a request ${row.cpu_us_product} µs ` +
        `(${row.cpu_us_product_spread.join('-')}) against the baseline's ${row.cpu_us_baseline} µs (${row.cpu_us_baseline_spread.join('-')}): ${row.ratio}x`,
    );
    return row;
  } finally {
    await product.stop();
    baseline.kill('SIGTERM');
  }
}

async function main() {
  const { ownerUrl, appUrl } = stackUrls();
  const urls = await ensureBenchDatabase({ ownerUrl, appUrl, statementLandlord: true, regenerate: values.regenerate });
  const database = { ownerUrl: urls.ownerUrl, appUrl: urls.appUrl };
  const parts = values.parts.split(',');
  const runs = Number(values.runs);
  console.log(`${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (parts.includes('rebuild')) recordResults([await rebuildPath(database, runs)]);
  if (parts.includes('statement')) {
    for (const connections of values.connections.split(',').map(Number)) recordResults([await statementPath(database, runs, connections)]);
  }
  console.log(`load at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
