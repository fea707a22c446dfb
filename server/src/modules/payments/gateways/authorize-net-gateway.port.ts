import type { BillTo } from '@rentwise/libs/authorize-net';
import type { Cents } from '@rentwise/libs/money';
import type { GatewayEvent, ProviderEvent } from '../../../infrastructure/inbox/provider-events';
import { translateAuthorizeNetEvent } from './authorize-net/authorize-net-events';

/**
 * The second card gateway, for landlords an operator puts on it (docs/decisions/0019, 0046):
 * Authorize.Net, charged on each landlord's own merchant account with a payment nonce from the
 * gateway's browser tokenizer (Accept.js). `AuthorizeNetMerchants` (the Nest token) checks keys and
 * makes an `AuthorizeNetGateway` for one merchant account's keys. Adapters: AuthorizeNetApi (the
 * official `authorizenet` SDK) and AuthorizeNetSandbox (offline, development and tests, refused in production).
 */

/** A merchant account's keys (Account > Settings > API Credentials & Keys). */
export interface AuthorizeNetCredentials {
  apiLoginId: string;
  transactionKey: string;
  /** Verifies the account's webhooks (X-ANET-Signature). */
  signatureKey: string;
  /** Accept.js's public key: the only one a browser sees, with the login id. */
  publicClientKey: string;
}

/** What the browser's card form needs to reach the gateway's tokenizer, with the landlord's login id and public key. */
export type AuthorizeNetClientSetup =
  | { kind: 'accept_js'; scriptUrl: string; apiLoginId: string; clientKey: string }
  | { kind: 'sandbox'; tokenizerUrl: string; apiLoginId: string; clientKey: string };

/** Accept.js's single-use payment nonce (opaque data): card data never comes to us. */
export interface PaymentNonce {
  dataDescriptor: string;
  dataValue: string;
}

export interface ChargeNonce {
  nonce: PaymentNonce;
  amountCents: Cents;
  /** Unique per attempt (20 characters at most): a retried attempt finds its transaction by it. */
  invoiceNumber: string;
  /** Echoed in the answer (20 characters at most). */
  refId: string;
  /** Charge label, timestamp, card type and last digits. */
  description: string;
  billTo: BillTo;
}

export type AuthorizeNetTransactionStatus = 'approved' | 'declined' | 'held' | 'voided' | 'error';

/** A transaction as the gateway reports it now. */
export interface AuthorizeNetTransaction {
  transactionId: string;
  kind: 'charge' | 'refund';
  status: AuthorizeNetTransactionStatus;
  /** The gateway's response reason code and text (2: 'This transaction has been declined.'). */
  reasonCode: string | null;
  reasonText: string | null;
  invoiceNumber: string | null;
  amountCents: Cents;
  submittedAt: Date;
  card: { brand: string | null; last4: string | null };
  /** For a refund: the charge it gives money back from. */
  refTransactionId: string | null;
  /**
   * In a settled batch: a charge can then only be refunded (a refund needs its card's last four);
   * before, it can only be voided, in full.
   */
  settled: boolean;
}

/** Money given back from a settled charge to the card it came from. */
export interface RefundTransaction {
  /** The charge refunded. */
  transactionId: string;
  amountCents: Cents;
  /** The card's last four digits: the gateway refunds to the card it names (with 'XXXX' for the expiry). */
  cardLast4: string;
  /** Unique per refund (20 characters at most): a retry finds the refund by it, and the gateway refuses it twice. */
  invoiceNumber: string;
}

/** A batch the gateway settled for the merchant account: what it deposits (getSettledBatchListRequest). */
export interface AuthorizeNetSettledBatch {
  batchId: string;
  settledAt: Date;
  /** The gateway's settlementState: 'settledSuccessfully', 'settlementError' or 'pendingSettlement'. */
  state: string;
}

/**
 * How a transaction counts in a batch: settled (a charge in, a refund out), or money taken back from a
 * settled charge by the card holder's bank (a chargeback; a returned item for a bank account) or given
 * back to the merchant (a chargeback reversal), listed under the charge's own id in the batch that moves it.
 */
export type AuthorizeNetBatchStatus = 'settled' | 'chargeback' | 'chargeback_reversal' | 'returned_item' | 'other';

/** One transaction of a settled batch (getTransactionListRequest). */
export interface AuthorizeNetBatchTransaction {
  transactionId: string;
  kind: 'charge' | 'refund';
  status: AuthorizeNetBatchStatus;
  amountCents: Cents;
  invoiceNumber: string | null;
  /** For a refund: the charge it gives money back from. */
  refTransactionId: string | null;
  submittedAt: Date;
}

export type AuthorizeNetProviderName = 'authorize_net' | 'authorize_net_sandbox';

/** `anet:<login id>`: the ledger's and the attempts' account reference for a merchant account. */
export const merchantAccountOf = (apiLoginId: string): string => `anet:${apiLoginId}`;

/** The login id a merchant account reference names, or null when it is not one (a Stripe `acct_...`). */
export const apiLoginIdOf = (merchantAccount: string): string | null =>
  merchantAccount.startsWith('anet:') ? merchantAccount.slice('anet:'.length) : null;

/** Authorize.Net for this installation's environment: checks merchant accounts' keys and works with them. */
export abstract class AuthorizeNetMerchants {
  /** Stored with attempts, journals and inbox rows. */
  abstract readonly name: AuthorizeNetProviderName;

  /**
   * True when Authorize.Net accepts these keys (authenticateTestRequest); false when it refuses them.
   * Throws PaymentGatewayError when it did not answer.
   */
  abstract authenticate(credentials: AuthorizeNetCredentials): Promise<boolean>;

  /** One merchant account's gateway, working with its keys. */
  abstract gatewayFor(credentials: AuthorizeNetCredentials): AuthorizeNetGateway;

  /** The event in the product's words, or null when the product does not act on its type. */
  translateEvent(event: GatewayEvent): ProviderEvent | null {
    return translateAuthorizeNetEvent(event);
  }
}

/** One merchant account at Authorize.Net (a landlord's), with its keys. */
export abstract class AuthorizeNetGateway {
  /** Stored with attempts, journals and inbox rows. */
  abstract readonly name: AuthorizeNetProviderName;

  /** True when real money moves (the production environment): sandbox events are refused then. */
  abstract readonly livemode: boolean;

  /** `anet:<login id>`: every charge of this account carries it (the ledger's account reference). */
  abstract readonly merchantAccount: string;

  /** What the card form needs. */
  abstract readonly clientSetup: AuthorizeNetClientSetup;

  /**
   * An authorize-and-capture transaction with the nonce. Answers the transaction when approved; throws
   * CardDeclined (declined, or the nonce refused), or PaymentGatewayError (no answer, or an error
   * that says nothing about the card: retryable when trying again may work).
   */
  abstract chargeNonce(input: ChargeNonce): Promise<AuthorizeNetTransaction>;

  /**
   * The charge (or refund) made under an invoice number in the last days, or null: how a retried
   * attempt or refund learns what the lost answer said.
   */
  abstract findChargeByInvoiceNumber(invoiceNumber: string): Promise<AuthorizeNetTransaction | null>;

  /**
   * A refund of a settled charge, approved (its transaction, kind `refund`). Throws PaymentGatewayError
   * with the gateway's reason (`retryable` when it did not answer, or refused a duplicate).
   */
  abstract refundTransaction(input: RefundTransaction): Promise<AuthorizeNetTransaction>;

  /** Voids a charge not settled yet, in full: the charge as it is now (`voided`). Throws PaymentGatewayError. */
  abstract voidTransaction(transactionId: string): Promise<AuthorizeNetTransaction>;

  /** Throws ProviderObjectNotFound. */
  abstract retrieveTransaction(transactionId: string): Promise<AuthorizeNetTransaction>;

  /** The batches settled between the two times (at most 31 days apart), oldest first. Throws PaymentGatewayError. */
  abstract listSettledBatches(from: Date, to: Date): Promise<AuthorizeNetSettledBatch[]>;

  /** Every transaction of a settled batch. Throws PaymentGatewayError. */
  abstract listBatchTransactions(batchId: string): Promise<AuthorizeNetBatchTransaction[]>;

  /**
   * Verifies `X-ANET-Signature` (HMAC-SHA512 of the exact body with this account's signature key) and
   * names the account in the event. Throws InvalidWebhookSignature.
   */
  abstract parseWebhook(rawBody: Buffer, signatureHeader: string): GatewayEvent;
}
