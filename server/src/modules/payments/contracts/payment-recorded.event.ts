/** A rent payment reached the ledger. Ids, cents and dates only. */
export class PaymentRecorded {
  constructor(
    readonly transactionId: string,
    readonly propertyId: string,
    readonly tenantUserId: string,
    readonly landlordUserId: string,
    readonly chargedCents: number,
    readonly landlordReceivesCents: number,
    readonly occurredAt: Date,
  ) {}
}
