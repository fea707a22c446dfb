import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small local stand-in for the Stripe endpoints the payment gateway uses, so that tests run the
 * real stripe SDK over real HTTP (STRIPE_API_BASE=fake.url). It answers like Stripe for:
 *   POST /v1/accounts (replays the first answer for a repeated Idempotency-Key)
 *   GET  /v1/accounts/:id, POST /v1/account_links, POST /v1/accounts/:id/login_links
 *   POST /oauth/token, and GET /oauth/authorize (redirects straight back with a code)
 *   POST /v1/payment_intents (confirmed direct charges on the Stripe-Account, with Stripe's test
 *     payment methods pm_card_visa, pm_card_chargeDeclined, ...; replays per account and Idempotency-Key)
 * and records every request for assertions.
 */

/** Stripe's test payment method ids and how each behaves when charged (docs.stripe.com/testing). */
const TEST_PAYMENT_METHODS: Record<string, { brand: string; last4: string; decline?: { code: string; decline_code: string; message: string } }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
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

export interface FakeCharge {
  account: string;
  paymentIntentId: string;
  chargeId: string;
  amount: number;
  applicationFeeAmount: number;
  stripeFee: number;
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

const stripeError = (status: number, error: StripeErrorBody): Answer => ({ status, body: { error } });

const matches = (rule: { method: string; path: string | RegExp }, request: RecordedStripeRequest): boolean =>
  rule.method === request.method && (typeof rule.path === 'string' ? rule.path === request.path : rule.path.test(request.path));

export class FakeStripe {
  readonly requests: RecordedStripeRequest[] = [];
  private readonly accounts = new Map<string, FakeAccount>();
  private readonly oauthCodes = new Map<string, string>();
  private readonly idempotentAnswers = new Map<string, Answer>();
  private readonly failures: { method: string; path: string | RegExp; answer: Answer }[] = [];
  private readonly drops: { method: string; path: string | RegExp }[] = [];
  /** Every successful charge made, once each (a replayed key adds nothing). */
  readonly charges: FakeCharge[] = [];
  private sequence = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeStripe> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeStripe(server, `http://127.0.0.1:${port}`);
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
    };
    const next = { ...current, ...flags };
    this.accounts.set(id, next);
    return { ...next };
  }

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

  private nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}${this.sequence}${randomBytes(3).toString('hex')}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.url);
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

  /** A confirmed direct charge (Stripe-Account) with an application fee; balance transaction on request. */
  private createPaymentIntent(request: RecordedStripeRequest): Answer {
    const account = request.stripeAccount;
    const key = request.idempotencyKey && account ? `${account}:${request.idempotencyKey}` : undefined;
    const replay = key ? this.idempotentAnswers.get(key) : undefined;
    if (replay) return { ...replay, headers: { 'Idempotent-Replayed': 'true' } };
    const answer = this.paymentIntentAnswer(request);
    if (key) this.idempotentAnswers.set(key, answer);
    return answer;
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
    const method = TEST_PAYMENT_METHODS[form.payment_method];
    if (!method) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such PaymentMethod: '${form.payment_method}'`,
        param: 'payment_method',
      });
    }
    const paymentIntentId = this.nextId('pi_fake_');
    if (method.decline) {
      return {
        status: 402,
        body: { error: { type: 'card_error', ...method.decline, payment_intent: { id: paymentIntentId, status: 'requires_payment_method' } } },
      };
    }
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

  private retrieveAccount(id: string): Answer {
    const account = this.accounts.get(id);
    if (!account) return this.noSuchAccount(id);
    return { status: 200, body: this.accountObject(account) };
  }

  private createAccountLink(request: RecordedStripeRequest): Answer {
    const id = request.form.account;
    if (!this.accounts.has(id)) return this.noSuchAccount(id);
    const created = Math.floor(Date.now() / 1000);
    return {
      status: 200,
      body: {
        object: 'account_link',
        created,
        expires_at: created + 300,
        url: `${this.url}/setup/e/${id}/${randomBytes(6).toString('hex')}`,
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
