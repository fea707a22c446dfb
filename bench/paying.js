// What a tenant's client does to pay rent through the API, shared by the benches that pay
// (bench/payments.js, bench/rent-day.js): the signed-in headers, cards tokenized and bank accounts linked
// at the sandbox beforehand (the provider's work, not the API's), the two payment requests, the sandbox
// settling bank debits, and waiting on the rows the product writes.
const { createHmac, randomUUID } = require('node:crypto');
const { sleep, withClient } = require('./support');
const { uuidOf } = require('./money-data');

const APP_SECRET = 'rentwise-bench-secret-0123456789abcdef0123';
/** Stripe's test routing number and the test account that settles (libs/sandbox-bank-accounts). */
const SANDBOX_ROUTING_NUMBER = '110000000';
const SETTLING_ACCOUNT_NUMBER = '000123456789';

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

// Each tenant pays many times a minute here: every payment after the first is confirmed, as after 'Pay again?'.
const amountOf = (item) => 100_000 + (item.index % 50) * 1000;
const cardPayment = {
  path: '/api/tenant/payments',
  body: (card) => ({ amountCents: amountOf(card), paymentMethodId: card.id, idempotencyKey: randomUUID(), confirmRepeat: true }),
};
const bankPayment = (mandateVersion) => ({
  path: '/api/tenant/payments/bank',
  body: (account) => ({
    amountCents: amountOf(account),
    bankAccount: { paymentMethodId: account.id },
    mandate: { accepted: true, version: mandateVersion },
    idempotencyKey: randomUUID(),
    confirmRepeat: true,
  }),
});

/** Each tenant's sandbox test account, linked as the bank link step would (one per tenant, reused for every debit). */
async function linkBankAccounts(client, tenants, connections) {
  const accounts = new Array(tenants.length);
  let next = 0;
  async function worker() {
    while (next < tenants.length) {
      const index = next++;
      const body = JSON.stringify({
        account: `acct_sandbox_bench_${tenants[index].accountIndex}`,
        accountHolderName: `Tenant Payer ${index + 1}`,
        routingNumber: SANDBOX_ROUTING_NUMBER,
        accountNumber: SETTLING_ACCOUNT_NUMBER,
        verification: 'instant',
      });
      const answer = await client.send('POST', '/sandbox/v1/bank_accounts', { 'content-type': 'application/json' }, body);
      if (answer.status !== 200 && answer.status !== 201) throw new Error(`The sandbox bank link answered ${answer.status}: ${answer.body}`);
      accounts[index] = { index, id: JSON.parse(answer.body).id };
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  return accounts;
}

/** The bank path's progress, from the rows the product writes. */
async function bankState(client) {
  const [row] = (
    await client.query(`
      SELECT (SELECT count(*)::int FROM infra.outbox WHERE dispatched_at IS NULL) AS outbox,
             (SELECT count(*)::int FROM infra.inbox) AS stored,
             (SELECT count(*)::int FROM infra.inbox WHERE status IN ('pending', 'failed')) AS waiting,
             (SELECT count(*)::int FROM infra.inbox WHERE status = 'failed') AS failed,
             (SELECT count(*)::int FROM infra.sent_emails) AS sent_emails,
             (SELECT count(*)::int FROM payments.ledger_transactions WHERE kind = 'bank_debit_settled') AS settled`)
  ).rows;
  return row;
}

async function waitFor(database, what, condition, timeoutMs = 600_000) {
  const startedAtMs = Date.now();
  return withClient(database.ownerUrl, async (client) => {
    for (;;) {
      const state = await bankState(client);
      if (condition(state)) return state;
      if (Date.now() - startedAtMs > timeoutMs) throw new Error(`${what}: not after ${timeoutMs / 1000} s: ${JSON.stringify(state)}`);
      await sleep(250);
    }
  });
}

/**
 * The sandbox settles every processing debit (the /dev/sandbox tool's settle-bank-debit, `connections`
 * at once); answers when each settle was answered, by charge id.
 */
async function settleAll(client, debits, connections) {
  const answeredAtMs = new Map();
  let next = 0;
  async function worker() {
    while (next < debits.length) {
      const debit = debits[next++];
      const form = new URLSearchParams({ action: 'settle-bank-debit', account: debit.account_id, charge: debit.id }).toString();
      const answer = await client.send('POST', '/dev/sandbox', { 'content-type': 'application/x-www-form-urlencoded' }, form);
      if (answer.status !== 303) throw new Error(`The sandbox did not settle ${debit.id}: ${answer.status} ${answer.body}`);
      answeredAtMs.set(debit.id, Date.now());
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  return answeredAtMs;
}


module.exports = {
  APP_SECRET,
  SANDBOX_ROUTING_NUMBER,
  SETTLING_ACCOUNT_NUMBER,
  signedIn,
  tokenize,
  amountOf,
  cardPayment,
  bankPayment,
  linkBankAccounts,
  bankState,
  waitFor,
  settleAll,
};
