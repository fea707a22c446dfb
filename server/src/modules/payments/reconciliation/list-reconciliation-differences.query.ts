import { Query } from '@nestjs/cqrs';
import type { DifferenceKind } from './reconciliation-rules';

export interface ReconciliationDifferenceView {
  differenceId: string;
  provider: string;
  connectedAccountId: string;
  kind: DifferenceKind;
  /** The journal key the difference is about, e.g. `refund:acct_.../re_...`. */
  reference: string;
  balanceTransactionId: string | null;
  ledgerTransactionId: string | null;
  providerAmountCents: number | null;
  ledgerAmountCents: number | null;
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
