import { Query } from '@nestjs/cqrs';

/**
 * Why the bank refused each of these bank debits, by the id of the payment's journal (the one a
 * bank_debit_failed journal corrects), in words the landlord and the tenant read (libs/bank-debits).
 * Statements ask it for the failed debits a month lists; a payment not failed has no entry.
 */
export class GetBankDebitFailures extends Query<Map<string, string>> {
  constructor(readonly paymentJournalIds: readonly string[]) {
    super();
  }
}
