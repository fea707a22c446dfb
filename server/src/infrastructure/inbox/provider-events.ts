/**
 * Provider events in the product's words. The adapter translates each provider event type into one
 * of these (or none: the event stays in the inbox as unhandled). They carry only ids: a handler
 * re-reads the provider's object and acts on its current state, never on the event's copy.
 */
export type ProviderEvent =
  | { type: 'ChargeSucceeded'; accountId: string; chargeId: string | null; paymentIntentId: string | null }
  | { type: 'ChargeFailed'; accountId: string; paymentIntentId: string }
  /** A charge moved on without succeeding or failing yet (a bank debit processing, `charge.updated`): re-read it. */
  | { type: 'ChargeChanged'; accountId: string; chargeId: string | null; paymentIntentId: string | null }
  /** A bank debit's mandate changed (made inactive when the account holder revokes it or the account closes). */
  | { type: 'MandateChanged'; accountId: string; mandateId: string }
  /** A bank account linked for later was verified (its microdeposits, `setup_intent.succeeded`): re-read the SetupIntent. */
  | { type: 'BankAccountVerified'; accountId: string; setupIntentId: string }
  | { type: 'ChargeRefunded'; accountId: string; chargeId: string }
  | { type: 'DisputeOpened'; accountId: string; disputeId: string }
  | { type: 'DisputeClosed'; accountId: string; disputeId: string }
  | { type: 'PayoutPaid'; accountId: string; payoutId: string }
  | { type: 'PayoutFailed'; accountId: string; payoutId: string }
  | { type: 'PayoutAccountChanged'; accountId: string }
  /** Authorize.Net: a transaction of a merchant account (`anet:<login id>`, named by its webhook URL) was made, refunded or voided. */
  | { type: 'AuthorizeNetTransactionChanged'; merchantAccount: string; transactionId: string };

export type ProviderEventType = ProviderEvent['type'];

export type ProviderEventOf<Type extends ProviderEventType> = Extract<ProviderEvent, { type: Type }>;

export const PROVIDER_EVENT_TYPES: readonly ProviderEventType[] = [
  'ChargeSucceeded',
  'ChargeFailed',
  'ChargeChanged',
  'MandateChanged',
  'BankAccountVerified',
  'ChargeRefunded',
  'DisputeOpened',
  'DisputeClosed',
  'PayoutPaid',
  'PayoutFailed',
  'PayoutAccountChanged',
  'AuthorizeNetTransactionChanged',
];

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

/** Which of our two webhook endpoints an event came to: our own account's, or the connected accounts'. */
export type WebhookEndpoint = 'platform' | 'connect';

/**
 * A provider's adapter as the inbox needs it: the name its rows are stored under, and its events in
 * the product's words. The module that owns an adapter registers it (Inbox.addTranslator).
 */
export interface ProviderEventTranslator {
  readonly name: string;
  translateEvent(event: GatewayEvent): ProviderEvent | null;
}
