import { Command } from '@nestjs/cqrs';
import type { CardSetupResult } from '../gateways/payment-gateway.port';

/** A saved card as the tenant's screens show it: brand, last four and expiry. */
export interface SavedCardView {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The tenant saves the card their setup step left for autopay (decision 0042): what the provider says
 * of it is kept, never what the browser says, and only a card saved for the tenant's own customer on
 * their landlord's account for payments without them.
 */
export class SaveCard extends Command<SavedCardView> {
  constructor(
    readonly tenantUserId: string,
    readonly setup: CardSetupResult,
  ) {
    super();
  }
}
