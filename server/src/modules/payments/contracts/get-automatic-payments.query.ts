import { Query } from '@nestjs/cqrs';

/**
 * Which of these rent payments autopay made (decision 0042), by their journal ids. Statements ask it
 * for the payments a month lists, to mark them; a payment made by hand is not in the answer.
 */
export class GetAutomaticPayments extends Query<Set<string>> {
  constructor(readonly paymentJournalIds: readonly string[]) {
    super();
  }
}
