import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ListReconciliationDifferences, ReconciliationDifferenceView, ReconciliationReport } from './list-reconciliation-differences.query';

interface Row {
  id: string;
  provider: string;
  connected_account_id: string;
  kind: ReconciliationDifferenceView['kind'];
  reference: string;
  balance_transaction_id: string | null;
  ledger_transaction_id: string | null;
  provider_amount_cents: string | null;
  ledger_amount_cents: string | null;
  occurred_at: Date;
  first_found_at: Date;
  last_found_at: Date;
}

const cents = (value: string | null): number | null => (value === null ? null : Number(value));

@QueryHandler(ListReconciliationDifferences)
export class ListReconciliationDifferencesHandler implements IQueryHandler<ListReconciliationDifferences> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(): Promise<ReconciliationReport> {
    const manager = this.unitOfWork.manager;
    const [rows, [last]] = await Promise.all([
      manager.query<Row[]>(
        `SELECT * FROM payments.reconciliation_differences WHERE resolved_at IS NULL
          ORDER BY first_found_at DESC, occurred_at DESC, id LIMIT 500`,
      ),
      manager.query<{ finished_at: Date | null }[]>(`SELECT max(finished_at) AS finished_at FROM payments.reconciliation_runs`),
    ]);
    return {
      lastRunAt: last?.finished_at?.toISOString() ?? null,
      differences: rows.map((row) => ({
        differenceId: row.id,
        provider: row.provider,
        connectedAccountId: row.connected_account_id,
        kind: row.kind,
        reference: row.reference,
        balanceTransactionId: row.balance_transaction_id,
        ledgerTransactionId: row.ledger_transaction_id,
        providerAmountCents: cents(row.provider_amount_cents),
        ledgerAmountCents: cents(row.ledger_amount_cents),
        occurredAt: row.occurred_at.toISOString(),
        firstFoundAt: row.first_found_at.toISOString(),
        lastFoundAt: row.last_found_at.toISOString(),
      })),
    };
  }
}
