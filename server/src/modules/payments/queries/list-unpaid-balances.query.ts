import { Query } from '@nestjs/cqrs';
import type { UnpaidBalanceRow } from '@rentwise/libs/unpaid-balances';

/**
 * The landlord's "who owes what" (decision 0041): each current tenant of their properties whose
 * balance is above zero, with the days the oldest unpaid charge is late, largest balance first.
 */
export class ListUnpaidBalances extends Query<UnpaidBalanceRow[]> {
  constructor(
    readonly landlordUserId: string,
    /** Only these of the landlord's properties (the weekly summary leaves out those turned off); all when omitted. */
    readonly propertyIds?: readonly string[],
  ) {
    super();
  }
}
