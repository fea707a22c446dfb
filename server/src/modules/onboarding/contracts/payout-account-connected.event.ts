import type { PayoutStatus } from '../../../infrastructure/payment-gateway/payout-status';

/** Integration event: a landlord finished step 1; the provider account that rent will be paid out to. */
export class PayoutAccountConnected {
  constructor(
    readonly registrationId: string,
    readonly landlordUserId: string,
    readonly accountId: string,
    readonly payoutStatus: PayoutStatus,
    readonly connectedAt: Date,
  ) {}
}
