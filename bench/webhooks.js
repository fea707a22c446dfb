// 10,000 signed Stripe Connect webhook events, 30% of them repeats, posted to the product's endpoint
// and drained through the inbox and BullMQ to the ledger. Prints the time from the first post until
// every stored event is handled (target under 30 s), then checks that each distinct event was applied
// once: one journal per charge, none doubled, every journal balanced.
//
// Stripe is the tests' local fake (server/test/support/fake-stripe.ts, compiled here with swc), which
// the product reaches through STRIPE_API_BASE, as the integration tests do. Each event is a
// `charge.succeeded` of a charge made on the fake for a card attempt left pending in the product (the
// synchronous answer never came back), so the handler re-reads the charge from the fake and posts it.
// The product runs as deployed, an API process and a worker process (server/dist/worker.js), on a
// scratch database of its own; receipt emails go to a local SMTP server that keeps nothing.
//
// A warm-up of 500 distinct events is drained first and the database analyzed (bench/support.js:
// analyze), so the product's plans are those of a database that has been running.
//
// Usage: node bench/webhooks.js [--events 10000 --duplicates 0.3 --warmup 500 --connections 20 --verbose]
const { transformSync } = require('@swc/core');
const Module = require('node:module');
const { randomUUID } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { cpus, loadavg } = require('node:os');
const { dirname, resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { analyze, cpuMeter, cpuPerUnit, keptAliveClient, percentile, recordResults, root, scratchDatabase, sleep, startProduct, startSmtpSink, withClient } = require('./support');
const { populate } = require('./money-data');

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    duplicates: { type: 'string', default: '0.3' },
    warmup: { type: 'string', default: '500' },
    connections: { type: 'string', default: '20' },
    verbose: { type: 'boolean', default: false },
  },
  strict: false,
});
const LANDLORDS = 100;
const PER_LANDLORD = 10;
const CONNECT_SECRET = 'whsec_bench_connect';
const PORT = 3320;
const TARGET_S = 30;

/** The tests' fake Stripe, compiled from TypeScript in memory (it resolves `stripe` from the repo). */
function loadFakeStripe() {
  const filename = resolve(root, 'server/test/support/fake-stripe.ts');
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const compiled = new Module(filename, module);
  compiled.filename = filename;
  compiled.paths = Module._nodeModulePaths(dirname(filename));
  compiled._compile(code, filename);
  return compiled.exports;
}

/** Each tenant's card attempt, charged on the fake but left pending in the product. */
async function chargesAndAttempts(fake, client, tenants, count) {
  const attempts = [];
  for (let i = 0; i < count; i++) {
    const tenant = tenants[i % tenants.length];
    const account = `acct_bench_${tenant.accountIndex}`;
    const id = randomUUID();
    const amountCents = 100_000 + (i % 50) * 1000;
    const chargedCents = amountCents + 699;
    // The fake's own request handling, without HTTP: a confirmed direct charge on the connected account.
    const answer = fake.answer({
      method: 'POST',
      path: '/v1/payment_intents',
      query: {},
      form: { amount: String(chargedCents), application_fee_amount: '699', currency: 'usd', payment_method: 'pm_card_visa', confirm: 'true', 'metadata[cardPaymentId]': id },
      idempotencyKey: id,
      stripeAccount: account,
    });
    if (answer.status !== 200) throw new Error(`The fake refused a charge: ${JSON.stringify(answer.body)}`);
    attempts.push({ id, tenant, account, amountCents, chargedCents, paymentIntentId: answer.body.id, chargeId: answer.body.latest_charge });
  }
  await client.query(
    `INSERT INTO payments.card_payments (id, idempotency_key, input_hash, status, tenant_user_id, landlord_user_id, property_id, amount_cents,
       processing_fee_cents, charged_cents, platform_fee_cents, description, provider, connected_account_id, payment_method_id,
       payment_intent_id, created_at, updated_at)
     SELECT a.id, a.id::text, md5(a.id::text), 'pending', a.tenant, a.landlord, a.property, a.amount, 699, a.amount + 699, 699,
            'Rent payment: bench', 'stripe', a.account, 'pm_card_visa', a.intent, now(), now()
       FROM json_to_recordset($1::json) AS a(id uuid, tenant uuid, landlord uuid, property uuid, amount int, account text, intent text)`,
    [
      JSON.stringify(
        attempts.map((a) => ({
          id: a.id,
          tenant: a.tenant.userId,
          landlord: a.tenant.landlordUserId,
          property: a.tenant.propertyId,
          amount: a.amountCents,
          account: a.account,
          intent: a.paymentIntentId,
        })),
      ),
    ],
  );
  return attempts;
}

/** The bodies to post: every event once, a share of them again, shuffled (Stripe retries out of order). */
function deliveries(fakeModule, fake, attempts, duplicateShare) {
  const events = attempts.map((attempt) => {
    const charge = fake.owned(attempt.account, attempt.chargeId);
    const body = JSON.stringify(fakeModule.stripeEvent('charge.succeeded', charge, { account: attempt.account }));
    return { body, signature: fakeModule.signStripeWebhook(body, CONNECT_SECRET) };
  });
  const repeats = Math.round((events.length * duplicateShare) / (1 - duplicateShare));
  const all = [...events, ...Array.from({ length: repeats }, (_, i) => events[(i * 7919) % events.length])];
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}

/** Posts every item over `connections` kept-alive sockets. */
async function post(url, items, connections) {
  const latencies = [];
  const statuses = new Map();
  const client = keptAliveClient(url, connections);
  let next = 0;
  async function sender() {
    while (next < items.length) {
      const item = items[next++];
      const started = performance.now();
      const { status } = await client.send(
        'POST',
        '/api/webhooks/stripe/connect',
        { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': item.signature },
        item.body,
      );
      latencies.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }
  try {
    await Promise.all(Array.from({ length: connections }, sender));
  } finally {
    client.close();
  }
  return { statuses: Object.fromEntries(statuses), p99: percentile(latencies, 99) };
}

async function inboxState(client) {
  return (
    await client.query(`SELECT count(*)::int AS stored, count(*) FILTER (WHERE status IN ('done', 'skipped', 'unhandled'))::int AS handled,
                               count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE status = 'failed')::int AS failed
                          FROM infra.inbox`)
  ).rows[0];
}

/** Rows still to be worked: a scan of the inbox's small partial index, cheap enough to ask often. */
async function waitingRows(client) {
  return (await client.query(`SELECT count(*)::int AS waiting FROM infra.inbox WHERE status = 'pending'`)).rows[0].waiting;
}

/**
 * Posts `items` and waits until the inbox holds `stored` events, all handled. Answers the inbox's
 * state, the posts' result and the seconds from the first post until the last post was answered or
 * the last row was marked, whichever came later. The end is read from the rows' own marks, so how
 * often this asks does not move it; asking less often leaves the machine's two cores to the product
 * (a count over the whole inbox ten times a second was a tenth of PostgreSQL's time here).
 */
async function drain(database, url, items, stored, connections) {
  const startedAtMs = Date.now();
  const posting = post(url, items, connections).then((result) => ({ ...result, answeredAtMs: Date.now() }));
  let posted;
  void posting.then((result) => (posted = result));
  let state;
  let lastSecond = 0;
  const elapsed = () => ((Date.now() - startedAtMs) / 1000).toFixed(1);
  await withClient(database.ownerUrl, async (client) => {
    for (;;) {
      const waiting = await waitingRows(client);
      if (values.verbose && Math.floor(Date.now() / 1000) !== lastSecond) {
        lastSecond = Math.floor(Date.now() / 1000);
        const [{ outbox }] = (await client.query(`SELECT count(*)::int AS outbox FROM infra.outbox WHERE dispatched_at IS NULL`)).rows;
        console.log(`  ${elapsed()} s: ${waiting} rows waiting, ${outbox} outbox rows waiting${posted ? '' : ', posting'}`);
      }
      if (posted && waiting === 0) {
        state = await inboxState(client);
        if (state.stored >= stored && state.handled + state.failed === state.stored) break;
      }
      if (Date.now() - startedAtMs > 600_000) throw new Error(`Not drained after 10 minutes: ${JSON.stringify(await inboxState(client))}`);
      await sleep(250);
    }
    const [{ lastMarkedAtMs }] = (await client.query(`SELECT extract(epoch FROM max(updated_at)) * 1000 AS "lastMarkedAtMs" FROM infra.inbox`)).rows;
    state.lastMarkedAtMs = Number(lastMarkedAtMs);
  });
  const result = await posting;
  const seconds = (Math.max(result.answeredAtMs, state.lastMarkedAtMs) - startedAtMs) / 1000;
  return { state, result: { ...result, seconds: (result.answeredAtMs - startedAtMs) / 1000 }, seconds };
}

async function main() {
  const total = Number(values.events);
  const duplicateShare = Number(values.duplicates);
  const connections = Number(values.connections);
  const distinct = Math.round(total * (1 - duplicateShare));
  const warmup = Number(values.warmup);
  const fakeModule = loadFakeStripe();
  const fake = await fakeModule.FakeStripe.start();
  const database = await scratchDatabase('rentwise_bench_webhooks');
  let product;
  let worker;
  let smtp;
  try {
    const tenants = await withClient(database.ownerUrl, (client) =>
      populate(client, { landlords: LANDLORDS, perLandlord: PER_LANDLORD, accountPrefix: 'acct_bench_', sandbox: false }),
    );
    for (let i = 1; i <= LANDLORDS; i++) fake.setAccount(`acct_bench_${i}`, { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
    const attempts = await withClient(database.ownerUrl, (client) => chargesAndAttempts(fake, client, tenants, warmup + distinct));
    const warmItems = deliveries(fakeModule, fake, attempts.slice(0, warmup), 0);
    const items = deliveries(fakeModule, fake, attempts.slice(warmup), duplicateShare);
    fake.requests.length = 0;

    smtp = await startSmtpSink();
    const env = {
      RUN_WORKERS: 'false',
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_API_BASE: fake.url,
      STRIPE_WEBHOOK_SECRET: 'whsec_bench_platform',
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    };
    const queuePrefix = `bench-webhooks-${process.pid}`;
    // As deployed: the API stores and answers, the worker process drains the queues.
    product = await startProduct({ port: PORT, database, queuePrefix, env });
    worker = await startProduct({ port: PORT + 1, database, queuePrefix, env, script: 'worker.js' });
    await product.ready();

    const warm = await drain(database, product.url, warmItems, warmup, connections);
    if (warm.state.done !== warmup) throw new Error(`The warm-up's events were not all done: ${JSON.stringify(warm.state)}`);
    await analyze(database);
    fake.requests.length = 0;
    // What the API, the worker and their PostgreSQL backends spent on the drain, per distinct event; unpinned,
    // as the drain is timed on the whole machine.
    const stopMeter = cpuMeter({ serverPids: [product.child.pid, worker.child.pid], database: database.name, pin: false }).start();
    const { state, result, seconds: drainedS } = await drain(database, product.url, items, warmup + distinct, connections);
    const cpu = cpuPerUnit(stopMeter(), distinct);

    const ledger = await withClient(database.ownerUrl, async (client) => {
      const [row] = (
        await client.query(`
          SELECT (SELECT count(*)::int FROM payments.ledger_transactions WHERE idempotency_key LIKE 'card-payment:%') AS journals,
                 (SELECT count(DISTINCT idempotency_key)::int FROM payments.ledger_transactions) AS keys,
                 -- Every journal but the rent charges the worker's charging job posts as it starts (decision 0039).
                 (SELECT count(*)::int FROM payments.ledger_transactions WHERE kind <> 'rent_charge') AS all_journals,
                 (SELECT count(*)::int FROM payments.card_payments WHERE status = 'succeeded') AS succeeded,
                 (SELECT count(*)::int FROM payments.card_payments WHERE status = 'pending') AS pending,
                 (SELECT count(*)::int FROM (SELECT transaction_id FROM payments.ledger_entries GROUP BY 1 HAVING sum(amount_cents) <> 0) u) AS unbalanced`)
      ).rows;
      return row;
    });
    const problems = [];
    // The warm-up's events and journals included: every distinct event applied once in all.
    const expected = warmup + distinct;
    if (state.stored !== expected) problems.push(`${state.stored} events stored for ${expected} distinct`);
    if (state.done !== expected) problems.push(`${state.done} events done of ${expected} (${state.failed} failed)`);
    if (ledger.journals !== expected || ledger.all_journals !== expected) problems.push(`${ledger.journals} card journals (${ledger.all_journals} in all but rent charges) for ${expected} charges`);
    if (ledger.succeeded !== expected || ledger.pending) problems.push(`${ledger.succeeded} attempts succeeded, ${ledger.pending} still pending`);
    if (ledger.unbalanced) problems.push(`${ledger.unbalanced} journals do not sum to zero`);
    const okAnswers = result.statuses[200] ?? 0;
    if (okAnswers !== total) problems.push(`${total - okAnswers} posts not answered 200: ${JSON.stringify(result.statuses)}`);

    const row = {
      path: `Stripe webhooks: ${total} signed events (${Math.round(duplicateShare * 100)}% repeats) drained to the ledger, events/s vs the 30 s target`,
      connections,
      product_rps: Math.round(total / drainedS),
      baseline_rps: Math.round(total / TARGET_S),
      ratio: 0,
      p99_ms: Math.round(result.p99),
      cpu_us_product: Math.round(cpu.cpuUs),
      cpu_us_product_api: Math.round(cpu.apiUs),
      cpu_us_product_postgres: Math.round(cpu.postgresUs),
    };
    row.ratio = Number((row.product_rps / row.baseline_rps).toFixed(2));
    console.log(
      `\nWebhooks, ${connections} senders (${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}):\n` +
        `  ${total} posts (${distinct} distinct events) answered in ${result.seconds.toFixed(1)} s (p99 ${row.p99_ms} ms, ${JSON.stringify(result.statuses)}); ` +
        `inbox all done ${drainedS.toFixed(1)} s after the first post (target < ${TARGET_S} s)\n` +
        `  CPU per distinct event: ${row.cpu_us_product} µs (API and worker ${row.cpu_us_product_api}, PostgreSQL ${row.cpu_us_product_postgres}), its repeats included\n` +
        `  ledger: ${ledger.journals} card journals for ${expected} distinct events (${warmup} of them the warm-up's), ${ledger.succeeded} attempts succeeded, ${ledger.unbalanced} unbalanced; ` +
        `the fake answered ${fake.requests.length} re-reads`,
    );
    if (problems.length) {
      console.error(`LEDGER CHECK FAILED: ${problems.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('  ledger check: each distinct event applied once, every journal sums to zero');
    }
    recordResults([row]);
  } finally {
    // The worker first: each stop removes the shared queue prefix's keys, which a running worker still uses.
    await worker?.stop();
    await product?.stop();
    await smtp?.close();
    await fake.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
