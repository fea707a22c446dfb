import { Query } from '@nestjs/cqrs';

/** A short-lived link to the provider's dashboard of the landlord's payout account. 409 before step 1 is done. */
export class GetPayoutDashboardLink extends Query<{ url: string }> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
