/**
 * What the product needs from a card payment provider, in its own words. Adapters: StripeGateway
 * (Stripe Connect) and SandboxGateway (offline, the default without STRIPE_SECRET_KEY).
 *
 * Inject `PaymentGateway` (this abstract class is the Nest token). Card charges (a PaymentIntent
 * with a destination transfer to the landlord's account) will be new methods beside these;
 * their webhooks already arrive through `parseWebhook` as `GatewayEvent`s.
 */

/** A landlord's connected (payout) account, as the provider reports it now. */
export interface ConnectedAccountState {
  accountId: string;
  /** The account can accept card payments. */
  chargesEnabled: boolean;
  /** The provider will pay funds out to the landlord's bank. */
  payoutsEnabled: boolean;
  /** The landlord has been through onboarding once (the provider may still ask for more). */
  detailsSubmitted: boolean;
}

/** A verified provider event. Only ids, the type and the provider's object: no entities. */
export interface GatewayEvent {
  /** The provider's event id (`evt_...`): unique per event, so it doubles as the queue job id. */
  id: string;
  /** The provider's event type, e.g. `account.updated`, later `payment_intent.succeeded`. */
  type: string;
  /** The connected account the event is about, when there is one. */
  accountId?: string;
  createdUnixSeconds: number;
  /** The event's object as the provider sent it (an Account for `account.*`). */
  data: Record<string, unknown>;
}

export interface CreateConnectedAccount {
  email: string;
  /** Same key, same account: a retried request never opens a second account. */
  idempotencyKey: string;
}

export interface CreateAccountLink {
  accountId: string;
  /** Where the provider sends the landlord when the link has expired or was already used: make a new link there. */
  refreshUrl: string;
  /** Where the provider sends the landlord after onboarding (finished or not: check `retrieveAccount`). */
  returnUrl: string;
}

export interface OAuthAuthorize {
  /** Opaque value the provider hands back unchanged on redirect; verify it there (CSRF). */
  state: string;
  /** Must be registered with the provider (Stripe: Connect settings > Redirects). */
  redirectUri: string;
  /** Prefills the provider's sign-in form. */
  email?: string;
}

export abstract class PaymentGateway {
  abstract readonly name: 'stripe' | 'sandbox';

  /** Whether `oauthAuthorizeUrl` works (Stripe needs STRIPE_CLIENT_ID for it). */
  abstract readonly supportsOAuth: boolean;

  /** Opens a US payout account (card payments and transfers requested) for a new landlord. */
  abstract createConnectedAccount(input: CreateConnectedAccount): Promise<{ accountId: string }>;

  /** A single-use URL of the provider's hosted onboarding for that account. */
  abstract createAccountLink(input: CreateAccountLink): Promise<{ url: string }>;

  /**
   * For landlords who already have a Stripe account: where to send the browser to authorize us.
   * The provider redirects to `redirectUri?code=...&state=...` (or `?error=...&state=...`).
   */
  abstract oauthAuthorizeUrl(input: OAuthAuthorize): string;

  /** Trades the code from the OAuth redirect for the landlord's account id (server side; the secret stays here). Throws OAuthCodeRejected. */
  abstract exchangeOAuthCode(code: string): Promise<{ accountId: string }>;

  /** Throws ConnectedAccountNotFound when the provider does not know the account. */
  abstract retrieveAccount(accountId: string): Promise<ConnectedAccountState>;

  /** A short-lived URL where the landlord sees their payouts (Express login link, or the full dashboard). */
  abstract createDashboardLink(accountId: string): Promise<{ url: string }>;

  /** Verifies the signature over the exact bytes received. Throws InvalidWebhookSignature. */
  abstract parseWebhook(rawBody: Buffer, signatureHeader: string): GatewayEvent;
}

export interface PaymentGatewayErrorOptions {
  /** The provider's error code (`resource_missing`, `invalid_grant`, ...), for logs and branching. */
  code?: string;
  /** True when trying again later may succeed (network, rate limit, provider outage). */
  retryable?: boolean;
  cause?: unknown;
}

/** The provider refused or could not be reached. The message is for logs, not for users. */
export class PaymentGatewayError extends Error {
  readonly code?: string;
  readonly retryable: boolean;

  constructor(message: string, options: PaymentGatewayErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    this.retryable = options.retryable ?? false;
  }
}

export class ConnectedAccountNotFound extends PaymentGatewayError {}

/** The OAuth code is unknown, expired or already used (each code works once). */
export class OAuthCodeRejected extends PaymentGatewayError {}

/** The body was not signed by the provider with our webhook secret (or is too old to trust). */
export class InvalidWebhookSignature extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookSignature';
  }
}
