/**
 * Integration event: a landlord signed up and awaits an operator's review. Published in process
 * after the commit: a reaction to it may be lost, so nothing that must happen may depend on it alone.
 */
export class LandlordRegistered {
  constructor(
    readonly registrationId: string,
    readonly landlordUserId: string,
    readonly submittedAt: Date,
  ) {}
}
