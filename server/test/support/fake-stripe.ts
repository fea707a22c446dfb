import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import Stripe from 'stripe';

/**
 * A small local stand-in for the Stripe endpoints the payment gateway uses, so that tests run the
 * real stripe SDK over real HTTP (STRIPE_API_BASE=fake.url). It answers like Stripe for:
 *   POST /v1/accounts (replays the first answer for a repeated Idempotency-Key)
 *   GET  /v1/accounts/:id, POST /v1/account_links, POST /v1/accounts/:id/login_links
 *   POST /oauth/token, and GET /oauth/authorize (redirects straight back with a code)
 *   POST /v1/payment_methods (a card from Stripe.js, with the publishable key, on the `_stripe_account`
 *     it names or the platform; Stripe's test card numbers behave as their pm_card_* twins when charged)
 *   POST /v1/payment_intents (confirmed direct charges on the Stripe-Account, with Stripe's test
 *     payment methods pm_card_visa, pm_card_chargeDeclined, ...; replays per account and Idempotency-Key,
 *     refusing the key with other parameters; checks the application fee). With payment_method_types
 *     ['us_bank_account'] and mandate_data, an ACH debit of a bank account linked on that account:
 *     `processing`, its charge `pending` with the bank's name, last four and the new mandate
 *   POST /v1/refunds (a charge on the Stripe-Account, up to what is left of it; replays per account and
 *     Idempotency-Key; a bank debit's refund is pending, as ACH refunds are; its events wait for takeEvents())
 *   POST /v1/customers (on a connected account; replays per account and Idempotency-Key) and
 *     POST /v1/setup_intents (us_bank_account with Financial Connections, for a customer on that account);
 *     from Stripe.js (publishable key, client secret): POST /v1/setup_intents/:id with the bank account
 *     collected, then /confirm (succeeded, or requires_action with verify_with_microdeposits).
 *     A card SetupIntent (usage off_session by default): its /confirm with a card Stripe.js made on the
 *     account (confirmCardSetup) attaches the card to the customer, or declines a card always declined.
 *     A card attached to a customer is charged only with it; off_session: true declines a card needing
 *     3-D Secure (authentication_required), which on-session waits in requires_action; 4000 0000 0000 0341
 *     is saved, then declined when charged
 *   GET  /v1/payment_intents/:id, /v1/charges/:id (expand balance_transaction, refunds), /v1/refunds?charge=,
 *        /v1/disputes/:id, /v1/payouts/:id, /v1/payment_methods/:id, /v1/mandates/:id, /v1/customers/:id, /v1/setup_intents/:id,
 *        /v1/setup_intents?payment_method=, /v1/balance_transactions (?payout= or created[gte]/[lt], expand data.source): each only with
 *        the Stripe-Account header of the account it lives on
 * and records every request for assertions. What happens after a charge (refunds, disputes, payouts)
 * is made by the test with refund(), openDispute(), closeDispute() and payOut(), which return the
 * events Stripe would send; forgetBalanceTransaction() loses a line of Stripe's balance. Bank debits:
 * linkBankAccount() stands in for Financial Connections without a customer, completeBankLink() for the
 * browser's Financial Connections step of a SetupIntent (instant, or waiting for microdeposits that
 * verifyMicrodeposits() confirms), takeEvents() hands over the events of a debit
 * sent, decideBankDebit() is the bank's answer days later (as Stripe's test account says, or as told),
 * returnBankDebit() a return after settlement and deactivateMandate() a revoked authorization.
 *
 * For the browser tests it also plays Stripe's browser side (docs/decisions/0034): it serves the
 * Stripe.js stand-in (browser-stand-ins/stripe-js.js, at /v3 and /<release>/stripe.js) and its card
 * frame, answers browsers' cross-origin requests, and is the hosted onboarding an account link opens
 * (/setup/e/...: Continue completes the account and returns to return_url).
 */

/** How a test card behaves (docs.stripe.com/testing). */
interface TestPaymentMethod {
  brand: string;
  last4: string;
  /** Declined when charged, and when saved for later (Stripe checks a card with its bank as it saves it)... */
  decline?: { code: string; decline_code: string; message: string };
  /** ...unless it is saved without trouble and declined only when charged (4000 0000 0000 0341). */
  savedWithoutDecline?: true;
  /**
   * 3-D Secure on every payment (4000 0027 6000 3184): on the payment screen the intent waits for it
   * (requires_action); charged without the card holder (off_session), declined authentication_required.
   */
  alwaysAuthenticates?: true;
}

/** Stripe's test payment method ids and how each behaves when saved and charged. */
const TEST_PAYMENT_METHODS: Record<string, TestPaymentMethod> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    savedWithoutDecline: true,
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', alwaysAuthenticates: true },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
};

/** What the bank does with a debit of one of Stripe's test bank accounts, days after it was sent. */
export type FakeBankOutcome =
  | { kind: 'succeeds' }
  | { kind: 'fails'; failureCode: string }
  /** Settles, then the account holder disputes it: a return after success, lost at once. */
  | { kind: 'disputed' }
  | { kind: 'stays_processing' };

/** How a linked test account was verified: signing in to the test institution, or microdeposits. */
export type FakeBankVerification = 'instant' | 'microdeposits';

/**
 * Stripe's test bank accounts on the test routing number 110000000
 * (docs.stripe.com/payments/ach-direct-debit/accept-a-payment#test-account-numbers). Written out here,
 * not taken from the sandbox's list, so the fake does not repeat a mistake of the code under test.
 */
export const FAKE_TEST_BANK_ACCOUNTS: Record<string, FakeBankOutcome> = {
  '000123456789': { kind: 'succeeds' },
  '000111111113': { kind: 'fails', failureCode: 'account_closed' },
  '000111111116': { kind: 'fails', failureCode: 'no_account' },
  '000222222227': { kind: 'fails', failureCode: 'insufficient_funds' },
  '000333333335': { kind: 'fails', failureCode: 'debit_not_authorized' },
  '000555555559': { kind: 'disputed' },
  '000000000009': { kind: 'stays_processing' },
};

export const FAKE_TEST_ROUTING_NUMBER = '110000000';
export const FAKE_TEST_BANK_NAME = 'STRIPE TEST BANK';

/** Stripe's failure messages for the ACH return codes its test accounts produce. */
const ACH_FAILURE_MESSAGES: Record<string, string> = {
  account_closed: 'The customer\'s bank account has been closed.',
  no_account: 'The customer\'s bank account could not be located.',
  insufficient_funds: 'The customer\'s account has insufficient funds to cover this payment.',
  debit_not_authorized: 'The customer has notified their bank that this payment was unauthorized.',
};

/** Returns after which the bank will take no more debits on the mandate: Stripe makes it inactive. */
const MANDATE_ENDING_FAILURES = new Set(['account_closed', 'no_account', 'debit_not_authorized']);

/** Stripe's ACH Direct Debit price: 0.8%, at most $5. */
export function fakeAchFeeCents(amountCents: number): number {
  return Math.min(Math.round(amountCents * 0.008), 500);
}

/** Stripe's test card numbers (docs.stripe.com/testing) as the test payment methods they behave like. */
const TEST_CARD_NUMBERS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000000341': 'pm_card_chargeCustomerFail',
  '4000002760003184': 'pm_card_authenticationRequired',
};

/** Stripe's card_error for a card needing 3-D Secure, charged without the card holder (off_session). */
const AUTHENTICATION_REQUIRED = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The Stripe.js stand-in and its card frame (served by browserPage). */
const BROWSER_STAND_INS = resolve(__dirname, 'browser-stand-ins');

export interface FakeCharge {
  account: string;
  paymentIntentId: string;
  chargeId: string;
  amount: number;
  applicationFeeAmount: number;
  /** Stripe's own fee: a card's at once, a bank debit's (fakeAchFeeCents) when it settles. */
  stripeFee: number;
  /** A bank debit's mandate (`mandate_fake_...`). */
  mandateId?: string;
}

export interface RecordedStripeRequest {
  method: string;
  /** Without the query string, e.g. /v1/accounts/acct_fake_1 */
  path: string;
  query: Record<string, string>;
  /** The form body as Stripe's SDK encodes it: nested keys flattened, e.g. 'capabilities[transfers][requested]'. */
  form: Record<string, string>;
  idempotencyKey?: string;
  authorization?: string;
  stripeAccount?: string;
}

export interface FakeAccountFlags {
  chargesEnabled?: boolean;
  payoutsEnabled?: boolean;
  detailsSubmitted?: boolean;
  /** The us_bank_account_ach_payments capability (active with charges, unless set false). */
  bankDebitsEnabled?: boolean;
}

export interface FakeAccount extends Required<FakeAccountFlags> {
  id: string;
  /** express: opened through the Accounts API; standard: an existing Stripe user connected through OAuth. */
  dashboard: 'express' | 'full';
  email: string | null;
}

interface StripeErrorBody {
  type: string;
  code?: string;
  message: string;
  param?: string;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type StripeObject = Record<string, unknown> & { id: string; created: number };

/** How long Stripe gives to answer a dispute with evidence here (due_by = created + this). */
export const FAKE_EVIDENCE_DAYS = 7;

/** Stripe's dispute fee in the US. */
export const FAKE_DISPUTE_FEE_CENTS = 1500;

/** A Stripe event of a change made on the fake, to be signed and posted to our Connect endpoint. */
export interface FakeStripeEvent {
  type: string;
  account: string;
  object: StripeObject;
}

const stripeError = (status: number, error: StripeErrorBody): Answer => ({ status, body: { error } });

const matches = (rule: { method: string; path: string | RegExp }, request: RecordedStripeRequest): boolean =>
  rule.method === request.method && (typeof rule.path === 'string' ? rule.path === request.path : rule.path.test(request.path));

export const FAKE_CONNECT_WEBHOOK_SECRET = 'whsec_connect_test';

/** The app's configuration for the real stripe SDK against this fake, with both webhook endpoints' secrets. */
export function stripeEnvFor(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_API_BASE: fake.url,
    STRIPE_WEBHOOK_SECRET: 'whsec_platform_test',
    STRIPE_CONNECT_WEBHOOK_SECRET: FAKE_CONNECT_WEBHOOK_SECRET,
  };
}

export class FakeStripe {
  readonly requests: RecordedStripeRequest[] = [];
  private readonly accounts = new Map<string, FakeAccount>();
  private readonly oauthCodes = new Map<string, string>();
  private readonly idempotentAnswers = new Map<string, Answer>();
  /** The parameters each payment intent key was first used with: Stripe refuses the key with others. */
  private readonly idempotentForms = new Map<string, string>();
  private readonly failures: { method: string; path: string | RegExp; answer: Answer }[] = [];
  private readonly drops: { method: string; path: string | RegExp }[] = [];
  /** Every successful charge made, once each (a replayed key adds nothing). */
  readonly charges: FakeCharge[] = [];
  /** Stripe's objects after the charge, by id, each on its connected account. */
  private readonly objects = new Map<string, { account: string; object: StripeObject }>();
  /** Balance transactions in the order they were made, with the payout that paid each out. */
  private readonly balance: { account: string; txn: StripeObject; payoutId: string | null }[] = [];
  /** The same by id, and each charge's refunds oldest first: the bench re-reads thousands of charges. */
  private readonly balanceById = new Map<string, StripeObject>();
  private readonly refundsByCharge = new Map<string, StripeObject[]>();
  /** Payment methods created from a browser, each on the account named when it was made (null: the platform). */
  private readonly paymentMethods = new Map<string, { account: string | null; behavesAs: string }>();
  /** Bank accounts linked (Financial Connections' stand-in), each a us_bank_account payment method on one connected account. */
  private readonly bankAccounts = new Map<string, { account: string; outcome: FakeBankOutcome }>();
  /** Events of changes made through the API (a bank debit sent), until a test takes them. */
  private readonly emitted: FakeStripeEvent[] = [];
  /** Account links made, by the token in their URL (a followed one sends the browser to its refresh_url). */
  private readonly accountLinks = new Map<string, { account: string; returnUrl: string; refreshUrl: string; followed: boolean }>();
  private sequence = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly publishableKey: string | undefined,
  ) {}

  /** `publishableKey`: the only key browsers may create payment methods with (any pk_ when unset). */
  static async start(options: { publishableKey?: string } = {}): Promise<FakeStripe> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeStripe(server, `http://127.0.0.1:${port}`, options.publishableKey);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void fake.handle(request, response));
    return fake;
  }

  async close(): Promise<void> {
    // The SDK keeps connections alive; without this, close() waits for them to time out.
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  requestsTo(method: string, path: string | RegExp): RecordedStripeRequest[] {
    return this.requests.filter(
      (request) => request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
    );
  }

  account(id: string): FakeAccount | undefined {
    const account = this.accounts.get(id);
    return account && { ...account };
  }

  /** Creates the account if needed (as an Express account unless told otherwise) and sets its flags. */
  setAccount(id: string, flags: FakeAccountFlags & { dashboard?: FakeAccount['dashboard']; email?: string }): FakeAccount {
    const current = this.accounts.get(id) ?? {
      id,
      dashboard: 'express' as const,
      email: null,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      bankDebitsEnabled: true,
    };
    const next = { ...current, ...flags };
    this.accounts.set(id, next);
    return { ...next };
  }

  /** What a landlord's finished onboarding leaves (or, with false, a restricted account): `rentedHome`'s `enable`. */
  readonly enableCharges = async (accountId: string, chargesEnabled: boolean): Promise<void> => {
    this.setAccount(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  /** A code the next POST /oauth/token accepts once, for an existing (Standard, verified) account. */
  issueOAuthCode(accountId = this.nextId('acct_fake_')): string {
    if (!this.accounts.has(accountId)) {
      this.setAccount(accountId, { dashboard: 'full', chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
    }
    const code = this.nextId('ac_fake_');
    this.oauthCodes.set(code, accountId);
    return code;
  }

  /**
   * The next matching request is processed, but its connection is destroyed before any answer: the
   * client cannot tell whether it happened and retries with the same Idempotency-Key.
   */
  dropNextResponse(method: string, path: string | RegExp): void {
    this.drops.push({ method, path });
  }

  /** The next matching request gets this Stripe error instead of an answer. */
  failNext(method: string, path: string | RegExp, status: number, error: StripeErrorBody): void {
    this.failures.push({ method, path, answer: stripeError(status, error) });
  }

  /** The charge a payment intent made (for tests that act on it afterwards). */
  chargeOf(paymentIntentId: string): FakeCharge {
    const charge = this.charges.find((made) => made.paymentIntentId === paymentIntentId);
    if (!charge) throw new Error(`No charge for ${paymentIntentId}`);
    return charge;
  }

  /** The balance transaction ids of an account, oldest first (payouts included). */
  balanceTransactionIds(account: string): string[] {
    return this.balance.filter((line) => line.account === account).map((line) => line.txn.id);
  }

  /** Stripe loses a line of the account's balance (reconciliation must notice). */
  forgetBalanceTransaction(id: string): void {
    const index = this.balance.findIndex((line) => line.txn.id === id);
    if (index < 0) throw new Error(`No balance transaction ${id}`);
    this.balance.splice(index, 1);
    this.balanceById.delete(id);
  }

  /** The landlord refunds part or all of a charge from the Stripe dashboard: the money leaves their balance. */
  refund(account: string, chargeId: string, amount?: number): { refundId: string; events: FakeStripeEvent[] } {
    const charge = this.owned(account, chargeId);
    const made = this.makeRefund(account, charge, amount ?? Number(charge.amount) - this.refundedOf(chargeId), {});
    return { refundId: made.refund.id, events: made.events };
  }

  /** What a charge's refunds gave back (failed ones give nothing back). */
  private refundedOf(chargeId: string): number {
    return (this.refundsByCharge.get(chargeId) ?? [])
      .filter((refund) => refund.status !== 'failed')
      .reduce((sum, refund) => sum + Number(refund.amount), 0);
  }

  /** A refund of a charge out of the account's balance, with Stripe's events: a bank debit's is pending, as ACH refunds are. */
  private makeRefund(account: string, charge: StripeObject, value: number, metadata: Record<string, string>): { refund: StripeObject; events: FakeStripeEvent[] } {
    const chargeId = charge.id;
    const refunded = this.refundedOf(chargeId);
    const created = this.now();
    const bank = Boolean((charge.payment_method_details as { us_bank_account?: unknown } | undefined)?.us_bank_account);
    const refund: StripeObject = {
      id: this.nextId('re_fake_'),
      object: 'refund',
      amount: value,
      charge: chargeId,
      currency: 'usd',
      created,
      status: bank ? 'pending' : 'succeeded',
      payment_intent: charge.payment_intent,
      metadata,
    };
    this.objects.set(refund.id, { account, object: refund });
    this.refundsByCharge.set(chargeId, [...(this.refundsByCharge.get(chargeId) ?? []), refund]);
    const txn = this.addBalance(account, this.balanceTransaction(-value, 0, 'refund', refund.id, created));
    refund.balance_transaction = txn.id;
    return {
      refund,
      events: [
        { type: 'refund.created', account, object: refund },
        { type: 'charge.refunded', account, object: { ...charge, amount_refunded: refunded + value } },
      ],
    };
  }

  /** The card holder disputes the charge: its amount and the dispute fee leave the landlord's balance. */
  openDispute(account: string, chargeId: string): { disputeId: string; events: FakeStripeEvent[] } {
    const charge = this.owned(account, chargeId);
    const created = this.now();
    const dispute: StripeObject = {
      id: this.nextId('dp_fake_'),
      object: 'dispute',
      amount: charge.amount,
      charge: chargeId,
      currency: 'usd',
      created,
      status: 'needs_response',
      reason: 'fraudulent',
      payment_intent: charge.payment_intent,
      balance_transactions: [],
      evidence_details: { due_by: created + FAKE_EVIDENCE_DAYS * 24 * 3600, has_evidence: false, past_due: false, submission_count: 0 },
    };
    this.objects.set(dispute.id, { account, object: dispute });
    const txn = this.addBalance(account, this.balanceTransaction(-Number(charge.amount), FAKE_DISPUTE_FEE_CENTS, 'dispute', dispute.id, created));
    (dispute.balance_transactions as StripeObject[]).push(txn);
    return {
      disputeId: dispute.id,
      events: [
        { type: 'charge.dispute.created', account, object: dispute },
        { type: 'charge.dispute.funds_withdrawn', account, object: dispute },
      ],
    };
  }

  /** The bank decides: won gives the amount back (Stripe keeps its fee), lost keeps it with the card holder. */
  closeDispute(account: string, disputeId: string, outcome: 'won' | 'lost'): FakeStripeEvent[] {
    const dispute = this.owned(account, disputeId);
    dispute.status = outcome;
    const events: FakeStripeEvent[] = [];
    if (outcome === 'won') {
      const txn = this.addBalance(account, this.balanceTransaction(Number(dispute.amount), 0, 'dispute_reversal', disputeId, this.now()));
      (dispute.balance_transactions as StripeObject[]).push(txn);
      events.push({ type: 'charge.dispute.funds_reinstated', account, object: dispute });
    }
    events.push({ type: 'charge.dispute.closed', account, object: dispute });
    return events;
  }

  /** Pays out everything on the account's balance not paid out yet, as one payout (paid at once). */
  payOut(account: string): { payoutId: string; amount: number; events: FakeStripeEvent[] } {
    const lines = this.balance.filter((line) => line.account === account && line.payoutId === null && line.txn.reporting_category !== 'payout');
    const amount = lines.reduce((sum, line) => sum + Number(line.txn.net), 0);
    const created = this.now();
    const payout: StripeObject = {
      id: this.nextId('po_fake_'),
      object: 'payout',
      amount,
      currency: 'usd',
      created,
      arrival_date: created + 2 * 24 * 3600,
      status: 'paid',
      failure_message: null,
      automatic: true,
    };
    this.objects.set(payout.id, { account, object: payout });
    for (const line of lines) line.payoutId = payout.id;
    const own = this.addBalance(account, this.balanceTransaction(-amount, 0, 'payout', payout.id, created));
    this.balance[this.balance.length - 1].payoutId = payout.id;
    payout.balance_transaction = own.id;
    return {
      payoutId: payout.id,
      amount,
      events: [
        { type: 'payout.created', account, object: { ...payout, status: 'pending' } },
        { type: 'payout.paid', account, object: payout },
      ],
    };
  }

  /**
   * What Financial Connections leaves once the tenant has signed in to Stripe's test institution and
   * picked an account (the real flow is in the browser): a verified us_bank_account payment method on
   * the connected account, usable only there. The account number must be one of Stripe's test accounts.
   */
  linkBankAccount(account: string, accountNumber: string, holderName = 'Sam Rivera', verification: FakeBankVerification = 'instant'): string {
    const outcome = FAKE_TEST_BANK_ACCOUNTS[accountNumber];
    if (!outcome) throw new Error(`${accountNumber} is not one of Stripe's test bank accounts`);
    if (!this.accounts.has(account)) throw new Error(`No account ${account}`);
    const id = this.nextId('pm_fake_');
    const method: StripeObject = {
      id,
      object: 'payment_method',
      type: 'us_bank_account',
      created: this.now(),
      livemode: false,
      customer: null,
      metadata: {},
      billing_details: { address: null, email: null, name: holderName, phone: null },
      us_bank_account: {
        account_holder_type: 'individual',
        account_type: 'checking',
        bank_name: FAKE_TEST_BANK_NAME,
        // Only an account the tenant signed in to comes from Financial Connections; one typed in has none.
        financial_connections_account: verification === 'instant' ? this.nextId('fca_fake_') : null,
        fingerprint: randomBytes(8).toString('hex'),
        last4: accountNumber.slice(-4),
        networks: { preferred: 'ach', supported: ['ach'] },
        routing_number: FAKE_TEST_ROUTING_NUMBER,
        status_details: {},
      },
    };
    this.objects.set(id, { account, object: method });
    this.bankAccounts.set(id, { account, outcome });
    return id;
  }

  /**
   * The browser's Financial Connections step of a SetupIntent (Stripe.js's collectBankAccountForSetup,
   * then confirmUsBankAccountSetup) with one of Stripe's test accounts, as the Stripe.js stand-in does
   * it over HTTP: instant, the SetupIntent succeeds; typed in, it waits for microdeposits (verifyMicrodeposits).
   */
  completeBankLink(clientSecret: string, accountNumber: string, verification: FakeBankVerification = 'instant'): string {
    const found = [...this.objects.values()].find(({ object }) => object.object === 'setup_intent' && object.client_secret === clientSecret);
    if (!found) throw new Error(`No SetupIntent with client secret ${clientSecret}`);
    const intent = this.collectBankAccount(found.account, found.object, accountNumber, verification);
    this.confirmSetupIntent(found.account, intent);
    return String(intent.payment_method);
  }

  /**
   * The tenant enters the microdeposits' code on Stripe's hosted verification page: the SetupIntent
   * succeeds and Stripe sends `setup_intent.succeeded` (returned, for the test to deliver).
   */
  verifyMicrodeposits(account: string, setupIntentId: string): FakeStripeEvent[] {
    const intent = this.owned(account, setupIntentId);
    if ((intent.next_action as { type?: string } | null)?.type !== 'verify_with_microdeposits') throw new Error(`${setupIntentId} waits for no microdeposits`);
    Object.assign(intent, { status: 'succeeded', next_action: null });
    return [{ type: 'setup_intent.succeeded', account, object: structuredClone(intent) }];
  }

  /** The SetupIntent a payment method was linked with. */
  setupIntentOf(account: string, paymentMethodId: string): string {
    const found = [...this.objects.values()].find(({ account: on, object }) => on === account && object.object === 'setup_intent' && object.payment_method === paymentMethodId);
    if (!found) throw new Error(`No SetupIntent for ${paymentMethodId} on ${account}`);
    return found.object.id;
  }

  /** Takes the events of changes made through the API on the account (a debit sent: processing), oldest first. */
  takeEvents(account: string): FakeStripeEvent[] {
    const taken = this.emitted.filter((event) => event.account === account);
    for (const event of taken) this.emitted.splice(this.emitted.indexOf(event), 1);
    return taken;
  }

  /** An event about an object as it stands now (charge.updated after a change Stripe makes quietly, a redelivery). */
  eventAbout(type: string, account: string, id: string): FakeStripeEvent {
    return { type, account, object: structuredClone(this.owned(account, id)) };
  }

  /**
   * The bank answers a processing debit, days later: as its test account says, settled whatever the
   * account, or failed with a code. Settled, the charge gets its balance transaction (Stripe's ACH fee
   * and our application fee); failed, the payment intent asks for another payment method and a return
   * that ends the mandate makes it inactive. A debit that stays processing does nothing.
   */
  decideBankDebit(account: string, chargeId: string, how: 'as_tested' | 'settle' | { failureCode: string } = 'as_tested'): FakeStripeEvent[] {
    const charge = this.owned(account, chargeId);
    if (charge.status !== 'pending') throw new Error(`${chargeId} is ${String(charge.status)}, not processing`);
    const bankAccount = this.bankAccounts.get(String(charge.payment_method))!;
    const outcome: FakeBankOutcome = how === 'as_tested' ? bankAccount.outcome : how === 'settle' ? { kind: 'succeeds' } : { kind: 'fails', ...how };
    if (outcome.kind === 'stays_processing') return [];
    const intent = this.owned(account, String(charge.payment_intent));
    const events: FakeStripeEvent[] = [];
    const event = (type: string, object: StripeObject) => events.push({ type, account, object: structuredClone(object) });
    if (outcome.kind === 'fails') {
      const message = ACH_FAILURE_MESSAGES[outcome.failureCode] ?? 'The payment failed.';
      Object.assign(charge, { status: 'failed', failure_code: outcome.failureCode, failure_message: message });
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'invalid_request_error', code: outcome.failureCode, message, payment_method: { id: charge.payment_method, type: 'us_bank_account' } },
      });
      event('charge.failed', charge);
      event('payment_intent.payment_failed', intent);
      const mandate = this.owned(account, String((charge.payment_method_details as { us_bank_account: { mandate: string } }).us_bank_account.mandate));
      if (MANDATE_ENDING_FAILURES.has(outcome.failureCode) && mandate.status === 'active') {
        mandate.status = 'inactive';
        event('mandate.updated', mandate);
      }
      return events;
    }
    const amount = Number(charge.amount);
    const applicationFee = Number(charge.application_fee_amount ?? 0);
    const stripeFee = fakeAchFeeCents(amount);
    const txn = this.addBalance(account, {
      id: this.nextId('txn_fake_'),
      object: 'balance_transaction',
      amount,
      currency: 'usd',
      fee: stripeFee + applicationFee,
      fee_details: [
        { amount: stripeFee, currency: 'usd', description: 'Stripe processing fees', type: 'stripe_fee' },
        { amount: applicationFee, currency: 'usd', description: 'Application fee', type: 'application_fee' },
      ],
      net: amount - stripeFee - applicationFee,
      type: 'charge',
      reporting_category: 'charge',
      source: chargeId,
      status: 'pending',
      created: this.now(),
    });
    Object.assign(charge, { status: 'succeeded', paid: true, balance_transaction: txn.id });
    Object.assign(intent, { status: 'succeeded', amount_received: amount });
    const made = this.charges.find((one) => one.chargeId === chargeId);
    if (made) made.stripeFee = stripeFee;
    event('charge.succeeded', charge);
    event('payment_intent.succeeded', intent);
    if (outcome.kind === 'disputed') events.push(...this.returnBankDebit(account, chargeId).events);
    return events;
  }

  /**
   * A settled debit comes back (the account holder tells the bank it was not authorized): Stripe reports
   * it as a dispute that cannot be answered and is lost at once, withdrawing the amount and its dispute fee.
   */
  returnBankDebit(account: string, chargeId: string): { disputeId: string; events: FakeStripeEvent[] } {
    const charge = this.owned(account, chargeId);
    if (charge.status !== 'succeeded') throw new Error(`${chargeId} has not settled`);
    const created = this.now();
    const dispute: StripeObject = {
      id: this.nextId('du_fake_'),
      object: 'dispute',
      amount: charge.amount,
      charge: chargeId,
      currency: 'usd',
      created,
      status: 'lost',
      reason: 'debit_not_authorized',
      is_charge_refundable: false,
      payment_intent: charge.payment_intent,
      payment_method_details: { type: 'us_bank_account' },
      balance_transactions: [],
      evidence_details: { due_by: null, has_evidence: false, past_due: false, submission_count: 0 },
    };
    this.objects.set(dispute.id, { account, object: dispute });
    const txn = this.addBalance(account, this.balanceTransaction(-Number(charge.amount), FAKE_DISPUTE_FEE_CENTS, 'dispute', dispute.id, created));
    (dispute.balance_transactions as StripeObject[]).push(txn);
    charge.disputed = true;
    const snapshot = structuredClone(dispute);
    return {
      disputeId: dispute.id,
      events: [
        { type: 'charge.dispute.created', account, object: snapshot },
        { type: 'charge.dispute.closed', account, object: snapshot },
      ],
    };
  }

  /** The account holder revokes the authorization at their bank: the mandate becomes inactive. */
  deactivateMandate(account: string, mandateId: string): FakeStripeEvent[] {
    const mandate = this.owned(account, mandateId);
    mandate.status = 'inactive';
    return [{ type: 'mandate.updated', account, object: structuredClone(mandate) }];
  }

  private nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}${this.sequence}${randomBytes(3).toString('hex')}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.url);
    if (this.browserPage(request.method ?? 'GET', url, Buffer.concat(chunks).toString('utf8'), response)) return;
    const header = (name: string): string | undefined => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const recorded: RecordedStripeRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
      stripeAccount: header('stripe-account'),
    };
    // Stripe.js names the connected account in the form, which keeps its requests simple cross-origin ones.
    recorded.stripeAccount ??= recorded.form._stripe_account;
    this.requests.push(recorded);

    const answer = this.takeFailure(recorded) ?? this.answer(recorded);
    const drop = this.drops.findIndex((d) => matches(d, recorded));
    if (drop >= 0) {
      this.drops.splice(drop, 1);
      request.socket.destroy();
      return;
    }
    response.writeHead(answer.status, {
      'Content-Type': 'application/json',
      'Request-Id': this.nextId('req_fake_'),
      // As api.stripe.com: Stripe.js calls it from the page's origin.
      'Access-Control-Allow-Origin': '*',
      ...answer.headers,
    });
    response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  }

  private takeFailure(request: RecordedStripeRequest): Answer | undefined {
    const index = this.failures.findIndex((failure) => matches(failure, request));
    if (index < 0) return undefined;
    return this.failures.splice(index, 1)[0].answer;
  }

  private answer(request: RecordedStripeRequest): Answer {
    const { method, path } = request;
    if (method === 'POST' && path === '/v1/accounts') return this.createAccount(request);
    let match = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) return this.retrieveAccount(match[1]);
    match = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path);
    if (method === 'POST' && match) return this.createLoginLink(match[1]);
    if (method === 'POST' && path === '/v1/account_links') return this.createAccountLink(request);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPaymentIntent(request);
    if (method === 'POST' && path === '/v1/refunds') return this.once(request, () => this.refundAnswer(request));
    if (method === 'POST' && path === '/v1/payment_methods') return this.createPaymentMethod(request);
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(request);
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(request);
    match = /^\/v1\/setup_intents\/(seti_\w+?)(\/confirm)?$/.exec(path);
    if (method === 'POST' && match) return this.setupIntentFromBrowser(request, match[1], match[2] ? 'confirm' : 'collect');
    if (method === 'GET') {
      const read = this.readAfterCharge(request);
      if (read) return read;
    }
    if (method === 'POST' && path === '/oauth/token') return this.oauthToken(request);
    if (method === 'GET' && path === '/oauth/authorize') return this.oauthAuthorize(request);
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  }

  private createAccount(request: RecordedStripeRequest): Answer {
    const key = request.idempotencyKey;
    const replay = key ? this.idempotentAnswers.get(key) : undefined;
    if (replay) return { ...replay, headers: { 'Idempotent-Replayed': 'true' } };
    const dashboard = request.form['controller[stripe_dashboard][type]'] === 'full' ? 'full' : 'express';
    const account = this.setAccount(this.nextId('acct_fake_'), { email: request.form.email, dashboard });
    const answer = { status: 200, body: this.accountObject(account) };
    if (key) this.idempotentAnswers.set(key, answer);
    return answer;
  }

  /**
   * A card from Stripe.js, made with the publishable key on the account it names (the platform when it
   * names none): only there can a charge use it, as with Stripe's direct charges.
   */
  private createPaymentMethod(request: RecordedStripeRequest): Answer {
    const { form } = request;
    const refused = this.publishableKeyRefusal(request);
    if (refused) return refused;
    const account = request.stripeAccount ?? null;
    if (account && !this.accounts.has(account)) {
      return stripeError(403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: 'The provided key does not have access to account (or that account does not exist).',
      });
    }
    if (form.type !== 'card') return stripeError(400, { type: 'invalid_request_error', message: 'This fake makes card payment methods only.', param: 'type' });
    const cardError = (code: string, message: string, param?: string) => stripeError(402, { type: 'card_error', code, message, param });
    const number = form['card[number]'] ?? '';
    const expMonth = Number(form['card[exp_month]']);
    const expYear = Number(form['card[exp_year]']);
    const today = new Date();
    if (!/^\d{12,19}$/.test(number) || !isLuhnValid(number)) return cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]');
    if (!(expMonth >= 1 && expMonth <= 12)) return cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
    if (expYear < today.getUTCFullYear() || (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
      return cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'card[exp_year]');
    }
    if (!/^\d{3,4}$/.test(form['card[cvc]'] ?? '')) return cardError('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');
    const behavesAs = TEST_CARD_NUMBERS[number];
    if (!behavesAs) {
      return cardError(
        'card_declined',
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      );
    }
    const id = this.nextId('pm_fake_');
    this.paymentMethods.set(id, { account, behavesAs });
    const { brand, last4 } = TEST_PAYMENT_METHODS[behavesAs];
    const method: StripeObject = {
      id,
      object: 'payment_method',
      type: 'card',
      created: this.now(),
      livemode: false,
      customer: null,
      metadata: {},
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: form['billing_details[address][postal_code]'] ?? null, state: null },
        email: null,
        name: form['billing_details[name]'] ?? null,
        phone: null,
      },
      card: { brand, last4, exp_month: expMonth, exp_year: expYear, funding: 'credit', country: 'US' },
    };
    // On a connected account it can be read back and attached to a customer there (a SetupIntent's confirmation).
    if (account) this.objects.set(id, { account, object: method });
    return { status: 200, body: structuredClone(method) };
  }

  /** A customer on the connected account it is made on; a repeated Idempotency-Key answers the first one again. */
  private createCustomer(request: RecordedStripeRequest): Answer {
    const account = request.stripeAccount;
    if (!account || !this.accounts.has(account)) {
      return stripeError(403, { type: 'invalid_request_error', code: 'account_invalid', message: 'The provided key does not have access to account (or that account does not exist).' });
    }
    const key = request.idempotencyKey ? `${account}:${request.idempotencyKey}` : undefined;
    const replay = key ? this.idempotentAnswers.get(key) : undefined;
    if (replay) return { ...replay, headers: { 'Idempotent-Replayed': 'true' } };
    const customer: StripeObject = {
      id: this.nextId('cus_fake_'),
      object: 'customer',
      created: this.now(),
      livemode: false,
      name: request.form.name ?? null,
      email: request.form.email ?? null,
      metadata: {},
    };
    this.objects.set(customer.id, { account, object: customer });
    const answer = { status: 200, body: customer };
    if (key) this.idempotentAnswers.set(key, answer);
    return answer;
  }

  /** A SetupIntent for a customer on the connected account, to collect a bank account with Financial Connections. */
  private createSetupIntent(request: RecordedStripeRequest): Answer {
    const { form } = request;
    const account = request.stripeAccount;
    if (!account || !this.accounts.has(account)) {
      return stripeError(403, { type: 'invalid_request_error', code: 'account_invalid', message: 'The provided key does not have access to account (or that account does not exist).' });
    }
    const customer = this.objects.get(form.customer ?? '');
    if (form.customer && (!customer || customer.account !== account || customer.object.object !== 'customer')) {
      return stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${form.customer}'`, param: 'customer' });
    }
    if (form['payment_method_types[0]'] === 'card') return this.createCardSetupIntent(account, form);
    if (form['payment_method_types[0]'] !== 'us_bank_account') {
      return stripeError(400, { type: 'invalid_request_error', message: 'This fake makes card and us_bank_account SetupIntents only.', param: 'payment_method_types' });
    }
    const id = this.nextId('seti_fake_');
    const intent: StripeObject = {
      id,
      object: 'setup_intent',
      created: this.now(),
      livemode: false,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer: form.customer ?? null,
      payment_method: null,
      payment_method_types: ['us_bank_account'],
      payment_method_options: {
        us_bank_account: {
          financial_connections: { permissions: [form['payment_method_options[us_bank_account][financial_connections][permissions][0]'] ?? 'payment_method'] },
          verification_method: form['payment_method_options[us_bank_account][verification_method]'] ?? 'automatic',
        },
      },
      status: 'requires_payment_method',
      usage: 'off_session',
    };
    this.objects.set(id, { account, object: intent });
    return { status: 200, body: intent };
  }

  /** A SetupIntent to save a card for a customer, by default for payments without the card holder (`usage` off_session, as Stripe's default). */
  private createCardSetupIntent(account: string, form: Record<string, string>): Answer {
    const id = this.nextId('seti_fake_');
    const intent: StripeObject = {
      id,
      object: 'setup_intent',
      created: this.now(),
      livemode: false,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer: form.customer ?? null,
      payment_method: null,
      payment_method_types: ['card'],
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      last_setup_error: null,
      next_action: null,
      status: 'requires_payment_method',
      usage: form.usage ?? 'off_session',
    };
    this.objects.set(id, { account, object: intent });
    return { status: 200, body: intent };
  }

  /**
   * Stripe.js's confirmCardSetup: the card's payment method (made by Stripe.js on this account) is
   * saved for the intent's customer, the bank's 3-D Secure challenge, if any, passed in the browser
   * (the stand-in's tenant always passes it); a card declined whenever used is declined here already.
   */
  private confirmCardSetup(account: string, intent: StripeObject, form: Record<string, string>): Answer {
    if (intent.status === 'succeeded') return { status: 200, body: intent };
    const made = this.paymentMethods.get(form.payment_method ?? '');
    if (!made || made.account !== account) {
      return stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${form.payment_method}'`, param: 'payment_method' });
    }
    const behaviour = TEST_PAYMENT_METHODS[made.behavesAs];
    if (behaviour.decline && !behaviour.savedWithoutDecline) {
      Object.assign(intent, { status: 'requires_payment_method', last_setup_error: { type: 'card_error', ...behaviour.decline } });
      return { status: 402, body: { error: { type: 'card_error', ...behaviour.decline, setup_intent: structuredClone(intent) } } };
    }
    if (intent.customer) this.owned(account, form.payment_method).customer = intent.customer;
    Object.assign(intent, { status: 'succeeded', payment_method: form.payment_method, last_setup_error: null });
    this.emitted.push({ type: 'setup_intent.succeeded', account, object: structuredClone(intent) });
    return { status: 200, body: intent };
  }

  /** How a payment method made by a browser behaves when charged, if it lives on this account. */
  private paymentMethodOn(account: string, id: string): (typeof TEST_PAYMENT_METHODS)[string] | undefined {
    const made = this.paymentMethods.get(id);
    return made?.account === account ? TEST_PAYMENT_METHODS[made.behavesAs] : undefined;
  }

  /**
   * Stripe's browser side, answered before the API: Stripe.js and its card frame (the stand-ins),
   * CORS preflights, and the hosted onboarding an account link opens. False when the request is for the API.
   */
  private browserPage(method: string, url: URL, body: string, response: ServerResponse): boolean {
    const send = (status: number, contentType: string, content: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store', ...headers });
      response.end(content);
      return true;
    };
    if (method === 'OPTIONS') {
      return send(204, 'text/plain', '', {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST, DELETE',
        'Access-Control-Allow-Headers': 'Content-Type, Authorization, Stripe-Account, Idempotency-Key',
      });
    }
    if (method === 'GET' && /^\/(v3\/?|[a-z]+\/stripe\.js)$/.test(url.pathname)) {
      return send(200, 'text/javascript; charset=utf-8', readFileSync(resolve(BROWSER_STAND_INS, 'stripe-js.js'), 'utf8'));
    }
    if (method === 'GET' && url.pathname === '/v3/elements-inner-card-stand-in.html') {
      return send(200, 'text/html; charset=utf-8', readFileSync(resolve(BROWSER_STAND_INS, 'stripe-card-frame.html'), 'utf8'));
    }
    const onboarding = /^\/setup\/e\/(acct_\w+)\/([0-9a-f]+)$/.exec(url.pathname);
    if (!onboarding) return false;
    const link = this.accountLinks.get(onboarding[2]);
    if (!link || link.account !== onboarding[1]) return send(404, 'text/plain; charset=utf-8', 'This account link does not exist.');
    // A followed link is used up: Stripe sends the browser to refresh_url for a new one.
    if (link.followed) return send(303, 'text/plain', '', { Location: link.refreshUrl });
    if (method === 'POST' && new URLSearchParams(body).get('decision') === 'complete') {
      this.setAccount(link.account, { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
      link.followed = true;
      return send(303, 'text/plain', '', { Location: link.returnUrl });
    }
    return send(
      200,
      'text/html; charset=utf-8',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe onboarding (test stand-in)</title></head><body><main>
<h1>Set up payouts for ${link.account}</h1>
<p>The tests' stand-in for Stripe's hosted onboarding. Continue gives the account what Stripe asks for, so it can take card payments and be paid out, and returns to the platform.</p>
<form method="post"><button type="submit" name="decision" value="complete">Continue</button></form>
</main></body></html>`,
    );
  }

  /** A confirmed direct charge (Stripe-Account) with an application fee; balance transaction on request. */
  private createPaymentIntent(request: RecordedStripeRequest): Answer {
    return this.once(request, () => this.paymentIntentAnswer(request));
  }

  /** Once per account and Idempotency-Key: the first answer again, and the key refused with other parameters. */
  private once(request: RecordedStripeRequest, make: () => Answer): Answer {
    const account = request.stripeAccount;
    const key = request.idempotencyKey && account ? `${account}:${request.idempotencyKey}` : undefined;
    const replay = key ? this.idempotentAnswers.get(key) : undefined;
    const form = JSON.stringify(Object.entries(request.form).sort(([a], [b]) => a.localeCompare(b)));
    if (replay && this.idempotentForms.get(key!) !== form) {
      return stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
      });
    }
    if (replay) return { ...replay, headers: { 'Idempotent-Replayed': 'true' } };
    const answer = make();
    if (key) {
      this.idempotentAnswers.set(key, answer);
      this.idempotentForms.set(key, form);
    }
    return answer;
  }

  /**
   * A refund of a charge on the Stripe-Account it lives on, up to what is left of it; its events wait
   * for takeEvents(). A charge not succeeded (a bank debit still processing) cannot be refunded.
   */
  private refundAnswer(request: RecordedStripeRequest): Answer {
    const { form } = request;
    const found = this.objects.get(form.charge ?? '');
    if (!found || found.account !== request.stripeAccount) {
      return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such charge: '${form.charge}'`, param: 'charge' });
    }
    const charge = found.object;
    if (charge.status !== 'succeeded') {
      return stripeError(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: `Charge ${charge.id} has not succeeded yet.` });
    }
    const left = Number(charge.amount) - this.refundedOf(charge.id);
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (!(amount > 0 && amount <= left)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: left === 0 ? 'charge_already_refunded' : 'amount_too_large',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        param: 'amount',
      });
    }
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    const { refund, events } = this.makeRefund(found.account, charge, amount, metadata);
    this.emitted.push(...events);
    return { status: 200, body: structuredClone(refund) };
  }

  private paymentIntentAnswer(request: RecordedStripeRequest): Answer {
    const { form } = request;
    const account = request.stripeAccount ? this.accounts.get(request.stripeAccount) : undefined;
    if (!account) {
      return stripeError(403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: 'The provided key does not have access to account (or that account does not exist).',
      });
    }
    if (!account.chargesEnabled) {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: 'Your destination account needs to have at least one of the following capabilities enabled: card_payments',
      });
    }
    const feeRefused = this.applicationFeeRefusal(form);
    if (feeRefused) return feeRefused;
    if (form['payment_method_types[0]'] === 'us_bank_account') return this.bankDebitAnswer(request, account);
    if (this.bankAccounts.has(form.payment_method)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_incompatible_payment_method',
        message: 'The PaymentMethod provided (us_bank_account) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: card.',
        param: 'payment_method',
      });
    }
    const method = TEST_PAYMENT_METHODS[form.payment_method] ?? this.paymentMethodOn(account.id, form.payment_method);
    if (!method) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such PaymentMethod: '${form.payment_method}'`,
        param: 'payment_method',
      });
    }
    // As Stripe: a card attached to a customer is charged with that customer, and only with it.
    const owner = (this.objects.get(form.payment_method)?.object.customer as string | null | undefined) ?? null;
    if (owner !== (form.customer ?? null)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: owner
          ? `The \`payment_method\` parameter supplied ${form.payment_method} belongs to the Customer ${owner}. Please include the Customer in the \`customer\` parameter on the PaymentIntent.`
          : `The customer does not have a payment method with the ID ${form.payment_method}. The payment method must be attached to the customer.`,
        param: 'payment_method',
      });
    }
    const offSession = form.off_session === 'true';
    if (offSession && form.confirm !== 'true') {
      return stripeError(400, { type: 'invalid_request_error', message: 'off_session can only be used when confirm is true.', param: 'off_session' });
    }
    const paymentIntentId = this.nextId('pi_fake_');
    const decline = method.decline ?? (method.alwaysAuthenticates && offSession ? AUTHENTICATION_REQUIRED : undefined);
    if (decline) {
      return {
        status: 402,
        body: { error: { type: 'card_error', ...decline, payment_intent: { id: paymentIntentId, status: 'requires_payment_method' } } },
      };
    }
    if (method.alwaysAuthenticates) return this.awaitingAuthentication(paymentIntentId, account.id, form);
    const amount = Number(form.amount);
    const applicationFeeAmount = Number(form.application_fee_amount ?? 0);
    const stripeFee = Math.round(amount * 0.029) + 30;
    const created = Math.floor(Date.now() / 1000);
    const chargeId = this.nextId('ch_fake_');
    const balanceTransaction = {
      id: this.nextId('txn_fake_'),
      object: 'balance_transaction',
      amount,
      currency: 'usd',
      fee: stripeFee + applicationFeeAmount,
      fee_details: [
        { amount: stripeFee, currency: 'usd', description: 'Stripe processing fees', type: 'stripe_fee' },
        { amount: applicationFeeAmount, currency: 'usd', description: 'Application fee', type: 'application_fee' },
      ],
      net: amount - stripeFee - applicationFeeAmount,
      type: 'charge',
      created,
    };
    const expand = Object.entries(form).filter(([name]) => name.startsWith('expand[')).map(([, value]) => value);
    const charge = {
      id: chargeId,
      object: 'charge',
      amount,
      currency: 'usd',
      application_fee_amount: applicationFeeAmount,
      balance_transaction: expand.includes('latest_charge.balance_transaction') ? balanceTransaction : balanceTransaction.id,
      created,
      paid: true,
      status: 'succeeded',
      payment_intent: paymentIntentId,
      payment_method: form.payment_method,
      payment_method_details: { type: 'card', card: { brand: method.brand, last4: method.last4 } },
    };
    this.charges.push({ account: account.id, paymentIntentId, chargeId, amount, applicationFeeAmount, stripeFee });
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    this.objects.set(chargeId, { account: account.id, object: { ...charge, balance_transaction: balanceTransaction.id, metadata, refunds: undefined } });
    this.addBalance(account.id, { ...balanceTransaction, reporting_category: 'charge', source: chargeId, status: 'available' });
    this.objects.set(paymentIntentId, {
      account: account.id,
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        application_fee_amount: applicationFeeAmount,
        currency: 'usd',
        created,
        latest_charge: chargeId,
        last_payment_error: null,
        metadata,
        customer: form.customer ?? null,
        status: 'succeeded',
      },
    });
    return {
      status: 200,
      body: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        application_fee_amount: applicationFeeAmount,
        currency: 'usd',
        created,
        description: form.description ?? null,
        latest_charge: expand.some((path) => path.startsWith('latest_charge')) ? charge : chargeId,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([name]) => name.startsWith('metadata['))
            .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
        ),
        payment_method: form.payment_method,
        status: 'succeeded',
      },
    };
  }

  /** A card payment on the payment screen waiting for 3-D Secure in the browser: no charge yet. */
  private awaitingAuthentication(paymentIntentId: string, account: string, form: Record<string, string>): Answer {
    const intent: StripeObject = {
      id: paymentIntentId,
      object: 'payment_intent',
      amount: Number(form.amount),
      amount_received: 0,
      currency: 'usd',
      created: this.now(),
      customer: form.customer ?? null,
      latest_charge: null,
      last_payment_error: null,
      metadata: {},
      next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
      payment_method: form.payment_method,
      status: 'requires_action',
    };
    this.objects.set(paymentIntentId, { account, object: intent });
    return { status: 200, body: structuredClone(intent) };
  }

  /** Stripe's checks of an application fee on a direct charge: a whole number of cents, not above the amount. */
  private applicationFeeRefusal(form: Record<string, string>): Answer | undefined {
    if (form.application_fee_amount === undefined) return undefined;
    const fee = Number(form.application_fee_amount);
    if (!/^\d+$/.test(form.application_fee_amount)) {
      return stripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', message: 'Invalid integer: ' + form.application_fee_amount, param: 'application_fee_amount' });
    }
    if (fee > Number(form.amount)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        message: 'The application fee amount must be less than or equal to the amount of the PaymentIntent.',
        param: 'application_fee_amount',
      });
    }
    return undefined;
  }

  /**
   * An ACH Direct Debit confirmed at once (payment_method_types ['us_bank_account'] with mandate_data):
   * a payment intent `processing` with a `pending` charge (no balance transaction until the bank
   * settles it), the mandate made from mandate_data, and the events Stripe sends for it.
   */
  private bankDebitAnswer(request: RecordedStripeRequest, account: FakeAccount): Answer {
    const { form } = request;
    if (!account.bankDebitsEnabled) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unactivated',
        message: 'The payment method type provided: us_bank_account is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.',
        param: 'payment_method_types',
      });
    }
    const bankAccount = this.bankAccounts.get(form.payment_method);
    // Another account's payment method is not there to be found, as with any direct charge.
    if (!bankAccount || bankAccount.account !== account.id) {
      return stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${form.payment_method}'`, param: 'payment_method' });
    }
    // As Stripe: a payment method attached to a customer is used with that customer, and only with it.
    const owner = this.objects.get(form.payment_method)!.object.customer as string | null;
    if (owner && form.customer !== owner) {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: `The \`payment_method\` parameter supplied ${form.payment_method} belongs to the Customer ${owner}. Please include the Customer in the \`customer\` parameter on the PaymentIntent.`,
        param: 'payment_method',
      });
    }
    if (form.customer && form.customer !== owner) {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: `The customer does not have a payment method with the ID ${form.payment_method}. The payment method must be attached to the customer.`,
        param: 'payment_method',
      });
    }
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount must be at least $0.50 usd', param: 'amount' });
    }
    const acceptance = 'mandate_data[customer_acceptance]';
    if (form.confirm === 'true' && form[`${acceptance}[type]`] !== 'online') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'mandate_data is required when confirming a PaymentIntent with a us_bank_account PaymentMethod that has no mandate.',
        param: 'mandate_data',
      });
    }
    for (const field of ['ip_address', 'user_agent']) {
      if (!form[`${acceptance}[online][${field}]`]) {
        return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: `Missing required param: ${acceptance}[online][${field}].`, param: `${acceptance}[online][${field}]` });
      }
    }
    const created = this.now();
    const paymentIntentId = this.nextId('pi_fake_');
    const chargeId = this.nextId('py_fake_');
    const mandate: StripeObject = {
      id: this.nextId('mandate_fake_'),
      object: 'mandate',
      created,
      customer_acceptance: {
        type: 'online',
        accepted_at: form[`${acceptance}[accepted_at]`] ? Number(form[`${acceptance}[accepted_at]`]) : created,
        online: { ip_address: form[`${acceptance}[online][ip_address]`], user_agent: form[`${acceptance}[online][user_agent]`] },
      },
      livemode: false,
      payment_method: form.payment_method,
      payment_method_details: { type: 'us_bank_account', us_bank_account: { collection_method: 'paper' } },
      status: 'active',
      type: 'single_use',
      single_use: { amount, currency: 'usd' },
    };
    const method = this.objects.get(form.payment_method)!.object;
    const bank = method.us_bank_account as Record<string, unknown>;
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    const applicationFeeAmount = Number(form.application_fee_amount ?? 0);
    const charge: StripeObject = {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      application_fee_amount: applicationFeeAmount,
      balance_transaction: null,
      captured: true,
      created,
      currency: 'usd',
      description: form.description ?? null,
      disputed: false,
      failure_code: null,
      failure_message: null,
      metadata,
      paid: false,
      payment_intent: paymentIntentId,
      payment_method: form.payment_method,
      payment_method_details: {
        type: 'us_bank_account',
        us_bank_account: {
          account_holder_type: bank.account_holder_type,
          account_type: bank.account_type,
          bank_name: bank.bank_name,
          fingerprint: bank.fingerprint,
          last4: bank.last4,
          mandate: mandate.id,
          payment_reference: null,
          routing_number: bank.routing_number,
        },
      },
      refunded: false,
      status: 'pending',
    };
    const intent: StripeObject = {
      id: paymentIntentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      application_fee_amount: applicationFeeAmount,
      currency: 'usd',
      created,
      description: form.description ?? null,
      latest_charge: chargeId,
      last_payment_error: null,
      metadata,
      payment_method: form.payment_method,
      payment_method_types: ['us_bank_account'],
      customer: form.customer ?? null,
      status: 'processing',
    };
    for (const object of [mandate, charge, intent]) this.objects.set(object.id, { account: account.id, object });
    this.charges.push({ account: account.id, paymentIntentId, chargeId, amount, applicationFeeAmount, stripeFee: 0, mandateId: mandate.id });
    this.emitted.push(
      { type: 'payment_intent.created', account: account.id, object: structuredClone({ ...intent, status: 'requires_confirmation' }) },
      { type: 'charge.pending', account: account.id, object: structuredClone(charge) },
      { type: 'payment_intent.processing', account: account.id, object: structuredClone(intent) },
    );
    const expand = Object.entries(form).filter(([name]) => name.startsWith('expand[')).map(([, value]) => value);
    return { status: 200, body: { ...structuredClone(intent), latest_charge: expand.includes('latest_charge') ? structuredClone(charge) : chargeId } };
  }

  /**
   * Financial Connections leaves a bank account on the SetupIntent: a us_bank_account payment method on
   * its connected account, attached to its customer; the intent then asks for confirmation.
   */
  private collectBankAccount(account: string, intent: StripeObject, accountNumber: string, verification: FakeBankVerification): StripeObject {
    if (intent.status !== 'requires_payment_method') throw new Error(`SetupIntent ${intent.id} is ${String(intent.status)}`);
    const customer = this.owned(account, String(intent.customer));
    const id = this.linkBankAccount(account, accountNumber, String(customer.name ?? 'Sam Rivera'), verification);
    this.owned(account, id).customer = customer.id;
    return Object.assign(intent, { status: 'requires_confirmation', payment_method: id });
  }

  /**
   * A confirmed SetupIntent: an account verified as it was linked succeeds (and Stripe sends
   * `setup_intent.succeeded`); one typed in waits for microdeposits (a descriptor code) verified on Stripe's hosted page.
   */
  private confirmSetupIntent(account: string, intent: StripeObject): StripeObject {
    if (intent.status !== 'requires_confirmation') throw new Error(`SetupIntent ${intent.id} is ${String(intent.status)}`);
    const method = this.owned(account, String(intent.payment_method));
    if ((method.us_bank_account as { financial_connections_account: string | null }).financial_connections_account) {
      Object.assign(intent, { status: 'succeeded', next_action: null });
      this.emitted.push({ type: 'setup_intent.succeeded', account, object: structuredClone(intent) });
      return intent;
    }
    return Object.assign(intent, {
      status: 'requires_action',
      next_action: {
        type: 'verify_with_microdeposits',
        verify_with_microdeposits: {
          arrival_date: this.now() + 2 * 86_400,
          hosted_verification_url: `https://payments.stripe.com/microdeposit/sacs_test_${intent.id}`,
          microdeposit_type: 'descriptor_code',
        },
      },
    });
  }

  /**
   * Stripe.js's calls on a SetupIntent, with the publishable key and the intent's client secret on its
   * account: the bank account Financial Connections collected (the stand-in's modal sends the test
   * account and how it was verified), then the confirmation. The intent comes back with its payment method.
   */
  private setupIntentFromBrowser(request: RecordedStripeRequest, setupIntentId: string, step: 'collect' | 'confirm'): Answer {
    const refused = this.publishableKeyRefusal(request);
    if (refused) return refused;
    const { form } = request;
    const found = this.objects.get(setupIntentId);
    if (!found || found.object.object !== 'setup_intent' || found.account !== request.stripeAccount || found.object.client_secret !== form.client_secret) {
      return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such setupintent: '${setupIntentId}'`, param: 'intent' });
    }
    const intent = found.object;
    if ((intent.payment_method_types as string[])[0] === 'card') {
      if (step !== 'confirm') return stripeError(400, { type: 'invalid_request_error', message: 'A card SetupIntent is confirmed with its payment method.' });
      return this.confirmCardSetup(found.account, intent, form);
    }
    if (step === 'collect') {
      const accountNumber = form['payment_method_data[us_bank_account][account_number]'] ?? '';
      if (form['payment_method_data[us_bank_account][routing_number]'] !== FAKE_TEST_ROUTING_NUMBER || !FAKE_TEST_BANK_ACCOUNTS[accountNumber]) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'payment_method_invalid_parameter',
          message: 'Use one of Stripe’s test bank accounts in test mode.',
          param: 'payment_method_data[us_bank_account][account_number]',
        });
      }
      const verification = form['payment_method_options[us_bank_account][verification_method]'] === 'microdeposits' ? 'microdeposits' : 'instant';
      this.collectBankAccount(found.account, intent, accountNumber, verification);
    } else if (intent.status === 'requires_confirmation') {
      this.confirmSetupIntent(found.account, intent);
    }
    const expandMethod = Object.entries(form).some(([name, value]) => name.startsWith('expand[') && value === 'payment_method');
    const method = intent.payment_method ? this.objects.get(String(intent.payment_method))?.object : undefined;
    return { status: 200, body: { ...structuredClone(intent), payment_method: expandMethod && method ? structuredClone(method) : intent.payment_method } };
  }

  /** A browser's request must carry the publishable key the fake was started with (any pk_ when unset); the server's secret key will do too. */
  private publishableKeyRefusal(request: RecordedStripeRequest): Answer | undefined {
    const key = request.form.key ?? '';
    const bySecretKey = request.authorization?.startsWith('Bearer sk_') ?? false;
    if (bySecretKey || (this.publishableKey ? key === this.publishableKey : key.startsWith('pk_'))) return undefined;
    return stripeError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key ? `${key.slice(0, 8)}***` : '(none)'}` });
  }

  private now(): number {
    return Math.floor(Date.now() / 1000);
  }

  /** An object of the account, for the fake's own helpers (a test mistake throws). */
  private owned(account: string, id: string): StripeObject {
    const found = this.objects.get(id);
    if (!found || found.account !== account) throw new Error(`No ${id} on ${account}`);
    return found.object;
  }

  private balanceTransaction(amount: number, fee: number, category: string, source: string, created: number): StripeObject {
    return {
      id: this.nextId('txn_fake_'),
      object: 'balance_transaction',
      amount,
      currency: 'usd',
      fee,
      fee_details: fee ? [{ amount: fee, currency: 'usd', description: 'Dispute fee', type: 'stripe_fee' }] : [],
      net: amount - fee,
      type: category === 'dispute_reversal' ? 'adjustment' : category === 'dispute' ? 'adjustment' : category,
      reporting_category: category,
      source,
      status: 'available',
      created,
    };
  }

  private addBalance(account: string, txn: StripeObject): StripeObject {
    this.balance.push({ account, txn, payoutId: null });
    this.balanceById.set(String(txn.id), txn);
    return txn;
  }

  private expansions(request: RecordedStripeRequest): string[] {
    return Object.entries(request.query)
      .filter(([name]) => name.startsWith('expand['))
      .map(([, value]) => value);
  }

  /** An object only answers on the account it lives on, as Stripe's direct charges do. */
  private onAccount(request: RecordedStripeRequest, id: string, kind: string): StripeObject | Answer {
    const found = this.objects.get(id);
    if (!found || found.account !== request.stripeAccount || found.object.object !== kind) {
      return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });
    }
    return found.object;
  }

  private list(request: RecordedStripeRequest, data: unknown[]): Answer {
    return { status: 200, body: { object: 'list', data, has_more: false, url: request.path } };
  }

  private refundList(chargeId: string, limit: number): Record<string, unknown> {
    const refunds = [...(this.refundsByCharge.get(chargeId) ?? [])].sort((a, b) => b.created - a.created);
    return { object: 'list', data: refunds.slice(0, limit), has_more: refunds.length > limit, url: `/v1/charges/${chargeId}/refunds` };
  }

  /** GETs of what happened after the charge, on the connected account; undefined when the path is not one of them. */
  private readAfterCharge(request: RecordedStripeRequest): Answer | undefined {
    const { path } = request;
    const one = /^\/v1\/(payment_intents|charges|disputes|payouts|payment_methods|mandates|customers|setup_intents)\/([^/]+)$/.exec(path);
    if (one) {
      const kind = {
        payment_intents: 'payment_intent',
        charges: 'charge',
        disputes: 'dispute',
        payouts: 'payout',
        payment_methods: 'payment_method',
        mandates: 'mandate',
        customers: 'customer',
        setup_intents: 'setup_intent',
      }[one[1]]!;
      const found = this.onAccount(request, one[2], kind);
      if ('status' in found && 'body' in found) return found as Answer;
      const object = found as StripeObject;
      const expand = this.expansions(request);
      if (kind === 'setup_intent' && expand.includes('payment_method') && object.payment_method) {
        return { status: 200, body: { ...object, payment_method: this.objects.get(String(object.payment_method))?.object } };
      }
      if (kind !== 'charge') return { status: 200, body: object };
      const body = { ...object };
      if (expand.includes('balance_transaction')) body.balance_transaction = this.balanceById.get(String(object.balance_transaction)) ?? object.balance_transaction;
      // As Stripe: the first 10, newest first, and has_more when there are others to list.
      if (expand.includes('refunds')) body.refunds = this.refundList(String(object.id), 10);
      return { status: 200, body };
    }
    if (path === '/v1/setup_intents') {
      const intents = [...this.objects.values()]
        .filter(({ account, object }) => account === request.stripeAccount && object.object === 'setup_intent')
        .map(({ object }) => object)
        .filter((intent) => !request.query.payment_method || intent.payment_method === request.query.payment_method)
        .sort((a, b) => b.created - a.created);
      return this.list(request, intents);
    }
    if (path === '/v1/refunds') {
      const refunds = request.query.charge
        ? [...(this.refundsByCharge.get(String(request.query.charge)) ?? [])]
        : [...this.objects.values()].filter(({ object }) => object.object === 'refund').map(({ object }) => object);
      const onAccount = refunds
        .filter((refund) => this.objects.get(String(refund.id))?.account === request.stripeAccount)
        .sort((a, b) => b.created - a.created);
      return this.list(request, onAccount);
    }
    if (path === '/v1/balance_transactions') {
      const { payout } = request.query;
      const from = request.query['created[gte]'] ? Number(request.query['created[gte]']) : -Infinity;
      const to = request.query['created[lt]'] ? Number(request.query['created[lt]']) : Infinity;
      const expandSource = this.expansions(request).includes('data.source');
      const lines = this.balance
        .filter((line) => line.account === request.stripeAccount)
        .filter((line) => (payout ? line.payoutId === payout : line.txn.created >= from && line.txn.created < to))
        .map(({ txn }) => (expandSource ? { ...txn, source: this.objects.get(String(txn.source))?.object ?? txn.source } : txn))
        .reverse();
      return this.list(request, lines);
    }
    return undefined;
  }

  private retrieveAccount(id: string): Answer {
    const account = this.accounts.get(id);
    if (!account) return this.noSuchAccount(id);
    return { status: 200, body: this.accountObject(account) };
  }

  private createAccountLink(request: RecordedStripeRequest): Answer {
    const id = request.form.account;
    if (!this.accounts.has(id)) return this.noSuchAccount(id);
    const created = Math.floor(Date.now() / 1000);
    const token = randomBytes(6).toString('hex');
    this.accountLinks.set(token, { account: id, returnUrl: request.form.return_url, refreshUrl: request.form.refresh_url, followed: false });
    return {
      status: 200,
      body: {
        object: 'account_link',
        created,
        expires_at: created + 300,
        url: `${this.url}/setup/e/${id}/${token}`,
      },
    };
  }

  private createLoginLink(id: string): Answer {
    const account = this.accounts.get(id);
    if (!account) return this.noSuchAccount(id);
    if (account.dashboard !== 'express') {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: 'Cannot create a login link for an account using the Stripe Dashboard.',
      });
    }
    return {
      status: 200,
      body: { object: 'login_link', created: Math.floor(Date.now() / 1000), url: `${this.url}/express/${id}/login` },
    };
  }

  private oauthToken(request: RecordedStripeRequest): Answer {
    const accountId = this.oauthCodes.get(request.form.code);
    if (request.form.grant_type !== 'authorization_code' || !accountId) {
      // OAuth errors have their own shape (RFC 6749), which the SDK turns into StripeInvalidGrantError.
      return {
        status: 400,
        body: { error: 'invalid_grant', error_description: `Authorization code does not exist: ${request.form.code}` },
      };
    }
    this.oauthCodes.delete(request.form.code);
    return {
      status: 200,
      body: {
        access_token: 'sk_test_fake_access',
        livemode: false,
        refresh_token: 'rt_fake',
        scope: 'read_write',
        stripe_publishable_key: 'pk_test_fake',
        stripe_user_id: accountId,
        token_type: 'bearer',
      },
    };
  }

  /** What Stripe does once the user authorizes: back to redirect_uri with a code and the state. */
  private oauthAuthorize(request: RecordedStripeRequest): Answer {
    const redirect = new URL(request.query.redirect_uri);
    redirect.searchParams.set('scope', request.query.scope ?? 'read_write');
    redirect.searchParams.set('code', this.issueOAuthCode());
    redirect.searchParams.set('state', request.query.state ?? '');
    return { status: 302, body: undefined, headers: { Location: redirect.toString() } };
  }

  private noSuchAccount(id: string): Answer {
    return stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such account: '${id}'`,
      param: 'account',
    });
  }

  private accountObject(account: FakeAccount): Record<string, unknown> {
    return {
      id: account.id,
      object: 'account',
      type: account.dashboard === 'full' ? 'standard' : 'express',
      controller: {
        type: 'application',
        is_controller: true,
        stripe_dashboard: { type: account.dashboard },
        requirement_collection: 'stripe',
        ...(account.dashboard === 'express'
          ? { fees: { payer: 'application' }, losses: { payments: 'application' } }
          : { fees: { payer: 'account' }, losses: { payments: 'stripe' } }),
      },
      country: 'US',
      email: account.email,
      charges_enabled: account.chargesEnabled,
      payouts_enabled: account.payoutsEnabled,
      details_submitted: account.detailsSubmitted,
      capabilities: {
        card_payments: account.chargesEnabled ? 'active' : 'inactive',
        transfers: account.payoutsEnabled ? 'active' : 'inactive',
        us_bank_account_ach_payments: account.chargesEnabled && account.bankDebitsEnabled ? 'active' : 'inactive',
      },
      created: Math.floor(Date.now() / 1000),
    };
  }
}

/** An event as Stripe sends it to a Connect webhook endpoint. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; account?: string; createdUnixSeconds?: number } = {},
): Record<string, unknown> {
  return {
    id: options.id ?? `evt_test_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.createdUnixSeconds ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    ...(options.account ? { account: options.account } : {}),
    data: { object },
  };
}

/** The `Stripe-Signature` header Stripe would send for this exact body. */
export function signStripeWebhook(body: string, secret: string, timestampUnixSeconds?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: timestampUnixSeconds });
}
