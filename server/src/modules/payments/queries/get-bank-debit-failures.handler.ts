import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { bankDebitFailureReason } from '@rentwise/libs/bank-debits';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetBankDebitFailures } from '../contracts/get-bank-debit-failures.query';

/**
 * The failed debits among the journals, each with its attempt's failure code in words (the generic
 * reason when the attempt is not there, as for a journal imported without one).
 */
@QueryHandler(GetBankDebitFailures)
export class GetBankDebitFailuresHandler implements IQueryHandler<GetBankDebitFailures> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ paymentJournalIds }: GetBankDebitFailures): Promise<Map<string, string>> {
    if (paymentJournalIds.length === 0) return new Map();
    const rows = await this.unitOfWork.manager.query<{ id: string; failure_code: string | null }[]>(
      `SELECT f.corrects_transaction_id AS id, c.failure_code
         FROM payments.ledger_transactions f
         LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = f.corrects_transaction_id
        WHERE f.corrects_transaction_id = ANY($1::uuid[]) AND f.kind = 'bank_debit_failed'`,
      [paymentJournalIds],
    );
    return new Map(rows.map((row) => [row.id, bankDebitFailureReason(row.failure_code)]));
  }
}
