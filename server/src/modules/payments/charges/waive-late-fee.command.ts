import { Command } from '@nestjs/cqrs';

export interface LateFeeWaived {
  /** The waiver's journal. */
  waiverJournalId: string;
  lateFeeJournalId: string;
  amountCents: number;
}

/**
 * A landlord waives a late fee of one of their tenants, with a reason: a `late_fee_waiver` journal
 * naming the fee. 404 for anyone else's fee or any other journal; 409 once it is waived.
 */
export class WaiveLateFee extends Command<LateFeeWaived> {
  constructor(
    readonly landlordUserId: string,
    readonly lateFeeJournalId: string,
    readonly reason: string,
  ) {
    super();
  }
}
