/** Integration event: an operator turned a landlord's registration down; the rejection email is queued. */
export class LandlordRejected {
  constructor(
    readonly registrationId: string,
    readonly landlordUserId: string,
    readonly operatorUserId: string,
    readonly rejectedAt: Date,
  ) {}
}
