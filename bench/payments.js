// Payments recorded through the API against pgbench's own rate for the same ledger transaction, in
// one run, then the ledger checked: nothing lost or doubled.
//
// The product runs with the sandbox gateway (no Stripe keys) and no workers (RUN_WORKERS=false: the
// receipt emails and the statements projection they queue are not part of the measured rate), on a
// scratch database of its own (100 landlords with payout accounts, 1,000 signed-in tenants). Each
// payment is what the client sends to our API: POST /api/tenant/payments with a card's payment method,
// a new idempotency key, the session cookie and the CSRF header. The card is tokenized before the
// timed window (POST /sandbox/v1/payment_methods): in production Stripe.js sends the card to Stripe,
// never to our servers, so that request is the provider's work, not the API's. The sandbox's charge
// itself runs inside the payment request, as the provider's answer would. pgbench runs
// bench/pgbench/pay-rent.sql: the posting transaction's statements (ChargeSettlement.record).
// After the warm-up of both, the database is analyzed (bench/support.js: analyze), so the product's
// plans are those of a database that has been running, not of its first seconds.
//
// Usage: node bench/payments.js [--duration 10 --runs 3 --connections 20]
const { execFile } = require('node:child_process');
const { createHmac, randomUUID } = require('node:crypto');
const { resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { cpus, loadavg } = require('node:os');
const { analyze, cpuSecondsOf, keptAliveClient, median, percentile, pgBin, recordResults, scratchDatabase, startProduct, withClient } = require('./support');
const { populate, uuidOf } = require('./money-data');

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
  },
  strict: false,
});
const LANDLORDS = 100;
const PER_LANDLORD = 10;
const APP_SECRET = 'rentwise-bench-secret-0123456789abcdef0123';
const PORT = 3310;
const PATH = 'POST /api/tenant/payments (card tokenized beforehand) vs pgbench posting';

/** What the client holds after signing in: the session cookie and the CSRF token for writes. */
function signedIn(tenant, index) {
  const csrf = createHmac('sha256', APP_SECRET).update(`csrf:${uuidOf(`pay-session-${index + 1}`)}`).digest('base64url');
  return { 'content-type': 'application/json', cookie: `rw_session=${tenant.sessionToken}`, 'x-csrf-token': csrf };
}

/** `count` sandbox payment methods, as the tenants' card forms would get them from the provider. */
async function tokenize(client, tenants, count, connections) {
  const expYear = new Date().getUTCFullYear() + 3;
  const card = JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear, cvc: '123' });
  const methods = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const index = next++ % tenants.length;
      const answer = await client.send('POST', '/sandbox/v1/payment_methods', tenants[index].headers, card);
      if (answer.status !== 200) throw new Error(`The sandbox tokenizer answered ${answer.status}: ${answer.body}`);
      methods.push({ index, id: JSON.parse(answer.body).id });
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  return methods;
}

/**
 * `connections` tenants paying one after another for `seconds`, each with a card tokenized beforehand
 * (`cards`, enough for the window: running out ends it); every answer is counted.
 */
async function payFor(client, tenants, cards, connections, seconds, product) {
  const cpuBefore = cpuByProcess(product);
  const until = Date.now() + seconds * 1000;
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  async function tenantLoop() {
    while (Date.now() < until && next < cards.length) {
      const card = cards[next++];
      const started = performance.now();
      const answer = await client.send(
        'POST',
        '/api/tenant/payments',
        tenants[card.index].headers,
        // Each tenant pays many times a minute here: every payment after the first is confirmed, as after 'Pay again?'.
        JSON.stringify({ amountCents: 100_000 + (card.index % 50) * 1000, paymentMethodId: card.id, idempotencyKey: randomUUID(), confirmRepeat: true }),
      );
      latencies.push(performance.now() - started);
      count(answer.status);
    }
  }
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: connections }, tenantLoop));
  const elapsedS = (performance.now() - startedAt) / 1000;
  if (next >= cards.length) console.warn(`  (the ${cards.length} tokenized cards ran out after ${elapsedS.toFixed(1)} s)`);
  const ok = [...statuses].filter(([status]) => status === 200 || status === 201).reduce((sum, [, n]) => sum + n, 0);
  const cpuMsPerPayment = cpuPerPayment(cpuBefore, cpuByProcess(product), ok);
  return { rate: ok / elapsedS, ok, statuses: Object.fromEntries(statuses), p99: percentile(latencies, 99), cpuMsPerPayment };
}

/** CPU seconds so far of the API, of PostgreSQL's processes and of this bench (its sending side). */
function cpuByProcess(product) {
  const own = process.cpuUsage();
  return {
    api: cpuSecondsOf((_, pid) => pid === product.child.pid),
    postgres: cpuSecondsOf((commandLine) => commandLine.startsWith('postgres')),
    bench: (own.user + own.system) / 1e6,
  };
}

function cpuPerPayment(before, after, payments) {
  const perPayment = {};
  for (const key of Object.keys(before)) {
    if (before[key] !== null && payments > 0) perPayment[key] = ((after[key] - before[key]) * 1000) / payments;
  }
  return perPayment;
}

const cpuInWords = (cpu) =>
  cpu.api === undefined ? '' : `; CPU per payment: API ${cpu.api.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, this bench ${cpu.bench.toFixed(2)} ms`;

function pgbench(database, connections, seconds) {
  const url = new URL(database.appUrl);
  return new Promise((done, fail) => {
    execFile(
      pgBin('pgbench'),
      [
        '-n', '-M', 'extended', '-c', String(connections), '-j', '2', '-T', String(seconds),
        '-D', `tenants=${LANDLORDS * PER_LANDLORD}`, '-D', `perlandlord=${PER_LANDLORD}`,
        '-f', resolve(__dirname, 'pgbench/pay-rent.sql'),
        // A socket folder arrives percent-encoded as the URL's host (decision 0023); -h takes it as a path.
        '-h', decodeURIComponent(url.hostname), '-p', url.port, '-U', decodeURIComponent(url.username), url.pathname.slice(1),
      ],
      { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
      (error, stdout, stderr) => {
        if (error) return fail(new Error(`pgbench failed: ${stderr || error.message}`));
        const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
        const latency = /latency average = ([\d.]+) ms/.exec(stdout);
        const failed = /number of failed transactions: (\d+)/.exec(stdout);
        if (!tps) return fail(new Error(`pgbench printed no tps:\n${stdout}`));
        if (failed && Number(failed[1]) > 0) return fail(new Error(`pgbench: ${failed[1]} failed transactions`));
        done({ tps: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : null });
      },
    );
  });
}

/** Every payment answered 2xx has one journal (none lost, none doubled); every journal sums to zero. */
async function checkLedger(ownerUrl, answered2xx) {
  return withClient(ownerUrl, async (client) => {
    const [row] = (
      await client.query(`
        SELECT (SELECT count(*)::int FROM payments.ledger_transactions WHERE idempotency_key LIKE 'card-payment:%') AS journals,
               (SELECT count(*)::int FROM payments.card_payments WHERE status = 'succeeded') AS succeeded,
               (SELECT count(*)::int FROM payments.card_payments WHERE status = 'succeeded' AND ledger_transaction_id IS NULL) AS unposted,
               (SELECT count(*)::int FROM (SELECT ledger_transaction_id FROM payments.card_payments WHERE ledger_transaction_id IS NOT NULL
                                             GROUP BY 1 HAVING count(*) > 1) doubled) AS doubled,
               (SELECT count(*)::int FROM infra.sandbox_charges) AS charges,
               (SELECT count(*)::int FROM (SELECT transaction_id FROM payments.ledger_entries GROUP BY 1 HAVING sum(amount_cents) <> 0) u) AS unbalanced,
               (SELECT count(*)::int FROM payments.ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM payments.ledger_entries e WHERE e.transaction_id = t.id)) AS empty,
               (SELECT count(*)::int FROM payments.ledger_transactions WHERE idempotency_key LIKE 'pgbench-%') AS pgbench_journals`)
    ).rows;
    const problems = [];
    if (row.journals !== answered2xx) problems.push(`${answered2xx} payments answered 2xx but ${row.journals} card journals`);
    if (row.succeeded !== row.journals) problems.push(`${row.succeeded} succeeded attempts but ${row.journals} journals`);
    if (row.charges !== row.journals) problems.push(`${row.charges} sandbox charges but ${row.journals} journals`);
    if (row.unposted) problems.push(`${row.unposted} succeeded attempts without a journal`);
    if (row.doubled) problems.push(`${row.doubled} journals claimed by two attempts`);
    if (row.unbalanced) problems.push(`${row.unbalanced} journals do not sum to zero`);
    if (row.empty) problems.push(`${row.empty} journals without entries`);
    return { ...row, problems };
  });
}

async function main() {
  const duration = Number(values.duration);
  const runs = Number(values.runs);
  const connections = Number(values.connections);
  const database = await scratchDatabase('rentwise_bench_payments');
  let product;
  let client;
  try {
    const people = await withClient(database.ownerUrl, (client) =>
      populate(client, { landlords: LANDLORDS, perLandlord: PER_LANDLORD, accountPrefix: 'acct_sandbox_bench_', sandbox: true }),
    );
    const tenants = people.map((tenant, index) => ({ ...tenant, headers: signedIn(tenant, index) }));
    // The sandbox gateway is the one chosen without Stripe keys.
    for (const key of Object.keys(process.env)) if (key.startsWith('STRIPE_')) delete process.env[key];
    product = await startProduct({
      port: PORT,
      database,
      queuePrefix: `bench-payments-${process.pid}`,
      env: { RUN_WORKERS: 'false', APP_SECRET },
    });
    await product.ready();
    client = keptAliveClient(product.url, connections);

    // Cards for a window at `ceiling` payments a second, at most (running out would end it early).
    const ceiling = 1000;
    const cardsFor = (seconds) => tokenize(client, tenants, Math.ceil(ceiling * seconds), connections);
    // Warm-up of both.
    const warm = await payFor(client, tenants, await cardsFor(Number(values.warmup)), connections, Number(values.warmup), product);
    if (!warm.ok) throw new Error(`No payment succeeded in the warm-up: ${JSON.stringify(warm.statuses)}`);
    await pgbench(database, connections, Number(values.warmup));
    await analyze(database);

    const product2xx = [warm.ok];
    const productRuns = [];
    const baselineRuns = [];
    for (let run = 0; run < runs; run++) {
      const result = await payFor(client, tenants, await cardsFor(duration), connections, duration, product);
      product2xx.push(result.ok);
      productRuns.push(result);
      baselineRuns.push(await pgbench(database, connections, duration));
      console.log(
        `payments run ${run + 1}: product ${result.rate.toFixed(0)} payments/s (answers ${JSON.stringify(result.statuses)}, p99 ${result.p99.toFixed(0)} ms` +
          `${cpuInWords(result.cpuMsPerPayment)}); pgbench ${baselineRuns[run].tps.toFixed(0)} tps`,
      );
    }
    const answered2xx = product2xx.reduce((a, b) => a + b, 0);
    const ledger = await checkLedger(database.ownerUrl, answered2xx);
    const row = {
      path: PATH,
      connections,
      product_rps: Math.round(median(productRuns.map((r) => r.rate))),
      baseline_rps: Math.round(median(baselineRuns.map((r) => r.tps))),
      ratio: 0,
      p99_ms: Math.round(median(productRuns.map((r) => r.p99))),
    };
    row.ratio = Number((row.product_rps / row.baseline_rps).toFixed(2));
    console.log(
      `\nPayments through the API, ${connections} tenants at once, medians of ${runs} x ${duration} s (${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}):\n` +
        `  product ${row.product_rps} payments/s (p99 ${row.p99_ms} ms per payment request), pgbench ${row.baseline_rps} tps of the posting, ratio ${row.ratio} (target >= 0.25)\n` +
        `  ledger: ${answered2xx} payments answered 2xx, ${ledger.journals} card journals, ${ledger.charges} sandbox charges, ` +
        `${ledger.unbalanced} unbalanced, ${ledger.doubled} doubled; pgbench wrote ${ledger.pgbench_journals} journals`,
    );
    if (ledger.problems.length) {
      console.error(`LEDGER CHECK FAILED: ${ledger.problems.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('  ledger check: nothing lost or doubled, every journal sums to zero');
    }
    recordResults([row]);
  } finally {
    client?.close();
    await product?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
