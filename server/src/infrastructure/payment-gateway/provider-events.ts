/**
 * Provider events in the product's words. The adapter translates each provider event type into one
 * of these (or none: the event stays in the inbox as unhandled). They carry only ids: a handler
 * re-reads the provider's object and acts on its current state, never on the event's copy.
 */
export type ProviderEvent =
  | { type: 'ChargeSucceeded'; accountId: string; chargeId: string | null; paymentIntentId: string | null }
  | { type: 'ChargeFailed'; accountId: string; paymentIntentId: string }
  | { type: 'ChargeRefunded'; accountId: string; chargeId: string }
  | { type: 'DisputeOpened'; accountId: string; disputeId: string }
  | { type: 'DisputeClosed'; accountId: string; disputeId: string }
  | { type: 'PayoutPaid'; accountId: string; payoutId: string }
  | { type: 'PayoutFailed'; accountId: string; payoutId: string }
  | { type: 'PayoutAccountChanged'; accountId: string }
  /** Authorize.Net: a transaction was made, refunded or voided; it names no account. */
  | { type: 'AuthorizeNetTransactionChanged'; transactionId: string };

export type ProviderEventType = ProviderEvent['type'];

export type ProviderEventOf<Type extends ProviderEventType> = Extract<ProviderEvent, { type: Type }>;

export const PROVIDER_EVENT_TYPES: readonly ProviderEventType[] = [
  'ChargeSucceeded',
  'ChargeFailed',
  'ChargeRefunded',
  'DisputeOpened',
  'DisputeClosed',
  'PayoutPaid',
  'PayoutFailed',
  'PayoutAccountChanged',
  'AuthorizeNetTransactionChanged',
];
