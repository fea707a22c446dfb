/** Integration event: an operator approved a landlord; the approval email (steps 1 and 2) is queued. */
export class LandlordApproved {
  constructor(
    readonly registrationId: string,
    readonly landlordUserId: string,
    readonly operatorUserId: string,
    readonly approvedAt: Date,
  ) {}
}
