import { Query } from '@nestjs/cqrs';
import type { PayoutStatus } from '@rentwise/libs/payout-status';

export interface PayoutAccountView {
  /** The provider's connected account id (`acct_...`): the destination of the landlord's rent. */
  accountId: string;
  /** 'active' only when the provider accepts charges and pays out; see payout-status.ts. */
  status: PayoutStatus;
  /**
   * Whether the account takes charges, as the provider last said (the landlord's return, its
   * `account.updated`, or a payment that asked and synced it); null when not known.
   */
  chargesEnabled: boolean | null;
  /** Whether the account takes bank (ACH) debits, as the provider last said; null when not known. */
  bankDebitsEnabled: boolean | null;
}

/**
 * The landlord's payout account, or null when step 1 was never started. A status of 'pending' means
 * the landlord left the provider's onboarding before giving their details. Payments ask this before charging.
 */
export class GetPayoutAccount extends Query<PayoutAccountView | null> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
