/**
 * The errors every payment provider adapter throws, in the product's words: the modules that call a
 * provider and the inbox that hands its events on branch on them.
 */

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
