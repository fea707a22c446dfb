import { Query } from '@nestjs/cqrs';
import type { Difference } from './reconciliation-rules';

/** An open difference as the operator's page shows it: the rule's finding, where and since when it was found. */
export interface ReconciliationDifferenceView extends Omit<Difference, 'occurredAt'> {
  differenceId: string;
  provider: string;
  connectedAccountId: string;
  occurredAt: string;
  firstFoundAt: string;
  lastFoundAt: string;
}

export interface ReconciliationReport {
  /** When the last run finished, for any account; null before the first. */
  lastRunAt: string | null;
  differences: ReconciliationDifferenceView[];
}

/** Open differences between the provider and the ledger, newest first. */
export class ListReconciliationDifferences extends Query<ReconciliationReport> {}
