import { Command } from '@nestjs/cqrs';

export interface RecordedPaymentVoided {
  /** The void's journal: a new line of the tenant's ledger. */
  voidJournalId: string;
  receiptId: string;
  amountCents: number;
}

/**
 * A landlord voids a payment they recorded, with a reason (decision 0043): a `recorded_payment_void`
 * journal naming it, the payment itself unchanged. 404 for anything but the landlord's own recorded
 * payment; 409 once it is voided.
 */
export class VoidRecordedPayment extends Command<RecordedPaymentVoided> {
  constructor(
    readonly landlordUserId: string,
    readonly receiptId: string,
    readonly reason: string,
  ) {
    super();
  }
}
