// Rent day (issue 39): a tenth of the tenancies pay within one hour of the 1st, compressed here into
// `--hour-seconds` (120 s by default, so 30 times the real rate), cards and bank debits mixed, through
// the sandbox providers with their provider events. The product runs as deployed: an API process and a
// worker process (the outbox relay, the sandbox's event deliveries, the inbox, receipt emails to an SMTP
// sink), on a scratch database of its own with 10,000 tenancies (times --scale), one per property, ten
// per landlord, the month's rent already charged by the product's own job as at midnight.
//
// Before the hour (the provider's work, not the API's): each card payer's card is tokenized at the
// sandbox and each bank payer's test account (000123456789) linked. In the hour each payer pays once at
// a moment drawn at random (open loop: a slow answer does not hold back the next payer), then opens
// their payment history as the app does after a payment. After the hour the sandbox settles every bank
// debit (its clearing, compressed too), and the bench waits until every provider event is applied.
//
// Reports the API's p99 over the hour (payments by way, and every request), the time from the hour's
// start until the last event was applied (read from the inbox's own marks), and checks that nothing was
// lost or doubled: one attempt and one journal per payment answered 2xx, one settled journal per bank
// debit, every sandbox charge succeeded, no event failed, every journal balanced.
//
// Usage: node bench/rent-day.js [--tenancies 10000 --share 0.1 --bank-share 0.5 --hour-seconds 120 --connections 64]
const { cpus, loadavg } = require('node:os');
const { parseArgs } = require('node:util');
const { APP_SECRET, bankPayment, cardPayment, linkBankAccounts, settleAll, signedIn, tokenize, waitFor } = require('./paying');
const { populate } = require('./money-data');
const { SCALE, analyze, keptAliveClient, percentile, postDueRentCharges, recordResults, scratchDatabase, sleep, startProduct, startSmtpSink, withClient } = require(
  './support',
);

const { values } = parseArgs({
  options: {
    tenancies: { type: 'string', default: String(10_000 * SCALE) },
    share: { type: 'string', default: '0.1' },
    'bank-share': { type: 'string', default: '0.5' },
    'hour-seconds': { type: 'string', default: '120' },
    connections: { type: 'string', default: '64' },
  },
  strict: false,
});
const PER_LANDLORD = 10;
const PORT = 3340;
/** A settle is the sandbox's work; 20 at once, as bench/payments.js settles. */
const SETTLERS = 20;

/** The payers' moments in the hour, in ms from its start, drawn from a seeded generator so runs compare. */
function momentsIn(hourMs, count) {
  let seed = 2027;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: count }, () => Math.floor(random() * hourMs)).sort((a, b) => a - b);
}

/**
 * Each payer pays at their moment and then reads their payment history; answers every request's way,
 * status and latency, and when the last answer came.
 */
async function theHour(client, payments, hourMs) {
  const moments = momentsIn(hourMs, payments.length);
  const answers = [];
  const send = async (way, method, path, headers, body) => {
    const started = performance.now();
    const answer = await client.send(method, path, headers, body);
    answers.push({ way, status: answer.status, ms: performance.now() - started });
    return answer;
  };
  const startedAtMs = Date.now();
  const inFlight = [];
  for (let i = 0; i < payments.length; i++) {
    const wait = startedAtMs + moments[i] - Date.now();
    if (wait > 0) await sleep(wait);
    const { way, item, request } = payments[i];
    inFlight.push(
      send(way, 'POST', request.path, item.headers, JSON.stringify(request.body(item))).then(async (answer) => {
        if (answer.status === 200 || answer.status === 201) await send('history', 'GET', '/api/tenant/payments', item.headers);
      }),
    );
  }
  await Promise.all(inFlight);
  return { startedAtMs, endedAtMs: Date.now(), answers };
}

/** Journals against attempts, by way: nothing lost or doubled. */
async function checkRentDay(ownerUrl, answered) {
  return withClient(ownerUrl, async (client) => {
    const [row] = (
      await client.query(`
        SELECT (SELECT count(*)::int FROM payments.card_payments WHERE method = 'card') AS card_attempts,
               (SELECT count(*)::int FROM payments.card_payments WHERE method = 'card' AND status = 'succeeded') AS card_succeeded,
               (SELECT count(*)::int FROM payments.card_payments WHERE method = 'bank_debit') AS bank_attempts,
               (SELECT count(*)::int FROM payments.card_payments WHERE method = 'bank_debit' AND status = 'succeeded') AS bank_succeeded,
               (SELECT count(*)::int FROM payments.card_payments WHERE status = 'succeeded' AND ledger_transaction_id IS NULL) AS unposted,
               (SELECT count(*)::int FROM (SELECT ledger_transaction_id FROM payments.card_payments WHERE ledger_transaction_id IS NOT NULL
                                             GROUP BY 1 HAVING count(*) > 1) doubled) AS doubled,
               (SELECT count(*)::int FROM payments.ledger_transactions WHERE idempotency_key LIKE 'card-payment:%') AS payment_journals,
               (SELECT count(*)::int FROM payments.ledger_transactions WHERE kind = 'bank_debit_settled') AS settled,
               (SELECT count(*)::int FROM (SELECT corrects_transaction_id FROM payments.ledger_transactions WHERE kind = 'bank_debit_settled'
                                             GROUP BY 1 HAVING count(*) > 1) twice) AS settled_twice,
               (SELECT count(*)::int FROM payments.ledger_transactions WHERE kind = 'bank_debit_failed') AS bank_failed,
               (SELECT count(*)::int FROM infra.sandbox_charges) AS charges,
               (SELECT count(*)::int FROM infra.sandbox_charges WHERE status = 'succeeded') AS charges_succeeded,
               (SELECT count(*)::int FROM infra.inbox WHERE status = 'failed') AS events_failed,
               (SELECT count(*)::int FROM (SELECT transaction_id FROM payments.ledger_entries GROUP BY 1 HAVING sum(amount_cents) <> 0) u) AS unbalanced,
               (SELECT count(*)::int FROM payments.ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM payments.ledger_entries e WHERE e.transaction_id = t.id)) AS empty`)
    ).rows;
    const problems = [];
    if (row.card_attempts !== answered.card || row.card_succeeded !== answered.card) problems.push(`${row.card_attempts} card attempts (${row.card_succeeded} succeeded) for ${answered.card} answered 2xx`);
    if (row.bank_attempts !== answered.bank || row.bank_succeeded !== answered.bank) problems.push(`${row.bank_attempts} bank attempts (${row.bank_succeeded} succeeded) for ${answered.bank} answered 2xx`);
    if (row.payment_journals !== answered.card + answered.bank) problems.push(`${row.payment_journals} payment journals for ${answered.card + answered.bank} payments`);
    if (row.settled !== answered.bank) problems.push(`${row.settled} settled journals for ${answered.bank} bank debits`);
    if (row.charges !== row.charges_succeeded || row.charges !== answered.card + answered.bank) problems.push(`${row.charges} sandbox charges, ${row.charges_succeeded} succeeded`);
    for (const field of ['unposted', 'doubled', 'settled_twice', 'bank_failed', 'events_failed', 'unbalanced', 'empty']) {
      if (row[field]) problems.push(`${row[field]} ${field.replace('_', ' ')}`);
    }
    return { ...row, problems };
  });
}

async function main() {
  const tenancies = Number(values.tenancies);
  const payersCount = Math.round(tenancies * Number(values.share));
  const hourMs = Number(values['hour-seconds']) * 1000;
  const connections = Number(values.connections);
  // The sandbox gateway is the one chosen without Stripe keys.
  for (const key of Object.keys(process.env)) if (key.startsWith('STRIPE_')) delete process.env[key];
  const database = await scratchDatabase('rentwise_bench_rent_day');
  const queuePrefix = `bench-rent-day-${process.pid}`;
  let product;
  let worker;
  let client;
  let smtp;
  try {
    const people = await withClient(database.ownerUrl, (owner) =>
      populate(owner, { landlords: tenancies / PER_LANDLORD, perLandlord: PER_LANDLORD, accountPrefix: 'acct_sandbox_bench_', sandbox: true, bankDebits: true }),
    );
    // Midnight of the 1st: the month's rent charged by the product's own job, before anyone pays.
    const charged = await postDueRentCharges(database);
    await analyze(database);
    // One payer in ten, spread over every landlord.
    const step = Math.max(1, Math.round(tenancies / payersCount));
    const payers = people
      .map((tenant, index) => ({ ...tenant, headers: signedIn(tenant, index) }))
      .filter((_, index) => index % step === 0)
      .slice(0, payersCount);
    const bankEvery = Number(values['bank-share']) > 0 ? Math.round(1 / Number(values['bank-share'])) : Infinity;
    const isBank = (j) => j % bankEvery === bankEvery - 1;
    const cardPayers = payers.filter((_, j) => !isBank(j));
    const bankPayers = payers.filter((_, j) => isBank(j));

    smtp = await startSmtpSink();
    const env = { RUN_WORKERS: 'false', APP_SECRET, SMTP_URL: smtp.url };
    product = await startProduct({ port: PORT, database, queuePrefix, env });
    await product.ready();
    worker = await startProduct({ port: PORT + 1, database, queuePrefix, env: { ...env, PUBLIC_URL: product.url }, script: 'worker.js' });
    client = keptAliveClient(product.url, connections);

    const setupStartedMs = Date.now();
    const cards = await tokenize(client, cardPayers, cardPayers.length, 20);
    const accounts = await linkBankAccounts(client, bankPayers, 20);
    const setup = bankPayers.length ? await client.send('GET', '/api/tenant/payment-setup', bankPayers[0].headers) : null;
    const mandateVersion = setup ? JSON.parse(setup.body).setup?.bankDebit?.mandateVersion : null;
    if (bankPayers.length && !mandateVersion) throw new Error(`The payment setup offers no bank debit: ${setup.status} ${setup.body}`);
    const bank = bankPayment(mandateVersion);
    // In the payers' order, each with the card or account made for them.
    const cardOf = new Map(cards.map((card) => [card.index, card]));
    let [nextCard, nextBank] = [0, 0];
    const payments = payers.map((payer, j) =>
      isBank(j)
        ? { way: 'bank', item: { ...accounts[nextBank++], headers: payer.headers }, request: bank }
        : { way: 'card', item: { ...cardOf.get(nextCard++), headers: payer.headers }, request: cardPayment },
    );
    // Signed in just now: a payment needs a sign-in under 30 minutes old.
    await withClient(database.ownerUrl, (owner) => owner.query(`UPDATE accounts.sessions SET created_at = now(), last_seen_at = now()`));
    console.log(
      `Rent day: ${tenancies.toLocaleString('en-US')} tenancies (${charged.charges.toLocaleString('en-US')} rent charges posted at midnight), ` +
        `${payments.length.toLocaleString('en-US')} pay in ${hourMs / 1000} s standing for the hour (${cardPayers.length} by card, ${bankPayers.length} by bank); ` +
        `cards tokenized and accounts linked in ${((Date.now() - setupStartedMs) / 1000).toFixed(1)} s`,
    );

    const hour = await theHour(client, payments, hourMs);
    const byWay = (way) => hour.answers.filter((answer) => answer.way === way);
    const ok = (answers) => answers.filter((answer) => answer.status === 200 || answer.status === 201).length;
    const answered = { card: ok(byWay('card')), bank: ok(byWay('bank')) };
    const statuses = {};
    for (const answer of hour.answers) statuses[`${answer.way} ${answer.status}`] = (statuses[`${answer.way} ${answer.status}`] ?? 0) + 1;
    const p99 = (answers) => Math.round(percentile(answers.map((answer) => answer.ms), 99));
    const hourS = (hour.endedAtMs - hour.startedAtMs) / 1000;
    console.log(
      `  the hour: ${hourS.toFixed(1)} s until the last answer; p99 card ${p99(byWay('card'))} ms, bank ${p99(byWay('bank'))} ms, ` +
        `payment history ${p99(byWay('history'))} ms, every request ${p99(hour.answers)} ms; answers ${JSON.stringify(statuses)}`,
    );

    // The debits clear: the sandbox settles each, and its events follow.
    const debits = await withClient(database.ownerUrl, async (owner) => (await owner.query(`SELECT id, account_id FROM infra.sandbox_charges WHERE status = 'pending'`)).rows);
    await settleAll(client, debits, SETTLERS);
    // Each payment's two events (charge and payment intent), and a bank debit's two more when it settles.
    const expectedEvents = 2 * (answered.card + answered.bank) + 2 * answered.bank;
    const state = await waitFor(
      database,
      'every provider event applied',
      (s) => s.outbox === 0 && s.waiting === 0 && s.stored >= expectedEvents && s.settled >= answered.bank,
      3_600_000,
    );
    const marks = await withClient(database.ownerUrl, async (owner) =>
      (
        await owner.query(
          `SELECT extract(epoch FROM max(handled_at)) * 1000 AS last_ms,
                  count(*) FILTER (WHERE handled_at <= to_timestamp($1 / 1000.0))::int AS during
             FROM infra.inbox`,
          [hour.endedAtMs],
        )
      ).rows[0],
    );
    const appliedS = (Number(marks.last_ms) - hour.startedAtMs) / 1000;
    const ledger = await checkRentDay(database.ownerUrl, answered);
    console.log(
      `  events: ${state.stored} stored, ${marks.during} applied during the hour; every one applied ${appliedS.toFixed(1)} s after the hour began ` +
        `(${(appliedS - hourS).toFixed(1)} s after its last answer, the sandbox's ${debits.length} settles included; ${cpus().length} cores, load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})\n` +
        `  ledger: ${ledger.card_attempts} card and ${ledger.bank_attempts} bank attempts for ${answered.card} and ${answered.bank} answered 2xx, ` +
        `${ledger.payment_journals} payment journals, ${ledger.settled} settled, ${ledger.doubled} doubled, ${ledger.events_failed} events failed, ${ledger.unbalanced} unbalanced`,
    );
    if (ledger.problems.length) {
      console.error(`RENT DAY CHECK FAILED: ${ledger.problems.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('  check: one attempt and one journal per payment, one settled journal per bank debit, nothing lost, doubled or failed');
    }
    recordResults([
      {
        name: 'rent-day',
        path: `Rent day: ${payments.length.toLocaleString('en-US')} of ${tenancies.toLocaleString('en-US')} tenancies pay in a ${hourMs / 1000} s hour, cards and bank debits (payments/s; p99_ms = every request's; seconds = until every event applied)`,
        connections,
        product_rps: Math.round((answered.card + answered.bank) / hourS),
        baseline_rps: null,
        ratio: null,
        p99_ms: p99(hour.answers),
        seconds: Number(appliedS.toFixed(1)),
        met: ledger.problems.length === 0,
      },
    ]);
  } finally {
    client?.close();
    // The worker first: each stop removes the shared queue prefix's keys, which a running worker still uses.
    await worker?.stop();
    await product?.stop();
    await smtp?.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
