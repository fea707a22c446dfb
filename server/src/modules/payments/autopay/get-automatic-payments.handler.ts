import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetAutomaticPayments } from '../contracts/get-automatic-payments.query';
import { madeByAutopaySql } from './made-by-autopay';

/** The payments' attempts by their journal (card_payments' unique ledger_transaction_id), each checked against the autopay runs. */
@QueryHandler(GetAutomaticPayments)
export class GetAutomaticPaymentsHandler implements IQueryHandler<GetAutomaticPayments> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ paymentJournalIds }: GetAutomaticPayments): Promise<Set<string>> {
    if (paymentJournalIds.length === 0) return new Set();
    const rows = await this.unitOfWork.manager.query<{ id: string }[]>(
      `SELECT c.ledger_transaction_id AS id FROM payments.card_payments c
        WHERE c.ledger_transaction_id = ANY($1::uuid[]) AND ${madeByAutopaySql('c')}`,
      [paymentJournalIds],
    );
    return new Set(rows.map((row) => row.id));
  }
}
