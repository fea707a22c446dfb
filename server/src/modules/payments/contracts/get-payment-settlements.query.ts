import { Query } from '@nestjs/cqrs';
import type { TransactionSettlement } from '@rentwise/libs/transactions-export';

/**
 * Where the money of each of these journals of a landlord stands, by journal id: how the payment it
 * is about was paid, when a bank payment settled, and the payout (deposit) it arrived in. Statements
 * ask it a page of the transactions export at a time; a journal of another landlord has no entry.
 */
export class GetPaymentSettlements extends Query<Map<string, TransactionSettlement>> {
  constructor(
    readonly landlordUserId: string,
    readonly journalIds: readonly string[],
  ) {
    super();
  }
}
