import type { BillTo } from '@rentwise/libs/authorize-net';
import type { Cents } from '@rentwise/libs/money';
import type { GatewayEvent, ProviderEvent } from '../../../infrastructure/inbox/provider-events';

/**
 * The second card gateway, for landlords an operator puts on it (docs/decisions/0019): Authorize.Net,
 * charged on the platform's own merchant account with a payment nonce from the gateway's browser
 * tokenizer (Accept.js). Adapters: AuthorizeNetApiGateway (the official `authorizenet` SDK) and
 * AuthorizeNetSandbox (offline, the default without keys, refused in production).
 *
 * Inject `AuthorizeNetGateway` (this abstract class is the Nest token).
 */

/** What the browser's card form needs to reach the gateway's tokenizer. */
export type AuthorizeNetClientSetup =
  | { kind: 'accept_js'; scriptUrl: string; apiLoginId: string; clientKey: string }
  | { kind: 'sandbox'; tokenizerUrl: string };

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

export abstract class AuthorizeNetGateway {
  /** Stored with attempts, journals and inbox rows. */
  abstract readonly name: 'authorize_net' | 'authorize_net_sandbox';

  /** True when real money moves (the production environment): sandbox events are refused then. */
  abstract readonly livemode: boolean;

  /** The platform's merchant account at the gateway: every charge lands on it (the ledger's account reference). */
  abstract readonly merchantAccount: string;

  /** What the card form needs; null when this installation has no Authorize.Net (production without keys). */
  abstract readonly clientSetup: AuthorizeNetClientSetup | null;

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

  /** Verifies `X-ANET-Signature` (HMAC-SHA512 of the exact body with the signature key). Throws InvalidWebhookSignature. */
  abstract parseWebhook(rawBody: Buffer, signatureHeader: string): GatewayEvent;

  /** The event in the product's words, or null when the product does not act on its type. */
  abstract translateEvent(event: GatewayEvent): ProviderEvent | null;
}
