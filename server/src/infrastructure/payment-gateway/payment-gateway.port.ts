import type { Cents } from '@rentwise/libs/money';
import type { ProviderEvent } from './provider-events';

/**
 * What the product needs from a card payment provider, in its own words. Adapters: StripeGateway
 * (Stripe Connect) and SandboxGateway (offline, the default without STRIPE_SECRET_KEY).
 *
 * Inject `PaymentGateway` (this abstract class is the Nest token). Rent is a direct charge on the
 * landlord's connected account with our platform fee as Stripe's application fee (docs/decisions/0012).
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
  /** False for the provider's test mode; a live installation refuses test events. */
  livemode: boolean;
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

/** A tenant's card charged for rent, directly on the landlord's connected account. */
export interface ChargeCard {
  /** The landlord's connected account: the charge is made on it (Stripe-Account), not on ours. */
  connectedAccountId: string;
  /** A payment method created on that connected account by the provider's card form (never card data). */
  paymentMethodId: string;
  /** What the card is charged, processing fee included. */
  amountCents: Cents;
  /** Our share of the charge (the dated platform fee), moved to the platform's balance by the provider. */
  platformFeeCents: Cents;
  /** Shown on the landlord's provider dashboard. */
  description: string;
  /** Same key, same charge: a retried or doubled request charges the card once. */
  idempotencyKey: string;
  /** Our ids, stored with the charge at the provider so either side can find the other. */
  metadata: Record<string, string>;
}

/** A charge that succeeded. Every provider id comes with the account it lives on. */
export interface CardCharge {
  connectedAccountId: string;
  /** `pi_...` */
  paymentIntentId: string;
  /** `ch_...` */
  chargeId: string;
  /** `txn_...`, the charge's balance transaction on the connected account, when the provider has made it. */
  balanceTransactionId: string | null;
  amountCents: Cents;
  platformFeeCents: Cents;
  /** The processor's own fee on the charge (its balance transaction's fee_details, our platform fee excluded). */
  processorFeeCents: Cents | null;
  /** When the provider charged the card: the payment's date everywhere (fee eras, billing months). */
  chargedAt: Date;
  card: { brand: string | null; last4: string | null };
}

/** Which of our two webhook endpoints an event came to: our own account's, or the connected accounts'. */
export type WebhookEndpoint = 'platform' | 'connect';

/** A payment intent as the provider reports it now. */
export interface ProviderPaymentIntent {
  accountId: string;
  paymentIntentId: string;
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed' | 'canceled';
  latestChargeId: string | null;
  /** Our ids, as given to chargeCard. */
  metadata: Record<string, string>;
  /** The provider's message for the card holder, when the last attempt failed. */
  failure: { code: string; message: string } | null;
}

/** A refund as the provider reports it now. Direct charges: its money leaves the landlord's account. */
export interface ProviderRefund {
  refundId: string;
  chargeId: string;
  amountCents: Cents;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  createdAt: Date;
}

/** A card charge as the provider reports it now, with its refunds. */
export interface ProviderCharge {
  accountId: string;
  chargeId: string;
  paymentIntentId: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  amountCents: Cents;
  platformFeeCents: Cents;
  balanceTransactionId: string | null;
  processorFeeCents: Cents | null;
  chargedAt: Date;
  /** Our ids, as given to chargeCard (`cardPaymentId`, ...). */
  metadata: Record<string, string>;
  card: { brand: string | null; last4: string | null };
  refunds: ProviderRefund[];
}

/** One movement of a dispute's money on the landlord's balance (funds withdrawn, or reinstated). */
export interface DisputeMovement {
  balanceTransactionId: string;
  /** Negative when funds are withdrawn, positive when they are given back. */
  amountCents: Cents;
  /** The provider's dispute fee on this movement (negative when it is given back). */
  feeCents: Cents;
  createdAt: Date;
}

export interface ProviderDispute {
  accountId: string;
  disputeId: string;
  chargeId: string;
  amountCents: Cents;
  /** `won` and `lost` are final; anything else is still open. */
  status: 'open' | 'won' | 'lost';
  movements: DisputeMovement[];
  /** When the dispute was decided, when it has been. */
  closedAt: Date | null;
  /** The last day the landlord can answer with evidence, when the provider says (Stripe's `evidence_details.due_by`). */
  evidenceDueBy: Date | null;
}

export interface ProviderPayout {
  accountId: string;
  payoutId: string;
  amountCents: Cents;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  initiatedAt: Date;
  expectedArrivalAt: Date;
  failureMessage: string | null;
}

/** A line on a connected account's balance: what a payout is made of, and what reconciliation checks. */
export interface ProviderBalanceTransaction {
  balanceTransactionId: string;
  kind: 'charge' | 'refund' | 'refund_failure' | 'dispute' | 'dispute_reversal' | 'payout' | 'other';
  amountCents: Cents;
  feeCents: Cents;
  netCents: Cents;
  createdAt: Date;
  /** The object that moved the money: `ch_`, `re_`, `dp_`, `po_` ... */
  sourceId: string | null;
  /** The charge it is about (itself, the refunded or the disputed charge). */
  chargeId: string | null;
}

export type BalanceTransactionFilter = { payoutId: string } | { createdFrom: Date; createdTo: Date };

export abstract class PaymentGateway {
  abstract readonly name: 'stripe' | 'sandbox';

  /** What the browser's card form needs (Stripe.js); null for the sandbox, whose card form is our own page. */
  abstract readonly publishableKey: string | null;

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

  /** True when real money moves (a live key): test-mode events are refused then. */
  abstract readonly livemode: boolean;

  /**
   * Verifies the signature over the exact bytes received with the endpoint's own secret (the
   * platform's, or the Connect endpoint's). Throws InvalidWebhookSignature.
   */
  abstract parseWebhook(rawBody: Buffer, signatureHeader: string, endpoint?: WebhookEndpoint): GatewayEvent;

  /** The event in the product's words, or null when the product does not act on this type. */
  abstract translateEvent(event: GatewayEvent): ProviderEvent | null;

  /** Throws ProviderObjectNotFound. */
  abstract retrievePaymentIntent(accountId: string, paymentIntentId: string): Promise<ProviderPaymentIntent>;

  /** The charge and its refunds, now. Throws ProviderObjectNotFound. */
  abstract retrieveCharge(accountId: string, chargeId: string): Promise<ProviderCharge>;

  /** Throws ProviderObjectNotFound. */
  abstract retrieveDispute(accountId: string, disputeId: string): Promise<ProviderDispute>;

  /** Throws ProviderObjectNotFound. */
  abstract retrievePayout(accountId: string, payoutId: string): Promise<ProviderPayout>;

  /** Every balance transaction of a payout, or created in a time range, on the connected account. */
  abstract listBalanceTransactions(accountId: string, filter: BalanceTransactionFilter): Promise<ProviderBalanceTransaction[]>;

  /**
   * Charges the card on the landlord's connected account and confirms it at once. Throws CardDeclined
   * (the provider's message is for the tenant), ConnectedAccountNotFound, or PaymentGatewayError.
   */
  abstract chargeCard(input: ChargeCard): Promise<CardCharge>;
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

/** The provider does not know the charge, refund, dispute or payout (or not on that account). */
export class ProviderObjectNotFound extends PaymentGatewayError {}

/**
 * The card was refused (declined, insufficient funds, expired, wrong security code, ...). The message
 * is the provider's own, written for the card holder, and is shown to the tenant as it is.
 */
export class CardDeclined extends PaymentGatewayError {}

/** The OAuth code is unknown, expired or already used (each code works once). */
export class OAuthCodeRejected extends PaymentGatewayError {}

/** The body was not signed by the provider with our webhook secret (or is too old to trust). */
export class InvalidWebhookSignature extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookSignature';
  }
}
