import type { Cents } from '@rentwise/libs/money';
import type { GatewayEvent, ProviderEvent, WebhookEndpoint } from '../../../infrastructure/inbox/provider-events';
import { PayoutAccountProvider } from '../../onboarding/contracts/payout-account-provider.port';

/**
 * What the product needs from a card payment provider, in its own words. Adapters: StripeGateway
 * (Stripe Connect) and SandboxGateway (offline, the default without STRIPE_SECRET_KEY).
 *
 * Inject `PaymentGateway` (this abstract class is the Nest token). Rent is a direct charge on the
 * landlord's connected account with our platform fee as Stripe's application fee (docs/decisions/0012).
 */

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
  /**
   * A card the tenant saved for payments without them (autopay), charged while they are away: with
   * the provider's customer it is attached to, off-session. A card needing the tenant (3-D Secure)
   * is then declined at once, never left waiting for a browser.
   */
  offSession?: { customerId: string };
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

/** A bank account debited for rent (ACH), directly on the landlord's connected account. */
export interface DebitBankAccount extends Omit<ChargeCard, 'paymentMethodId'> {
  /** A bank account payment method on that connected account, from the provider's bank link step. */
  paymentMethodId: string;
  /** The tenant's online acceptance of the debit (Stripe's mandate_data.customer_acceptance). */
  mandate: { acceptedAt: Date; ipAddress: string; userAgent: string | null };
  /** The provider's customer the payment method is attached to (linked through Financial Connections): debited with it. */
  customerId?: string | null;
}

/** What the browser's bank link step (Stripe's Financial Connections) needs, for a tenant on the landlord's connected account. */
export interface CreateBankLinkSession {
  connectedAccountId: string;
  /** The tenant's customer on that account, or null to make one now. */
  customerId: string | null;
  customer: { name: string; email: string };
  /** Same key, same customer: a doubled request makes one. */
  idempotencyKey: string;
}

export interface BankLinkSession {
  /** The SetupIntent's client secret, for Stripe.js's collectBankAccountForSetup and confirmUsBankAccountSetup. */
  clientSecret: string;
  customerId: string;
}

/** What the browser's card setup step needs: the same customer of the tenant on the same account as a bank link's. */
export type CreateCardSetup = CreateBankLinkSession;

/** Saving a card for payments without the tenant, started at the provider. */
export interface CardSetupSession {
  /**
   * The client secret of a SetupIntent for later payments without the tenant (`usage: off_session`),
   * for Stripe.js's confirmCardSetup; null in the sandbox, whose card form makes the payment method.
   */
  clientSecret: string | null;
  /** `seti_...`, which the browser hands back once it is confirmed; null in the sandbox. */
  setupIntentId: string | null;
  customerId: string;
}

/** What the browser's card setup step left: the SetupIntent Stripe.js confirmed, or the payment method the sandbox's card form made. */
export type CardSetupResult = { setupIntentId: string } | { paymentMethodId: string };

/** A card saved through the provider, as the provider describes it: never its number. */
export interface ProviderSavedCard {
  /** Saved for payments without the tenant: the setup succeeded, for off-session use. */
  offSessionReady: boolean;
  /** The customer the card is attached to (`cus_...`): whose card it is. */
  customerId: string | null;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A bank debit the provider took: processing until the bank settles it (or already decided). */
export interface BankDebit {
  connectedAccountId: string;
  paymentIntentId: string;
  chargeId: string;
  status: 'processing' | 'succeeded' | 'failed';
  amountCents: Cents;
  /** When the debit was made: the payment's date everywhere (fee eras, billing months), not the settlement's. */
  chargedAt: Date;
  bank: LinkedBankAccount;
  /** The provider's mandate (`mandate_...`), when it made one. */
  mandateId: string | null;
}

/** A linked bank account as the provider describes it: never its numbers. */
export interface LinkedBankAccount {
  bankName: string;
  last4: string;
}

/** A bank account payment method and whether it can be debited now (verified, not blocked by the provider). */
export interface ProviderBankAccount extends LinkedBankAccount {
  paymentMethodId: string;
  usable: boolean;
  /** The provider's customer it is attached to (`cus_...`), if any: a debit must name it. */
  customerId: string | null;
}

/** A SetupIntent that links a bank account for later (Financial Connections, or microdeposits verified on the provider's page). */
export interface ProviderSetupIntent {
  accountId: string;
  setupIntentId: string;
  /** `succeeded` once the account is verified; `requires_action` while its microdeposits wait. */
  status: 'succeeded' | 'requires_action' | 'other';
  /** The customer the payment method is attached to (`cus_...`): whose account it is. */
  customerId: string | null;
  /** The bank account linked, when there is one. */
  bankAccount: ProviderBankAccount | null;
  /** How it was verified: as the tenant linked it (signed in to their bank), or later by microdeposits. */
  verification: 'instant' | 'microdeposits' | null;
}

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

/** A landlord's refund of (part of) a charge on their connected account: its money leaves their balance. */
export interface RefundCharge {
  connectedAccountId: string;
  chargeId: string;
  amountCents: Cents;
  /** Same key, same refund: a retried or doubled request refunds once. */
  idempotencyKey: string;
  /** Our ids (`refundId`, `receiptId`), stored with the refund at the provider. */
  metadata: Record<string, string>;
}

/** A card charge as the provider reports it now, with its refunds. */
export interface ProviderCharge {
  accountId: string;
  chargeId: string;
  paymentIntentId: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  /** The provider's failure code (a bank debit's return reason: `insufficient_funds`, `account_closed`...). */
  failureCode: string | null;
  amountCents: Cents;
  platformFeeCents: Cents;
  balanceTransactionId: string | null;
  processorFeeCents: Cents | null;
  chargedAt: Date;
  /** Our ids, as given to chargeCard (`cardPaymentId`, ...). */
  metadata: Record<string, string>;
  card: { brand: string | null; last4: string | null };
  /** Set for a bank debit (its account's bank name and last four digits). */
  bank: LinkedBankAccount | null;
  /** A bank debit's mandate at the provider (`mandate_...`), when it has one. */
  mandateId?: string | null;
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

export abstract class PaymentGateway extends PayoutAccountProvider {
  /** What the browser's card form needs (Stripe.js); null for the sandbox, whose card form is our own page. */
  abstract readonly publishableKey: string | null;

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

  /**
   * Refunds part or all of a charge on the connected account, once per idempotency key, out of the
   * landlord's balance: our platform fee is kept (decision 0044). Throws PaymentGatewayError (the
   * provider refused it, or did not answer: `retryable`).
   */
  abstract refundCharge(input: RefundCharge): Promise<ProviderRefund>;

  /** A linked bank account on the connected account. Throws ProviderObjectNotFound. */
  abstract retrieveBankAccount(accountId: string, paymentMethodId: string): Promise<ProviderBankAccount>;

  /**
   * Debits the bank account on the landlord's connected account, once per idempotency key: the
   * answer is usually `processing`. Throws CardDeclined (the provider refused the account at once,
   * its message for the tenant), ConnectedAccountNotFound, or PaymentGatewayError.
   */
  abstract debitBankAccount(input: DebitBankAccount): Promise<BankDebit>;

  /**
   * Starts linking a bank account (Stripe's Financial Connections): ensures the tenant's customer on
   * the connected account and makes a SetupIntent for it. Throws ConnectedAccountNotFound or PaymentGatewayError.
   */
  abstract createBankLinkSession(input: CreateBankLinkSession): Promise<BankLinkSession>;

  /**
   * Starts saving a card for autopay: ensures the tenant's customer on the connected account (the one
   * a bank link uses) and, at Stripe, makes a SetupIntent for off-session use. Throws
   * ConnectedAccountNotFound or PaymentGatewayError.
   */
  abstract createCardSetup(input: CreateCardSetup): Promise<CardSetupSession>;

  /**
   * The card the browser's setup step saved on the connected account, as the provider describes it:
   * Stripe's SetupIntent read back; the sandbox's payment method, attached now to `customerId` as
   * confirmCardSetup attaches it at Stripe (a card already attached stays with its customer). Throws
   * ProviderObjectNotFound (no such setup or card there), or CardDeclined (the card was refused as it
   * was saved, with the provider's message).
   */
  abstract finishCardSetup(accountId: string, customerId: string, result: CardSetupResult): Promise<ProviderSavedCard>;

  /** A SetupIntent of a bank link, now, with its bank account. Throws ProviderObjectNotFound. */
  abstract retrieveSetupIntent(accountId: string, setupIntentId: string): Promise<ProviderSetupIntent>;

  /** A bank debit's mandate as the provider holds it now. Throws ProviderObjectNotFound. */
  abstract retrieveMandate(accountId: string, mandateId: string): Promise<{ mandateId: string; status: 'active' | 'inactive' | 'pending' }>;
}

