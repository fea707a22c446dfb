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
//
// The bank path (issue 35) runs after it, on a scratch database and API of its own, as the card path
// does: each tenant links a sandbox test account (000123456789, instant verification) before the timed
// window, then pays by bank (POST /api/tenant/payments/bank with the account's payment method id and
// the accepted authorization), alternating with pgbench as the card path does: the initiate rate. The
// debit is answered processing and its clearing journal ("sent") posted in the request. Then a worker
// process (server/dist/worker.js) is started and the processing events and receipt emails drained; the
// sandbox settles every debit (POST /dev/sandbox, settle-bank-debit, 20 at once), which writes the
// charge's balance transaction and the signed `charge.succeeded` / `payment_intent.succeeded` events;
// the worker delivers them to the API's webhook endpoint, the inbox stores them and the worker posts
// each settled journal. Timed: from the first settle until every settled journal is posted (the end
// read from the journals' own times), and per debit from its settle answer to its journal. Checked:
// one sent and one settled journal per debit, none failed, none doubled, every journal balanced.
//
// Usage: node bench/payments.js [--duration 10 --runs 3 --connections 20 --ways card,bank]
const { execFile } = require('node:child_process');
const { resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { cpus, loadavg } = require('node:os');
const { CORES, analyze, cpuFields, cpuMeter, cpuPerUnit, keptAliveClient, median, percentile, pgBin, recordResults, scratchDatabase, spread, startProduct, startSmtpSink, withClient } = require('./support');
const { populate } = require('./money-data');
const { APP_SECRET, bankPayment, cardPayment, linkBankAccounts, settleAll, signedIn, tokenize, waitFor } = require('./paying');

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    ways: { type: 'string', default: 'card,bank' },
  },
  strict: false,
});
const LANDLORDS = 100;
const PER_LANDLORD = 10;
const PORT = 3310;
const BANK_PORT = 3311;
const PATH = 'POST /api/tenant/payments (card tokenized beforehand) vs pgbench posting';
const BANK_PATH = 'POST /api/tenant/payments/bank (account linked beforehand) vs pgbench posting';
const SETTLE_PATH = 'Bank debits settled through the inbox (sandbox settle, signed events, worker), settled journals/s vs the initiate rate';

/**
 * `connections` tenants paying one after another for `seconds`, each with a card tokenized beforehand
 * (`cards`, enough for the window: running out ends it); every answer is counted.
 */
async function payFor(client, tenants, cards, connections, seconds, product, way = cardPayment) {
  const stopMeter = cpuMeter({ serverPid: product.child.pid, database: product.databaseName }).start();
  const until = Date.now() + seconds * 1000;
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  async function tenantLoop() {
    while (Date.now() < until && next < cards.length) {
      const card = cards[next++];
      const started = performance.now();
      const answer = await client.send('POST', way.path, tenants[card.index].headers, JSON.stringify(way.body(card)));
      latencies.push(performance.now() - started);
      count(answer.status);
    }
  }
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: connections }, tenantLoop));
  const elapsedS = (performance.now() - startedAt) / 1000;
  if (next >= cards.length) console.warn(`  (the ${cards.length} tokenized cards ran out after ${elapsedS.toFixed(1)} s)`);
  const ok = [...statuses].filter(([status]) => status === 200 || status === 201).reduce((sum, [, n]) => sum + n, 0);
  return { rate: ok / elapsedS, ok, statuses: Object.fromEntries(statuses), p99: percentile(latencies, 99), ...cpuPerUnit(stopMeter(), ok) };
}

const cpuInWords = (round) => `; CPU per payment: API ${(round.apiUs / 1000).toFixed(2)} ms, PostgreSQL ${(round.postgresUs / 1000).toFixed(2)} ms`;

/**
 * pgbench's rate of the posting, and the CPU its PostgreSQL backends spent per transaction (the
 * baseline's CPU: pgbench itself is the load generator, on the load core as this process is).
 */
function pgbench(database, connections, seconds) {
  const url = new URL(database.appUrl);
  const stopMeter = cpuMeter({ database: database.name }).start();
  const pinned = CORES ? ['-c', String(CORES.load)] : [];
  return new Promise((done, fail) => {
    execFile(
      CORES ? 'taskset' : pgBin('pgbench'),
      [
        ...(CORES ? [...pinned, pgBin('pgbench')] : []),
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
        const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
        if (!tps) return fail(new Error(`pgbench printed no tps:\n${stdout}`));
        if (failed && Number(failed[1]) > 0) return fail(new Error(`pgbench: ${failed[1]} failed transactions`));
        if (!processed) return fail(new Error(`pgbench printed no transaction count:\n${stdout}`));
        done({ tps: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : null, ...cpuPerUnit(stopMeter(), Number(processed[1])) });
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

/** Target of the product's CPU per payment against pgbench's per transaction (issue 39). */
const CPU_TARGET = 4;

/** Medians of the product's and pgbench's runs, as a results.json row: ratio = CPU per payment ÷ pgbench's per transaction. */
function resultRow(path, connections, productRuns, baselineRuns) {
  const rounded = (numbers) => numbers.map((n) => Math.round(n));
  const row = {
    path,
    connections,
    product_rps: Math.round(median(productRuns.map((r) => r.rate))),
    product_rps_spread: rounded(spread(productRuns.map((r) => r.rate))),
    baseline_rps: Math.round(median(baselineRuns.map((r) => r.tps))),
    baseline_rps_spread: rounded(spread(baselineRuns.map((r) => r.tps))),
    p99_ms: Math.round(median(productRuns.map((r) => r.p99))),
    ...cpuFields(productRuns, baselineRuns),
    target: CPU_TARGET,
  };
  row.met = row.ratio <= row.target;
  return row;
}

/** The row's CPU figures and target check, in words. */
const cpuCheckInWords = (row) =>
  `CPU per payment ${row.cpu_us_product} µs (${row.cpu_us_product_spread.join('-')}; API ${row.cpu_us_product_api} + PostgreSQL ${row.cpu_us_product_postgres}) ` +
  `against pgbench's ${row.cpu_us_baseline} µs a transaction (${row.cpu_us_baseline_spread.join('-')}): ${row.ratio}x, target ≤ ${row.target}x ${row.met ? 'met' : 'MISSED'}`;

/** A warm-up of both, ANALYZE, then `runs` windows of the product paying, each followed by pgbench's. */
async function alternate({ label, database, client, tenants, itemsFor, connections, product, way }) {
  const duration = Number(values.duration);
  const warm = await payFor(client, tenants, await itemsFor(Number(values.warmup)), connections, Number(values.warmup), product, way);
  if (!warm.ok) throw new Error(`No ${label} payment succeeded in the warm-up: ${JSON.stringify(warm.statuses)}`);
  await pgbench(database, connections, Number(values.warmup));
  await analyze(database);

  const product2xx = [warm.ok];
  const productRuns = [];
  const baselineRuns = [];
  for (let run = 0; run < Number(values.runs); run++) {
    const result = await payFor(client, tenants, await itemsFor(duration), connections, duration, product, way);
    product2xx.push(result.ok);
    productRuns.push(result);
    baselineRuns.push(await pgbench(database, connections, duration));
    console.log(
      `${label} run ${run + 1}: product ${result.rate.toFixed(0)} payments/s (answers ${JSON.stringify(result.statuses)}, p99 ${result.p99.toFixed(0)} ms` +
        `${cpuInWords(result)}); pgbench ${baselineRuns[run].tps.toFixed(0)} tps, ${(baselineRuns[run].cpuUs / 1000).toFixed(2)} ms PostgreSQL CPU a transaction`,
    );
  }
  return { answered2xx: product2xx.reduce((a, b) => a + b, 0), productRuns, baselineRuns };
}

const machineInWords = () =>
  `${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

async function cardPath(connections) {
  const runs = Number(values.runs);
  const duration = Number(values.duration);
  const database = await scratchDatabase('rentwise_bench_payments');
  let product;
  let client;
  try {
    const people = await withClient(database.ownerUrl, (client) =>
      populate(client, { landlords: LANDLORDS, perLandlord: PER_LANDLORD, accountPrefix: 'acct_sandbox_bench_', sandbox: true }),
    );
    const tenants = people.map((tenant, index) => ({ ...tenant, headers: signedIn(tenant, index) }));
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
    const { answered2xx, productRuns, baselineRuns } = await alternate({ label: 'payments', database, client, tenants, itemsFor: cardsFor, connections, product });
    const ledger = await checkLedger(database.ownerUrl, answered2xx);
    const row = resultRow(PATH, connections, productRuns, baselineRuns);
    console.log(
      `\nPayments through the API, ${connections} tenants at once, medians of ${runs} x ${duration} s (${machineInWords()}):\n` +
        `  product ${row.product_rps} payments/s (p99 ${row.p99_ms} ms per payment request), pgbench ${row.baseline_rps} tps of the posting\n` +
        `  ${cpuCheckInWords(row)}\n` +
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
    return row;
  } finally {
    client?.close();
    await product?.stop();
    await database.drop();
  }
}

/** One sent (clearing) and one settled journal per debit answered 2xx, none failed, none doubled, every journal balanced. */
async function checkBankLedger(ownerUrl, answered2xx) {
  return withClient(ownerUrl, async (client) => {
    const [row] = (
      await client.query(`
        SELECT (SELECT count(*)::int FROM payments.ledger_transactions WHERE idempotency_key LIKE 'card-payment:%') AS sent,
               (SELECT count(*)::int FROM payments.ledger_transactions WHERE kind = 'bank_debit_settled') AS settled,
               (SELECT count(*)::int FROM payments.ledger_transactions WHERE kind = 'bank_debit_failed') AS failed,
               (SELECT count(*)::int FROM payments.card_payments WHERE method = 'bank_debit' AND status = 'succeeded') AS succeeded,
               (SELECT count(*)::int FROM payments.card_payments WHERE method = 'bank_debit') AS attempts,
               (SELECT count(*)::int FROM payments.ledger_transactions sent WHERE sent.idempotency_key LIKE 'card-payment:%'
                   AND NOT EXISTS (SELECT 1 FROM payments.ledger_transactions s WHERE s.kind = 'bank_debit_settled' AND s.corrects_transaction_id = sent.id)) AS unsettled,
               (SELECT count(*)::int FROM (SELECT corrects_transaction_id FROM payments.ledger_transactions WHERE kind = 'bank_debit_settled'
                                             GROUP BY 1 HAVING count(*) > 1) twice) AS settled_twice,
               (SELECT count(*)::int FROM (SELECT ledger_transaction_id FROM payments.card_payments WHERE ledger_transaction_id IS NOT NULL
                                             GROUP BY 1 HAVING count(*) > 1) doubled) AS doubled,
               (SELECT count(*)::int FROM infra.sandbox_charges) AS charges,
               (SELECT count(*)::int FROM infra.sandbox_charges WHERE status = 'succeeded') AS charges_settled,
               (SELECT count(*)::int FROM infra.inbox WHERE status = 'failed') AS events_failed,
               (SELECT count(*)::int FROM (SELECT transaction_id FROM payments.ledger_entries GROUP BY 1 HAVING sum(amount_cents) <> 0) u) AS unbalanced,
               (SELECT count(*)::int FROM payments.ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM payments.ledger_entries e WHERE e.transaction_id = t.id)) AS empty`)
    ).rows;
    const problems = [];
    if (row.sent !== answered2xx) problems.push(`${answered2xx} bank payments answered 2xx but ${row.sent} sent journals`);
    if (row.settled !== answered2xx) problems.push(`${answered2xx} bank payments but ${row.settled} settled journals`);
    if (row.failed) problems.push(`${row.failed} failed journals`);
    if (row.unsettled) problems.push(`${row.unsettled} sent journals without their settled journal`);
    if (row.settled_twice) problems.push(`${row.settled_twice} sent journals settled twice`);
    if (row.attempts !== answered2xx || row.succeeded !== answered2xx) problems.push(`${row.attempts} bank attempts, ${row.succeeded} succeeded, for ${answered2xx}`);
    if (row.charges !== answered2xx || row.charges_settled !== answered2xx) problems.push(`${row.charges} sandbox debits, ${row.charges_settled} settled, for ${answered2xx}`);
    if (row.doubled) problems.push(`${row.doubled} journals claimed by two attempts`);
    if (row.events_failed) problems.push(`${row.events_failed} provider events failed`);
    if (row.unbalanced) problems.push(`${row.unbalanced} journals do not sum to zero`);
    if (row.empty) problems.push(`${row.empty} journals without entries`);
    return { ...row, problems };
  });
}

async function bankPath(connections, card) {
  const runs = Number(values.runs);
  const duration = Number(values.duration);
  const database = await scratchDatabase('rentwise_bench_bank_payments');
  const queuePrefix = `bench-bank-payments-${process.pid}`;
  let product;
  let worker;
  let client;
  let smtp;
  try {
    const people = await withClient(database.ownerUrl, (client) =>
      populate(client, { landlords: LANDLORDS, perLandlord: PER_LANDLORD, accountPrefix: 'acct_sandbox_bench_', sandbox: true, bankDebits: true }),
    );
    const tenants = people.map((tenant, index) => ({ ...tenant, headers: signedIn(tenant, index) }));
    smtp = await startSmtpSink();
    // The API as the card path runs it (no workers while tenants pay); the receipt emails go to a sink when the worker sends them.
    const env = { RUN_WORKERS: 'false', APP_SECRET, SMTP_URL: smtp.url };
    product = await startProduct({ port: BANK_PORT, database, queuePrefix, env });
    await product.ready();
    client = keptAliveClient(product.url, connections);

    const accounts = await linkBankAccounts(client, tenants, connections);
    const setup = await client.send('GET', '/api/tenant/payment-setup', tenants[0].headers);
    const mandateVersion = JSON.parse(setup.body).setup?.bankDebit?.mandateVersion;
    if (!mandateVersion) throw new Error(`The payment setup offers no bank debit: ${setup.status} ${setup.body}`);
    // Each tenant's one linked account, again and again: a window at `ceiling` payments a second, at most.
    const ceiling = 1000;
    const accountsFor = async (seconds) => Array.from({ length: Math.ceil(ceiling * seconds) }, (_, i) => accounts[i % accounts.length]);
    const { answered2xx, productRuns, baselineRuns } = await alternate({
      label: 'bank payments',
      database,
      client,
      tenants,
      itemsFor: accountsFor,
      connections,
      product,
      way: bankPayment(mandateVersion),
    });
    const initiate = resultRow(BANK_PATH, connections, productRuns, baselineRuns);

    // The worker, as deployed: it relays the outbox, delivers the sandbox's signed events to the API and works the inbox.
    worker = await startProduct({ port: BANK_PORT + 1, database, queuePrefix, env: { ...env, PUBLIC_URL: product.url }, script: 'worker.js' });
    const drainStartedMs = Date.now();
    // Each debit's charge.pending and payment_intent.processing, and its receipt email.
    const drained = await waitFor(
      database,
      'the processing events and receipt emails',
      (state) => state.outbox === 0 && state.waiting === 0 && state.stored >= 2 * answered2xx && state.sent_emails >= answered2xx,
    );
    const drainS = (Date.now() - drainStartedMs) / 1000;

    const debits = await withClient(database.ownerUrl, async (owner) => (await owner.query(`SELECT id, account_id FROM infra.sandbox_charges WHERE status = 'pending'`)).rows);
    const settleStartedMs = Date.now();
    const answeredAtMs = await settleAll(client, debits, connections);
    const settleAnsweredS = (Math.max(...answeredAtMs.values()) - settleStartedMs) / 1000;
    // The tool answers 303 whatever happened (its page says what): the sandbox's rows say whether each was settled.
    const unsettled = await withClient(database.ownerUrl, async (owner) => (await owner.query(`SELECT count(*)::int AS n FROM infra.sandbox_charges WHERE status <> 'succeeded'`)).rows[0].n);
    if (unsettled) throw new Error(`The sandbox left ${unsettled} of ${debits.length} debits unsettled`);
    await waitFor(database, 'every settled journal', (state) => state.settled >= debits.length && state.waiting === 0 && state.outbox === 0);
    const journalTimes = await withClient(database.ownerUrl, async (owner) =>
      (
        await owner.query(
          `SELECT split_part(idempotency_key, '/', 2) AS charge_id, extract(epoch FROM recorded_at) * 1000 AS at_ms
             FROM payments.ledger_transactions WHERE kind = 'bank_debit_settled'`,
        )
      ).rows.map((row) => ({ chargeId: row.charge_id, atMs: Number(row.at_ms) })),
    );
    // Where the time went: the sandbox delivers its events one at a time (its delivery queue's one
    // worker), so the events' arrival at our endpoint is read apart from the inbox's own handling.
    const inbox = await withClient(database.ownerUrl, async (owner) =>
      (
        await owner.query(
          `SELECT count(*)::int AS events, extract(epoch FROM max(received_at) - min(received_at)) AS arrival_s,
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM handled_at - received_at) * 1000) AS handled_p50_ms,
                  percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM handled_at - received_at) * 1000) AS handled_p99_ms
             FROM infra.inbox WHERE type IN ('charge.succeeded', 'payment_intent.succeeded')`,
        )
      ).rows[0],
    );
    const lastJournalMs = Math.max(...journalTimes.map((journal) => journal.atMs));
    const settledS = (lastJournalMs - settleStartedMs) / 1000;
    const lags = journalTimes.filter((journal) => answeredAtMs.has(journal.chargeId)).map((journal) => journal.atMs - answeredAtMs.get(journal.chargeId));
    const settle = {
      path: SETTLE_PATH,
      connections,
      product_rps: Math.round(debits.length / settledS),
      baseline_rps: initiate.product_rps,
      ratio: 0,
      p99_ms: Math.round(percentile(lags, 99)),
    };
    settle.ratio = Number((settle.product_rps / settle.baseline_rps).toFixed(2));

    const ledger = await checkBankLedger(database.ownerUrl, answered2xx);
    const beside = card ? ` (card: ${card.product_rps} payments/s, CPU ${card.ratio}x pgbench's, p99 ${card.p99_ms} ms)` : '';
    console.log(
      `\nBank payments through the API, ${connections} tenants at once, medians of ${runs} x ${duration} s (${machineInWords()}):\n` +
        `  initiate: product ${initiate.product_rps} payments/s (p99 ${initiate.p99_ms} ms per payment request), pgbench ${initiate.baseline_rps} tps of the posting${beside}\n` +
        `  ${cpuCheckInWords(initiate)}\n` +
        `  worker started: ${drained.stored} processing events and ${drained.sent_emails} emails drained in ${drainS.toFixed(1)} s (the worker's start included)\n` +
        `  settle: the sandbox settled ${debits.length} debits in ${settleAnsweredS.toFixed(1)} s (${connections} at once); every settled journal posted ` +
        `${settledS.toFixed(1)} s after the first settle: ${settle.product_rps} settled journals/s, ${settle.ratio}x the initiate rate; ` +
        `settle answered to journal posted p50 ${Math.round(percentile(lags, 50))} ms, p99 ${settle.p99_ms} ms\n` +
        `  of which: the sandbox's ${inbox.events} settled events reached our endpoint over ${Number(inbox.arrival_s).toFixed(1)} s ` +
        `(${(inbox.events / Number(inbox.arrival_s)).toFixed(0)} events/s, delivered one at a time); the inbox handled each p50 ${Math.round(inbox.handled_p50_ms)} ms, ` +
        `p99 ${Math.round(inbox.handled_p99_ms)} ms after it arrived\n` +
        `  ledger: ${answered2xx} bank payments answered 2xx, ${ledger.sent} sent and ${ledger.settled} settled journals, ${ledger.failed} failed, ` +
        `${ledger.charges} sandbox debits (${ledger.charges_settled} settled), ${ledger.unbalanced} unbalanced, ${ledger.settled_twice} settled twice, ${ledger.doubled} doubled`,
    );
    if (ledger.problems.length) {
      console.error(`BANK LEDGER CHECK FAILED: ${ledger.problems.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('  ledger check: one sent and one settled journal per bank payment, nothing failed or doubled, every journal sums to zero');
    }
    recordResults([initiate, settle]);
  } finally {
    client?.close();
    // The worker first: each stop removes the shared queue prefix's keys, which a running worker still uses.
    await worker?.stop();
    await product?.stop();
    await smtp?.close();
    await database.drop();
  }
}

async function main() {
  const connections = Number(values.connections);
  const ways = new Set(values.ways.split(','));
  // The sandbox gateway is the one chosen without Stripe keys.
  for (const key of Object.keys(process.env)) if (key.startsWith('STRIPE_')) delete process.env[key];
  const card = ways.has('card') ? await cardPath(connections) : null;
  if (ways.has('bank')) await bankPath(connections, card);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
