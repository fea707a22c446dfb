/** A card the provider accepted: only its payment method id ever reaches our API. */
export interface AcceptedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
}

/** What a card form reports: the accepted card, or the message to show (the provider's own words). */
export interface CardEntryProps {
  onAccepted: (card: AcceptedCard) => void;
  onRefused: (message: string) => void;
  /** The primary action's label, e.g. 'Review payment'. */
  submitLabel: string;
}
