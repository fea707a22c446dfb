import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { cardEntrySchema, type CardEntryFormValues, type CardEntryInput } from '@rentwise/libs/schemas/card-entry.schema';

/** A card the provider accepted: only its payment method id ever reaches our API. */
export interface AcceptedCard {
  /** The provider's payment method id, or Authorize.Net's single-use nonce (its dataValue). */
  paymentMethodId: string;
  /** Authorize.Net's nonce descriptor (Accept.js's dataDescriptor); absent for Stripe and its sandbox. */
  nonceDescriptor?: string;
  brand: string;
  last4: string;
}

/**
 * What a card form reports: the accepted card, or the message to show (the provider's own words).
 * The sandbox's form stays busy while `onAccepted` works (the autopay page saves the card then).
 */
export interface CardEntryProps {
  onAccepted: (card: AcceptedCard) => void | Promise<void>;
  onRefused: (message: string) => void;
  /** The primary action's label, e.g. 'Review payment' or 'Save card'. */
  submitLabel: string;
}

/** The card fields both typed-card forms take (sandbox and Authorize.Net): libs' checks on Continue, empty to start. */
export function useCardEntryForm() {
  return useForm<CardEntryFormValues, unknown, CardEntryInput>({
    resolver: zodResolver(cardEntrySchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
}
