// What must hold after the crashes: read as the tables' owner, compared with the sandbox's own
// charges, the tenants' answers and the SMTP sink's messages.
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { promisify } = require('node:util');
const { Client } = require('pg');
const { root } = require('./product');
const { sleep } = require('./services');

const run = promisify(execFile);

async function withClient(url, work) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Queued, running and delayed BullMQ jobs of every queue under the prefix; failed ones apart. */
async function queueDepth(redisUrl, prefix) {
  const Redis = require('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}:*:meta`);
    let open = 0;
    const failed = [];
    for (const meta of keys) {
      const queue = meta.slice(0, -':meta'.length);
      // Job schedulers (the daily reconciliation) always keep their next run delayed: not open work.
      const delayed = (await redis.zrange(`${queue}:delayed`, 0, -1)).filter((id) => !id.startsWith('repeat:'));
      open += (await redis.llen(`${queue}:wait`)) + (await redis.llen(`${queue}:active`)) + delayed.length + (await redis.zcard(`${queue}:prioritized`));
      for (const id of await redis.zrange(`${queue}:failed`, 0, -1)) {
        const [name, reason] = await redis.hmget(`${queue}:${id}`, 'name', 'failedReason');
        failed.push(`${queue.slice(prefix.length + 1)}/${name} ${id}: ${reason}`);
      }
    }
    return { open, failed };
  } finally {
    redis.disconnect();
  }
}

/**
 * The sandbox retries a delivery as Stripe does, for three days; once the load is over its retries
 * waiting on a backoff are sent now, as the provider's next try (our own queues' retries are waited
 * for). Every few seconds only: the kill points still fire, and a delivery promoted while both APIs
 * restart would spend its tries in moments.
 */
const PROVIDER_RETRY_EVERY_MS = 5000;
async function promoteProviderRetries(redisUrl, prefix) {
  const { Queue } = require('bullmq');
  const url = new URL(redisUrl);
  const queue = new Queue('sandbox-webhooks', { prefix, connection: { host: url.hostname, port: Number(url.port), maxRetriesPerRequest: 1 } });
  try {
    await queue.promoteJobs();
  } finally {
    await queue.close();
  }
}

/** Waits until nothing is left to do: outbox relayed, inbox worked, queues empty, receipts at SMTP. */
async function waitUntilSettled({ ownerUrl, redisUrl, prefix, sink, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  let state;
  let providerRetriedAt = 0;
  while (Date.now() < deadline) {
    if (Date.now() - providerRetriedAt >= PROVIDER_RETRY_EVERY_MS) {
      await promoteProviderRetries(redisUrl, prefix);
      providerRetriedAt = Date.now();
    }
    state = await withClient(ownerUrl, async (db) => {
      const [outbox] = (await db.query(`SELECT count(*)::int AS n FROM infra.outbox WHERE dispatched_at IS NULL`)).rows;
      const [inbox] = (await db.query(`SELECT count(*)::int AS n FROM infra.inbox WHERE status IN ('pending', 'failed')`)).rows;
      const receipts = (await db.query(`SELECT id FROM infra.outbox WHERE queue = 'receipt-emails'`)).rows;
      return { outboxPending: outbox.n, inboxOpen: inbox.n, receiptRows: receipts.map((row) => row.id) };
    });
    const delivered = new Set(sink.messages.map((message) => message.messageId));
    state.receiptsUndelivered = state.receiptRows.filter((id) => !delivered.has(`<${id}@rentwise>`)).length;
    delete state.receiptRows;
    Object.assign(state, await queueDepth(redisUrl, prefix));
    if (state.outboxPending === 0 && state.inboxOpen === 0 && state.open === 0 && state.receiptsUndelivered === 0) return state;
    if (state.failed.length && state.open === 0 && state.outboxPending === 0) return state;
    await sleep(500);
  }
  return { ...state, timedOut: true };
}

/**
 * Autopay (issue 37): no month's payment left half done, each one at the provider once under its key
 * for the amount stored, and at least one made (or the kills proved nothing).
 */
async function checkAutopay(db, failures, figures) {
  const runs = (await db.query(
    `SELECT r.id, r.period, r.attempt, r.status, r.amount_cents, r.idempotency_key::text AS key,
            (SELECT count(*)::int FROM payments.card_payments c WHERE c.idempotency_key = r.idempotency_key::text) AS attempts,
            (SELECT count(*)::int FROM infra.sandbox_charges s WHERE s.idempotency_key = r.idempotency_key::text) AS provider_charges,
            (SELECT min(c.charged_cents)::int FROM payments.card_payments c WHERE c.idempotency_key = r.idempotency_key::text) AS charged_cents
       FROM payments.autopay_runs r`,
  )).rows;
  figures.autopayRuns = runs.length;
  figures.autopayPayments = runs.filter((run) => run.provider_charges > 0).length;
  for (const run of runs) {
    const what = `automatic payment ${run.period}/${run.attempt} (${run.status})`;
    if (run.status === 'started') failures.push(`${what} was left half done`);
    const paid = ['processing', 'succeeded', 'failed'].includes(run.status);
    if (run.attempts !== (paid ? 1 : 0)) failures.push(`${what} has ${run.attempts} payment attempts`);
    if (run.provider_charges !== (paid ? 1 : 0)) failures.push(`${what} was charged ${run.provider_charges} times at the provider`);
    if (paid && run.charged_cents !== run.amount_cents) failures.push(`${what}: ${run.amount_cents} cents stored, ${run.charged_cents} charged`);
  }
  if (figures.autopayPayments === 0) {
    failures.push(`no automatic payment was made, so the autopay runs proved nothing (months: ${JSON.stringify(runs.map((run) => [run.period, run.status]))})`);
  }
}

/** Every check of the issue; returns a list of failures (empty when all hold) and the figures. */
async function checkInvariants({ ownerUrl, appEnv, sink, outcomes, autopay = false }) {
  const failures = [];
  const figures = {};
  await withClient(ownerUrl, async (db) => {
    if (autopay) await checkAutopay(db, failures, figures);
    const charges = (await db.query(`SELECT id, idempotency_key, account_id, amount_cents::bigint AS amount, status FROM infra.sandbox_charges`)).rows;
    const payments = (await db.query(`SELECT id, idempotency_key, status, charge_id, connected_account_id, charged_cents, ledger_transaction_id FROM payments.card_payments`)).rows;
    const journals = (await db.query(`SELECT id, idempotency_key, provider_reference FROM payments.ledger_transactions WHERE provider_reference IS NOT NULL`)).rows;
    const succeeded = charges.filter((charge) => charge.status === 'succeeded');
    figures.sandboxCharges = succeeded.length;

    // No payment recorded twice, none lost: one journal per provider charge, one charge per key.
    // A payment's own journal, one per charge (a bank debit's settlement or return names its charge too).
    const journalsByCharge = new Map();
    for (const journal of journals.filter((j) => j.idempotency_key.startsWith('card-payment:'))) {
      journalsByCharge.set(journal.provider_reference, (journalsByCharge.get(journal.provider_reference) ?? 0) + 1);
    }
    for (const charge of succeeded) {
      const count = journalsByCharge.get(`${charge.account_id}/${charge.id}`) ?? 0;
      if (count !== 1) failures.push(`sandbox charge ${charge.id} (key ${charge.idempotency_key}) has ${count} ledger journals, not 1`);
    }
    // Any charge the sandbox made: a bank debit is posted while it is still processing (decision 0037).
    const chargeRefs = new Set(charges.map((charge) => `${charge.account_id}/${charge.id}`));
    for (const journal of journals) {
      if (journal.idempotency_key.startsWith('card-payment:') && !chargeRefs.has(journal.provider_reference)) {
        failures.push(`ledger journal ${journal.id} names ${journal.provider_reference}, which the sandbox never charged`);
      }
    }
    const paymentByKey = new Map(payments.map((payment) => [payment.idempotency_key, payment]));
    const chargeByKey = new Map(charges.map((charge) => [charge.idempotency_key, charge]));
    for (const outcome of outcomes) {
      if (outcome.outcome !== 'paid') continue;
      const payment = paymentByKey.get(outcome.idempotencyKey);
      const charge = chargeByKey.get(outcome.idempotencyKey);
      if (!charge) failures.push(`payment ${outcome.idempotencyKey} was answered ${outcome.created ? 201 : 200} but the sandbox has no charge for it`);
      else if (Number(charge.amount) !== outcome.chargedCents) failures.push(`payment ${outcome.idempotencyKey}: answered ${outcome.chargedCents} cents, the sandbox charged ${charge.amount}`);
      if (!payment || payment.status !== 'succeeded') failures.push(`payment ${outcome.idempotencyKey} was answered paid but is ${payment?.status ?? 'missing'}`);
      else if (payment.ledger_transaction_id !== outcome.receiptId) failures.push(`payment ${outcome.idempotencyKey}: receipt ${outcome.receiptId} answered, ${payment.ledger_transaction_id} recorded`);
    }
    for (const payment of payments) {
      const charge = chargeByKey.get(payment.idempotency_key);
      if (charge?.status === 'succeeded' && payment.status !== 'succeeded') failures.push(`card payment ${payment.id} is ${payment.status} though the sandbox charged it`);
    }
    figures.journals = journals.length;

    // Every ledger transaction sums to zero (and has entries).
    const unbalanced = (await db.query(
      `SELECT t.id, coalesce(sum(e.amount_cents), 0)::bigint AS total, count(e.*)::int AS entries
         FROM payments.ledger_transactions t LEFT JOIN payments.ledger_entries e ON e.transaction_id = t.id
        GROUP BY t.id HAVING coalesce(sum(e.amount_cents), 0) <> 0 OR count(e.*) = 0`,
    )).rows;
    for (const row of unbalanced) failures.push(`ledger transaction ${row.id} sums to ${row.total} over ${row.entries} entries`);
    figures.ledgerTransactions = (await db.query(`SELECT count(*)::int AS n FROM payments.ledger_transactions`)).rows[0].n;

    // Every receipt sent at least once, and at most once per outbox row (repeats keep the row's Message-ID).
    const receiptRows = (await db.query(`SELECT id, payload->>'receiptId' AS receipt_id FROM infra.outbox WHERE queue = 'receipt-emails'`)).rows;
    const rowsByReceipt = new Map();
    for (const row of receiptRows) rowsByReceipt.set(row.receipt_id, [...(rowsByReceipt.get(row.receipt_id) ?? []), row.id]);
    const copies = new Map();
    for (const message of sink.messages) copies.set(message.messageId, (copies.get(message.messageId) ?? 0) + 1);
    figures.receipts = 0;
    figures.receiptRepeats = 0;
    for (const payment of payments.filter((p) => p.status === 'succeeded')) {
      const rows = rowsByReceipt.get(payment.ledger_transaction_id) ?? [];
      if (rows.length !== 1) failures.push(`payment ${payment.id} has ${rows.length} receipt outbox rows, not 1`);
      for (const id of rows) {
        const sent = copies.get(`<${id}@rentwise>`) ?? 0;
        if (sent === 0) failures.push(`receipt of payment ${payment.id} (outbox row ${id}) was never sent`);
        figures.receipts += sent > 0 ? 1 : 0;
        figures.receiptRepeats += Math.max(0, sent - 1);
      }
    }
    const withoutId = sink.messages.filter((message) => !message.messageId).length;
    if (withoutId) failures.push(`${withoutId} emails reached SMTP without a Message-ID`);
  });

  // Statements equal a rebuild from the ledger: the product's own command, comparing only.
  const { stdout } = await run(process.execPath, [join(root, 'server/dist/cli/rebuild-statements.js'), '--dry-run'], {
    env: { ...appEnv, LOG_LEVEL: 'warn', RENTWISE_FAULTS: '' },
    timeout: 120_000,
  });
  const differences = Number(/(\d+) difference\(s\)/.exec(stdout)?.[1] ?? NaN);
  figures.statementLines = Number(/(\d+) lines rebuilt/.exec(stdout)?.[1] ?? NaN);
  if (differences !== 0) failures.push(`statements differ from a rebuild from the ledger:\n${stdout.trim()}`);
  return { failures, figures };
}

module.exports = { withClient, waitUntilSettled, checkInvariants, queueDepth };
